// Where uploads in progress over tus (https://tus.io) wait until they are complete. A tus upload
// resumes after a dropped connection, a closed laptop or a restart, so its bytes and its progress
// must outlive the process:
// - STORAGE=local: files in UPLOADS_DIR/tus/ (@tus/file-store), each {id} with its record {id}.json;
// - STORAGE=s3: in the bucket itself (@tus/s3-store). An upload is a multipart upload under the key
//   tus/{id}, with its record in tus/{id}.info and a last piece under 5 MiB in tus/{id}.part. Once
//   complete it is the one object tus/{id}, which its feature then moves, inside the bucket, to the
//   key it keeps it under. So a 50 GB delivery never needs 50 GB free on this machine: it holds one
//   part of 8 MiB at a time (in the system's temp folder) on its way to the bucket.
// Uploads not continued for a while are removed by sweepResumableUploads, on both stores.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type MultipartUpload,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import { getConfig } from '../config';
import { galleryUploadsDir, TUS_PREFIX } from './storage';

export { TUS_PREFIX };

import { s3ClientConfig } from './storage-s3';

/** Parts of at most this many at once per upload: each one is a file of 8 MiB in the temp folder. */
const PARTS_AT_ONCE = 4;

export interface ResumableStore {
  datastore: DataStore;
  /** What an upload's id starts with in the store: '' on disk, 'tus/' in the bucket. */
  idPrefix: string;
  /** Where the bytes wait: files on this machine, or the bucket. */
  kind: 'local' | 's3';
}

let current: { id: string; store: ResumableStore } | undefined;

/** The one tus store of this process, for the store the config names (one cache and one set of files). */
export function resumableStore(): ResumableStore {
  const config = getConfig();
  const { storage } = config;
  if (storage.driver === 's3') {
    const id = `s3 ${storage.s3.endpoint ?? 'aws'} ${storage.s3.bucket}`;
    if (current?.id !== id) {
      const datastore = new S3Store({
        s3ClientConfig: { bucket: storage.s3.bucket, ...s3ClientConfig(storage.s3) },
        maxConcurrentPartUploads: PARTS_AT_ONCE,
        // Object tags are for AWS lifecycle rules; Cloudflare R2 and others refuse them. Uploads
        // given up are removed by the sweep instead.
        useTags: false,
      });
      current = { id, store: { datastore, idPrefix: TUS_PREFIX, kind: 's3' } };
    }
    return current.store;
  }
  const directory = galleryUploadsDir();
  const id = `local ${directory}`;
  if (current?.id !== id)
    current = { id, store: { datastore: new FileStore({ directory }), idPrefix: '', kind: 'local' } };
  return current.store;
}

/** Removes what a complete upload leaves beside its data once that has been moved away (its record). */
export async function forgetCompleteUpload(storeId: string, localPath: string | null): Promise<void> {
  if (localPath) {
    await rm(`${localPath}.json`, { force: true });
    return;
  }
  await deleteKeys(s3(), [`${storeId}.info`, `${storeId}.part`]);
}

function s3() {
  const { storage } = getConfig();
  if (storage.driver !== 's3') throw new Error('The store is not S3.');
  return { client: new S3Client(s3ClientConfig(storage.s3)), Bucket: storage.s3.bucket };
}

async function deleteKeys({ client, Bucket }: ReturnType<typeof s3>, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
}

/**
 * The files of uploads on disk last written to before `cutoffMs`: each upload's data file and its
 * .json record of progress, judged by the data file (the record is written once, at the start).
 */
export async function givenUpLocalUploads(dir: string, cutoffMs: number): Promise<string[]> {
  const names = new Set(await readdir(dir).catch(() => [] as string[]));
  const out: string[] = [];
  for (const name of names) {
    const data = name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
    // A record whose data file is still there is judged with it.
    if (data !== name && names.has(data)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (!info || info.mtimeMs >= cutoffMs) continue;
    out.push(join(dir, name));
    if (data === name && names.has(`${name}.json`)) out.push(join(dir, `${name}.json`));
  }
  return out;
}

/**
 * The uploads in the bucket last continued before `cutoffMs`, by their key tus/{id}: the newest of
 * their objects (record, last piece, or the complete upload never moved away), their parts, and
 * the start of their multipart upload.
 */
async function givenUpBucketUploads(cutoffMs: number) {
  const bucket = s3();
  const { client, Bucket } = bucket;
  const latest = new Map<string, number>();
  const seen = (key: string, when: Date | undefined) => {
    const t = when?.getTime() ?? 0;
    latest.set(key, Math.max(latest.get(key) ?? 0, t));
  };
  for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: TUS_PREFIX })) {
    for (const o of page.Contents ?? []) if (o.Key) seen(o.Key.replace(/\.(info|part)$/, ''), o.LastModified);
  }
  for await (const u of multipartUploads(bucket, TUS_PREFIX)) {
    if (!u.Key || !u.UploadId) continue;
    seen(u.Key, u.Initiated);
    let PartNumberMarker: string | undefined;
    do {
      const parts = await client.send(
        new ListPartsCommand({ Bucket, Key: u.Key, UploadId: u.UploadId, PartNumberMarker }),
      );
      for (const p of parts.Parts ?? []) seen(u.Key, p.LastModified);
      // Not the SDK's paginator: it follows NextPartNumberMarker, which S3 sends on the last page too.
      PartNumberMarker = parts.IsTruncated ? parts.NextPartNumberMarker : undefined;
    } while (PartNumberMarker);
  }
  return [...latest].filter(([, t]) => t < cutoffMs).map(([key]) => key);
}

/** The multipart uploads in progress under a prefix, page after page (the SDK has no paginator for them). */
async function* multipartUploads(
  bucket: ReturnType<typeof s3>,
  Prefix: string,
): AsyncGenerator<MultipartUpload> {
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  do {
    const page = await bucket.client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket.Bucket, Prefix, KeyMarker, UploadIdMarker }),
    );
    yield* page.Uploads ?? [];
    KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    UploadIdMarker = page.NextUploadIdMarker;
  } while (KeyMarker);
}

/** Removes an upload from the bucket whatever state it is in: its multipart upload, record, last piece and object. */
export async function removeBucketUpload(key: string): Promise<void> {
  if (!key.startsWith(TUS_PREFIX)) throw new RangeError(`"${key}" is not an upload in progress.`);
  const bucket = s3();
  for await (const u of multipartUploads(bucket, key)) {
    if (u.Key !== key) continue;
    await bucket.client.send(
      new AbortMultipartUploadCommand({ Bucket: bucket.Bucket, Key: key, UploadId: u.UploadId }),
    );
  }
  await deleteKeys(bucket, [key, `${key}.info`, `${key}.part`]);
}

/** Removes the uploads in progress not continued since `cutoffMs`, on this machine or in the bucket; returns how many. */
export async function sweepResumableUploads(cutoffMs: number): Promise<number> {
  if (getConfig().storage.driver !== 's3') {
    const givenUp = await givenUpLocalUploads(galleryUploadsDir(), cutoffMs);
    for (const path of givenUp) await rm(path, { force: true });
    return givenUp.filter((p) => !p.endsWith('.json')).length;
  }
  const keys = await givenUpBucketUploads(cutoffMs);
  for (const key of keys) await removeBucketUpload(key);
  return keys.length;
}

/** The uploads in progress not continued since `cutoffMs`, as keys (tus/…), for the storage check. */
export async function givenUpResumableUploads(
  cutoffMs: number,
  dataDir?: string,
): Promise<{ key: string; path: string | null }[]> {
  if (getConfig().storage.driver !== 's3') {
    const dir = galleryUploadsDir(dataDir);
    return (await givenUpLocalUploads(dir, cutoffMs)).map((path) => ({
      key: `${TUS_PREFIX}${path.slice(dir.length + 1)}`,
      path,
    }));
  }
  return (await givenUpBucketUploads(cutoffMs)).map((key) => ({ key, path: null }));
}
