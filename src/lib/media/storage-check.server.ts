// A check of stored files against the records: files that no record uses (originals, derivative
// folders, objects, old partial files) and records whose files are missing. Files younger than
// 24 hours that belong to an upload not yet saved to a record are left alone: the owner may still
// be filling in the form around it; nor is any file written in the last 10 minutes (a photo being
// processed before its record is saved). `npm run storage:check` prints the result; with --fix it
// removes the orphan files.
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidMediaId } from '~/lib/media/media-urls';
import type { Db } from '~/lib/platform/server/db';
import {
  findOriginal,
  galleryOriginalPath,
  galleryUploadsDir,
  storagePaths,
} from '~/lib/platform/server/storage';
import { backgroundImages, droneMedia, galleryFiles, photos, uploadedObjects, users } from '~db/schema';
import { GALLERY_UPLOAD_AGE_MS, givenUpGalleryUploads, ORPHAN_AGE_MS } from './storage-sweep.server';
import { filesOfUrl } from './stored-files.server';

export interface MissingFile {
  /** Which record, e.g. "photo 3f2a… (Lough Tay)". */
  record: string;
  /** The address or media id it names. */
  wants: string;
}

export interface StorageReport {
  /** Absolute paths of files and folders no record uses. */
  orphans: string[];
  missing: MissingFile[];
}

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

/** Gallery videos' private files that no gallery file names, partial uploads given up, and missing originals. */
async function galleryStorage(db: Db, dataDir: string, now: Date, inFlight: number) {
  const used = new Set<string>();
  const missing: MissingFile[] = [];
  for (const f of db.select().from(galleryFiles).all()) {
    for (const key of [f.originalKey, f.streamKey]) {
      if (!key?.startsWith('galleries/')) continue;
      const path = galleryOriginalPath(key, dataDir);
      used.add(path);
      if (f.status !== 'processing' && !existsSync(path))
        missing.push({ record: `gallery file ${f.id} (${f.fileName})`, wants: key });
    }
  }
  const orphans: string[] = [];
  const dir = join(storagePaths(dataDir).uploads, 'galleries');
  for (const name of await entries(dir)) {
    const path = join(dir, name);
    if (!used.has(path) && (await isOld(path, inFlight))) orphans.push(path);
  }
  orphans.push(
    ...(await givenUpGalleryUploads(galleryUploadsDir(dataDir), now.getTime() - GALLERY_UPLOAD_AGE_MS)),
  );
  return { orphans, missing };
}

/** The file a served address maps to, or null when it is not a stored file (a bundled image). */
function fileOfUrl(url: string, dataDir: string): string | null {
  const { mediaIds, objectIds } = filesOfUrl(url);
  const paths = storagePaths(dataDir);
  if (objectIds?.[0]) return join(paths.objects, objectIds[0]);
  const rest = /^\/media\/[A-Za-z0-9_-]{8,64}\/([A-Za-z0-9.]+)$/.exec(url)?.[1];
  if (mediaIds?.[0] && rest) return join(paths.media, mediaIds[0], rest);
  return null;
}

async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [] as string[]);
}

async function isOld(path: string, cutoffMs: number): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  return info !== null && info.mtimeMs < cutoffMs;
}

const IN_FLIGHT_MS = 10 * 60 * 1000;

export async function checkStorage(db: Db, dataDir: string, now = new Date()): Promise<StorageReport> {
  const cutoff = now.getTime() - ORPHAN_AGE_MS;
  const inFlight = now.getTime() - IN_FLIGHT_MS;
  const records = recordFiles(db);
  const usedMedia = new Set<string>();
  const usedObjects = new Set<string>();
  const missing: MissingFile[] = [];
  for (const r of records) {
    const refs = filesOfUrl(r.url);
    for (const id of [r.mediaId, ...(refs.mediaIds ?? [])]) if (id) usedMedia.add(id);
    for (const id of refs.objectIds ?? []) if (id) usedObjects.add(id);
    const file = r.url ? fileOfUrl(r.url, dataDir) : null;
    if (file && !existsSync(file)) missing.push({ record: r.record, wants: r.url as string });
    if (r.needsOriginal && r.mediaId && isValidMediaId(r.mediaId) && !findOriginal(r.mediaId, dataDir)) {
      missing.push({ record: r.record, wants: `the original of media ${r.mediaId}` });
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

  const paths = storagePaths(dataDir);
  const candidates: string[] = [];
  for (const name of await entries(paths.originals)) {
    if (!keepMedia(name.replace(/\.[a-z]+$/, ''))) candidates.push(join(paths.originals, name));
  }
  for (const id of await entries(paths.media)) {
    if (!keepMedia(id)) candidates.push(join(paths.media, id));
  }
  for (const id of await entries(paths.objects)) {
    if (!usedObjects.has(id) && !pendingObjects.has(id)) candidates.push(join(paths.objects, id));
  }
  const orphans: string[] = [];
  for (const path of candidates) if (await isOld(path, inFlight)) orphans.push(path);
  for (const name of await entries(paths.tmp)) {
    const path = join(paths.tmp, name);
    if (await isOld(path, cutoff)) orphans.push(path);
  }
  const gallery = await galleryStorage(db, dataDir, now, inFlight);
  return { orphans: [...orphans, ...gallery.orphans], missing: [...missing, ...gallery.missing] };
}

/** Removes the orphan files and folders of a report; returns how many. */
export async function removeOrphans(report: StorageReport): Promise<number> {
  for (const path of report.orphans) await rm(path, { recursive: true, force: true });
  return report.orphans.length;
}
