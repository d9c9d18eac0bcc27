// A check of stored objects against the records: objects that no record uses (originals,
// derivatives public and private, objects, gallery files), old partial files, and records whose
// objects are missing.
// Objects younger than 24 hours that belong to an upload not yet saved to a record are left alone:
// the owner may still be filling in the form around it; nor is any object written in the last 10
// minutes (a photo being processed before its record is saved). It reads the store by key
// (getStorage().list), so it works the same on the local driver and on an S3 bucket; partial
// writes (tmp/) are always on this machine's disk, gallery uploads in progress (tus/) on this
// machine's disk or in the bucket, as the store (see resumable-uploads.ts).
// `npm run storage:check` prints the result; with --fix it removes the orphans.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidMediaId } from '~/lib/media/media-urls';
import type { Db } from '~/lib/platform/server/db';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import {
  givenUpResumableUploads,
  removeBucketUpload,
  TUS_PREFIX,
} from '~/lib/platform/server/storage/resumable-uploads';
import { ORIGINAL_EXTENSIONS, PRIVATE_MEDIA_ROOT, storagePaths } from '~/lib/platform/server/storage/storage';
import type { StorageDriver } from '~/lib/platform/server/storage/storage-driver';
import { backgroundImages, droneMedia, galleryFiles, photos, uploadedObjects, users } from '~db/schema';
import { GALLERY_UPLOAD_AGE_MS, ORPHAN_AGE_MS } from './storage-sweep.server';
import { modifiedMs } from './stored-age.server';
import { filesOfUrl } from './stored-files.server';

export interface MissingFile {
  /** Which record, e.g. "photo 3f2a… (Lough Tay)". */
  record: string;
  /** The address, media id or key it names. */
  wants: string;
}

export interface Orphan {
  /**
   * The store key (a photo's derivatives as one: media/{id}/, or galleries/media/{id}/ for a
   * gallery's private ones), or for a partial file on this
   * machine its place under the media folder (tmp/…, tus/…).
   */
  key: string;
  /** Where it is on this machine's disk; null for an object in the S3 bucket. */
  path: string | null;
}

export interface StorageReport {
  orphans: Orphan[];
  missing: MissingFile[];
}

/** Young objects may be a photo being processed before its record is saved. */
export const IN_FLIGHT_MS = 10 * 60 * 1000;

interface RecordFiles {
  record: string;
  url: string | null;
  mediaId: string | null;
  /** Photos need their original (prints are made from it); other records need only what they show. */
  needsOriginal: boolean;
}

function recordFiles(db: Db): RecordFiles[] {
  const out: RecordFiles[] = [];
  for (const p of db.select().from(photos).all()) {
    out.push({
      record: `photo ${p.id} (${p.title})`,
      url: p.imageUrl,
      mediaId: p.mediaId,
      needsOriginal: true,
    });
  }
  for (const d of db.select().from(droneMedia).all()) {
    out.push({ record: `drone ${d.type} ${d.id}`, url: d.url, mediaId: d.mediaId, needsOriginal: false });
  }
  for (const b of db.select().from(backgroundImages).all()) {
    out.push({
      record: `background ${b.section} ${b.id}`,
      url: b.imageUrl,
      mediaId: b.mediaId,
      needsOriginal: false,
    });
  }
  for (const u of db.select().from(users).all()) {
    if (u.bioPictureUrl) {
      out.push({
        record: `bio picture of ${u.email}`,
        url: u.bioPictureUrl,
        mediaId: null,
        needsOriginal: false,
      });
    }
  }
  for (const f of db.select().from(galleryFiles).all()) {
    out.push({
      record: `gallery file ${f.id} (${f.fileName})`,
      url: null,
      mediaId: f.mediaId,
      // A gallery photo's original is the one the client downloads.
      needsOriginal: f.kind === 'photo' && f.status === 'ready',
    });
  }
  return out;
}

/** Every key under a prefix of the store. */
async function keysUnder(store: StorageDriver, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys;
}

/** The store key a served address names, or null when it is not a stored object (a bundled image). */
function keyOfUrl(url: string): string | null {
  const { mediaIds, objectIds } = filesOfUrl(url);
  if (objectIds?.[0]) return `objects/${objectIds[0]}`;
  const rest = /^\/media\/[A-Za-z0-9_-]{8,64}\/([A-Za-z0-9.]+)$/.exec(url)?.[1];
  if (mediaIds?.[0] && rest) return `media/${mediaIds[0]}/${rest}`;
  return null;
}

/** The orphan entry of a key: its file on the local driver, the key alone on S3. */
function storedOrphan(store: StorageDriver, key: string): Orphan {
  return { key, path: store.localPath(key.replace(/\/$/, '')) };
}

/**
 * Whether an orphan candidate was last written before the cutoff: a local file or folder by its
 * mtime (a derivative folder changes when a width is added), an S3 object by its Last-Modified,
 * a photo's derivatives on S3 by the newest of them.
 */
async function writtenBefore(store: StorageDriver, key: string, members: string[], cutoffMs: number) {
  const times = store.localPath(key.replace(/\/$/, '')) ? [key.replace(/\/$/, '')] : members;
  for (const member of times) {
    const ms = await modifiedMs(store, member);
    if (ms === null || ms >= cutoffMs) return false;
  }
  return true;
}

/**
 * Gallery files no gallery file names, partial uploads given up, and missing gallery files. The
 * private derivatives under galleries/media/ are a photo's, checked with the others by media id.
 */
async function galleryStorage(db: Db, store: StorageDriver, dataDir: string, now: Date, inFlight: number) {
  const keys = await keysUnder(store, 'galleries/');
  const stored = new Set(keys.filter((key) => !key.startsWith(PRIVATE_MEDIA_ROOT)));
  const used = new Set<string>();
  const missing: MissingFile[] = [];
  for (const f of db.select().from(galleryFiles).all()) {
    for (const key of [f.originalKey, f.streamKey]) {
      if (!key?.startsWith('galleries/')) continue;
      used.add(key);
      if (f.status !== 'processing' && !stored.has(key))
        missing.push({ record: `gallery file ${f.id} (${f.fileName})`, wants: key });
    }
  }
  const orphans: Orphan[] = [];
  for (const key of stored) {
    if (!used.has(key) && (await writtenBefore(store, key, [key], inFlight)))
      orphans.push(storedOrphan(store, key));
  }
  orphans.push(...(await givenUpResumableUploads(now.getTime() - GALLERY_UPLOAD_AGE_MS, dataDir)));
  return { orphans, missing };
}

/** Partial writes in tmp/ (always on this machine) last changed before the cutoff. */
async function oldTmpFiles(dataDir: string, cutoffMs: number): Promise<Orphan[]> {
  const dir = storagePaths(dataDir).tmp;
  const out: Orphan[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoffMs) out.push({ key: `tmp/${name}`, path });
  }
  return out;
}

export async function checkStorage(db: Db, dataDir: string, now = new Date()): Promise<StorageReport> {
  const store = getStorage();
  const cutoff = now.getTime() - ORPHAN_AGE_MS;
  const inFlight = now.getTime() - IN_FLIGHT_MS;
  const [originals, media, privateMedia, objects] = await Promise.all([
    keysUnder(store, 'originals/'),
    keysUnder(store, 'media/'),
    keysUnder(store, PRIVATE_MEDIA_ROOT),
    keysUnder(store, 'objects/'),
  ]);
  const stored = new Set([...originals, ...media, ...objects]);
  const usedMedia = new Set<string>();
  const usedObjects = new Set<string>();
  const missing: MissingFile[] = [];
  for (const r of recordFiles(db)) {
    const refs = filesOfUrl(r.url);
    for (const id of [r.mediaId, ...(refs.mediaIds ?? [])]) if (id) usedMedia.add(id);
    for (const id of refs.objectIds ?? []) if (id) usedObjects.add(id);
    const key = r.url ? keyOfUrl(r.url) : null;
    if (key && !stored.has(key)) missing.push({ record: r.record, wants: r.url as string });
    const mediaId = r.mediaId;
    if (
      r.needsOriginal &&
      mediaId &&
      isValidMediaId(mediaId) &&
      !ORIGINAL_EXTENSIONS.some((ext) => stored.has(`originals/${mediaId}.${ext}`))
    ) {
      missing.push({ record: r.record, wants: `the original of media ${mediaId}` });
    }
  }
  // A used object's poster frame is used with it; a young upload is still waiting for its record.
  const pendingMedia = new Set<string>();
  const pendingObjects = new Set<string>();
  for (const u of db.select().from(uploadedObjects).all()) {
    if (usedObjects.has(u.id) && u.mediaId) usedMedia.add(u.mediaId);
    if (u.createdAt.getTime() >= cutoff) {
      pendingObjects.add(u.id);
      if (u.mediaId) pendingMedia.add(u.mediaId);
    }
  }
  const keepMedia = (id: string) => usedMedia.has(id) || pendingMedia.has(id);

  // Candidates, each with the objects it stands for: a photo's derivatives go together.
  const candidates = new Map<string, string[]>();
  for (const key of originals) {
    const name = key.slice('originals/'.length);
    if (!keepMedia(name.replace(/\.[a-z]+$/, ''))) candidates.set(key, [key]);
  }
  for (const [root, keys] of [
    ['media/', media],
    [PRIVATE_MEDIA_ROOT, privateMedia],
  ] as const) {
    for (const key of keys) {
      const id = key.slice(root.length).split('/')[0] as string;
      if (keepMedia(id)) continue;
      const folder = `${root}${id}/`;
      candidates.set(folder, [...(candidates.get(folder) ?? []), key]);
    }
  }
  for (const key of objects) {
    const id = key.slice('objects/'.length);
    if (!usedObjects.has(id) && !pendingObjects.has(id)) candidates.set(key, [key]);
  }
  const orphans: Orphan[] = [];
  for (const [key, members] of candidates) {
    if (await writtenBefore(store, key, members, inFlight)) orphans.push(storedOrphan(store, key));
  }
  orphans.push(...(await oldTmpFiles(dataDir, cutoff)));
  const gallery = await galleryStorage(db, store, dataDir, now, inFlight);
  return { orphans: [...orphans, ...gallery.orphans], missing: [...missing, ...gallery.missing] };
}

/**
 * Removes the orphans of a report; returns how many. A file or folder on this machine is removed
 * from the disk (a photo's derivative folder whole); an object in the bucket through the store,
 * a photo's derivatives key by key.
 */
export async function removeOrphans(report: StorageReport): Promise<number> {
  const store = getStorage();
  for (const orphan of report.orphans) {
    if (orphan.path) await rm(orphan.path, { recursive: true, force: true });
    else if (orphan.key.startsWith(TUS_PREFIX)) await removeBucketUpload(orphan.key);
    else if (orphan.key.endsWith('/')) {
      for (const key of await keysUnder(store, orphan.key)) await store.delete(key);
    } else await store.delete(orphan.key);
  }
  return report.orphans.length;
}
