// Copies a gallery delivers that cost an encode (a photo's web-size download, a viewing copy with
// the watermark) are made once, on the first request that needs one, and kept in the store at a
// private key beside the photo's derivatives (keptCopyKey: galleries/media/{mediaId}/…). Requests
// arriving while a copy is being made wait for that one encode instead of starting their own; after
// it, a HEAD, a byte range or a whole download reads the kept object and never decodes the photo.
// Kept copies go with the photo's derivatives: deleted with them (deleteMedia removes the whole
// folder) and counted with them by the storage check, which groups galleries/media/{mediaId}/.
// A copy's key names the version of the settings it was made with: when they change, the next
// request makes a copy under the new key and the copies of the old version are removed.
import { createHash } from 'node:crypto';
import { makePrivateRoot } from '~/lib/media/images.server';
import { getLog } from '~/lib/platform/server/log';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { type StoredFile, storedAt } from './gallery-store.server';

/** A kept copy: where it is, and its bytes when this call has just made it. */
export interface KeptCopy {
  stored: StoredFile;
  bytes: Buffer | null;
}

/** A short name for a copy's settings: any change of them gives new keys. */
export function settingsVersion(settings: unknown): string {
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 12);
}

/** Copies being made, by key: a request that finds one waits for it. */
const making = new Map<string, Promise<KeptCopy | null>>();

/**
 * The copy kept under `key`, made by `make` (and stored) when there is none yet; null when `make`
 * has nothing to make it from. At most one `make` runs per key at a time.
 */
export async function keptCopy(
  key: string,
  make: () => Promise<Buffer | null>,
  contentType = 'image/jpeg',
): Promise<KeptCopy | null> {
  const found = await storedAt(key);
  if (found) return { stored: found, bytes: null };
  let pending = making.get(key);
  if (!pending) {
    pending = makeAndKeep(key, make, contentType).finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}

async function makeAndKeep(
  key: string,
  make: () => Promise<Buffer | null>,
  contentType: string,
): Promise<KeptCopy | null> {
  // Made by a request that finished between this one's look and now.
  const found = await storedAt(key);
  if (found) return { stored: found, bytes: null };
  const bytes = await make();
  if (!bytes) return null;
  const store = getStorage();
  await makePrivateRoot();
  await store.put(key, bytes, { contentType });
  await removeOtherVersions(key).catch((err) =>
    getLog().warn({ err, key }, 'Older kept copies of a gallery photo could not be removed.'),
  );
  return { stored: { key, path: store.localPath(key), size: bytes.length }, bytes };
}

const NAME = /^(.*\/)([a-z]+)-(\d+)-([a-z0-9]+)\.jpg$/;

/** Removes the copies of the same kind made with other settings (an older version). */
async function removeOtherVersions(key: string): Promise<void> {
  const [, folder, kind, , version] = NAME.exec(key) ?? [];
  if (!folder) return;
  const store = getStorage();
  const stale: string[] = [];
  for await (const object of store.list(folder)) {
    const m = NAME.exec(object.key);
    if (m && m[2] === kind && m[4] !== version) stale.push(object.key);
  }
  for (const old of stale) await store.delete(old);
}
