// A real S3 API server for tests: s3rver on 127.0.0.1 (a free port), its data in a fresh temp
// folder removed at stop, with one bucket already made. It runs in a child process
// (s3rver-process.mjs says why). Where it does not behave like S3 (checked against s3rver 3.7.1;
// tests must not lean on any of these):
// - the ETag of a multipart upload is the MD5 of the whole object, without S3's "-<parts>" suffix;
// - it does not verify V4 signatures, presigned URLs included: a known access key is enough, so an
//   expired or tampered presigned URL still works;
// - it lists keys folder by folder, so "a/x" comes before "a-b/x" and "a.txt", where S3 sorts
//   keys by their bytes ("-" and "." sort before "/").
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { type S3Settings, s3Client } from '~/lib/platform/server/storage/storage-s3';
import { runFolder } from './run-folder';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  settings: S3Settings;
  /**
   * A bucket's public address as the README asks a CDN to give it: `{bucket}/media/…` and
   * `{bucket}/objects/…` only (s3rver itself answers every key to anyone).
   */
  publicUrl(bucket: string): string;
  /** Makes one more empty bucket on the same server; answers its name. */
  makeBucket(): Promise<string>;
  stop(): Promise<void>;
}

const newBucketName = () => `wicklow-test-${randomBytes(6).toString('hex')}`;

const SCRIPT = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

export async function startS3rver(): Promise<TestS3> {
  const directory = await mkdtemp(join(runFolder(), 's3rver-'));
  const bucket = newBucketName();
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SCRIPT, directory, bucket], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const [port, cdnPort] = await new Promise<[number, number]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 10_000);
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.stdout.on('data', (d) => {
      output += d;
      const m = /\{"port":(\d+),"cdn":(\d+)\}/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve([Number(m[1]), Number(m[2])]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}:\n${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    endpoint,
    bucket,
    settings,
    publicUrl: (name) => `http://127.0.0.1:${cdnPort}/${name}`,
    async makeBucket() {
      const name = newBucketName();
      await s3Client(settings).send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async stop() {
      child.stdin.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
