// A photo's derivatives moved from the public prefix (media/{id}/) to the private one
// (galleries/media/{id}/): for a client gallery's photo that an earlier version processed as if it
// were the portfolio's, so that nothing of it stays at a public address. Each derivative is first
// written whole at its private key, and only then removed from its public one: a move stopped at
// any moment leaves each derivative in one place or in both, never in neither, and running it
// again finishes it. On this machine each file is renamed; on S3 it is copied inside the bucket,
// without the public cache header, and then deleted (the store's move).
import { rmdir } from 'node:fs/promises';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { mediaPrefix } from '~/lib/platform/server/storage/storage';
import { StorageNotFound } from '~/lib/platform/server/storage/storage-driver';
import { MEDIA_CONTENT_TYPES, type MediaFormat } from '~/lib/platform/shared/media-keys';
import { makePrivateRoot } from './images.server';

/** Whether an error says the object to move is gone (its photo deleted meanwhile). */
const gone = (err: unknown) =>
  err instanceof StorageNotFound || (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Moves one object to its private key (see the top of this file); false when it was gone. */
async function moveOne(from: string, to: string): Promise<boolean> {
  try {
    await moveNow(from, to);
    return true;
  } catch (err) {
    if (gone(err)) return false;
    throw err;
  }
}

async function moveNow(from: string, to: string): Promise<void> {
  const contentType = MEDIA_CONTENT_TYPES[from.slice(from.lastIndexOf('.') + 1) as MediaFormat];
  await getStorage().move(from, to, contentType ? { contentType } : undefined);
}

/**
 * Moves every public derivative of this media id to its private key; answers how many it moved
 * (0 when there were none, as after a finished move).
 */
export async function makeDerivativesPrivate(mediaId: string): Promise<number> {
  const store = getStorage();
  const [publicPrefix, privatePrefix] = [mediaPrefix(mediaId), mediaPrefix(mediaId, 'private')];
  const keys: string[] = [];
  for await (const object of store.list(publicPrefix)) keys.push(object.key);
  if (keys.length === 0) return 0;
  await makePrivateRoot();
  let moved = 0;
  for (const key of keys) {
    if (await moveOne(key, privatePrefix + key.slice(publicPrefix.length))) moved++;
  }
  // The emptied public folder on this machine (left alone if anything new arrived in it).
  const folder = store.localPath(publicPrefix.slice(0, -1));
  if (folder) await rmdir(folder).catch(() => {});
  return moved;
}
