// When a stored object was last written, for the storage check's grace periods (a photo being
// processed is written before its record is saved, so a young file is never called an orphan).
// The driver's list and head answer key, size and ETag only: on the local driver the time is the
// file's mtime (as the check always read it), on S3 the object's Last-Modified, asked for with one
// HEAD per object the check is about to call an orphan (a handful, never the whole bucket).
import { stat } from 'node:fs/promises';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getConfig } from '~/lib/platform/server/config';
import type { StorageDriver } from '~/lib/platform/server/storage/storage-driver';
import { s3Client } from '~/lib/platform/server/storage/storage-s3';

let client: { bucket: string; endpoint: string | undefined; client: S3Client } | undefined;

function bucketClient(): { bucket: string; client: S3Client } {
  const { storage } = getConfig();
  if (storage.driver !== 's3') throw new Error('The store is not an S3 bucket.');
  const { bucket, endpoint } = storage.s3;
  if (client?.bucket !== bucket || client.endpoint !== endpoint) {
    client = { bucket, endpoint, client: s3Client(storage.s3) };
  }
  return client;
}

/** The time (ms) an object or a local folder was last written, or null when it is gone. */
export async function modifiedMs(store: StorageDriver, key: string): Promise<number | null> {
  const path = store.localPath(key);
  if (path) return (await stat(path).catch(() => null))?.mtimeMs ?? null;
  const { bucket, client: s3 } = bucketClient();
  try {
    const answer = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return answer.LastModified?.getTime() ?? null;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw new Error(`Could not look up "${key}" in the S3 bucket "${bucket}".`);
  }
}
