// Uploads nobody kept. An upload is granted and sent before the record that uses it is saved, so a
// closed tab, a failed save or a crash mid-upload leaves files behind. The sweep removes, once they
// are older than 24 hours:
//  - uploads granted but never finished (still 'uploading'), with anything they wrote;
//  - uploads finished but never saved to a record: no photo, drone sample, background or bio
//    picture uses their media id or their object;
//  - files left in uploads/tmp/ (partial writes);
//  - gallery uploads (tus) given up: not continued for 7 days, since a closed laptop may resume later.
// Stored objects are removed through the store (on the local driver or in the S3 bucket); partial
// writes are always on this machine's disk, under UPLOADS_DIR/tmp; gallery uploads in progress are
// where resumable-uploads.ts keeps them (UPLOADS_DIR/tus, or tus/ in the bucket).
// Anything a record uses, and anything younger than 24 hours, is kept. It runs at start and then
// every hour; the timer never keeps the process alive, and stopping waits for a running sweep.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, lt } from 'drizzle-orm';
import { isValidMediaId } from '~/lib/media/media-urls';
import type { Db } from '~/lib/platform/server/db';
import { registerInstance } from '~/lib/platform/server/instances';
import { getLog } from '~/lib/platform/server/log';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { sweepResumableUploads } from '~/lib/platform/server/storage/resumable-uploads';
import { objectKey, storagePaths } from '~/lib/platform/server/storage/storage';
import { uploadedObjects } from '~db/schema';
import { isMediaInUse, isObjectInUse, releaseFiles } from './stored-files.server';

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** A partial gallery upload may be resumed days later (a closed laptop); after a week it is given up. */
export const GALLERY_UPLOAD_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface SweepReport {
  /** Uploads granted but never finished. */
  unfinished: number;
  /** Uploads finished but never saved to a record. */
  unsaved: number;
  /** Files left in uploads/tmp/. */
  tmpFiles: number;
  /** Gallery uploads not continued for a week. */
  galleryUploads: number;
}

/** Removes what was uploaded more than 24 hours before `now` and that no record uses. */
export async function sweepStorage(db: Db, now = new Date()): Promise<SweepReport> {
  const cutoff = new Date(now.getTime() - ORPHAN_AGE_MS);
  const report: SweepReport = { unfinished: 0, unsaved: 0, tmpFiles: 0, galleryUploads: 0 };

  const unfinished = db
    .select()
    .from(uploadedObjects)
    .where(and(eq(uploadedObjects.status, 'uploading'), lt(uploadedObjects.createdAt, cutoff)))
    .all();
  for (const row of unfinished) {
    db.delete(uploadedObjects).where(eq(uploadedObjects.id, row.id)).run();
    if (isValidMediaId(row.id)) await getStorage().delete(objectKey(row.id));
    if (row.mediaId) await releaseFiles(db, { mediaIds: [row.mediaId] });
    report.unfinished++;
  }

  const finished = db
    .select()
    .from(uploadedObjects)
    .where(and(eq(uploadedObjects.status, 'ready'), lt(uploadedObjects.createdAt, cutoff)))
    .all();
  for (const row of finished) {
    if (isObjectInUse(db, row.id) || (row.mediaId && isMediaInUse(db, row.mediaId))) continue;
    // An image upload is its media id's files; a video is its object (and its poster's media id).
    await releaseFiles(db, { objectIds: [row.id], mediaIds: [row.mediaId] });
    db.delete(uploadedObjects).where(eq(uploadedObjects.id, row.id)).run();
    report.unsaved++;
  }

  report.tmpFiles = await removeOldFiles(storagePaths().tmp, cutoff.getTime());
  report.galleryUploads = await sweepResumableUploads(now.getTime() - GALLERY_UPLOAD_AGE_MS);
  return report;
}

/** Removes the entries of a folder last changed before `cutoffMs`; returns how many. */
async function removeOldFiles(dir: string, cutoffMs: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info || info.mtimeMs >= cutoffMs) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

registerInstance('storage sweep', import.meta.url);

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

function logReport(report: SweepReport): void {
  const { unfinished, unsaved, tmpFiles, galleryUploads } = report;
  if (unfinished + unsaved + tmpFiles + galleryUploads === 0) return;
  getLog().info(
    `Storage sweep: removed ${unfinished} unfinished uploads, ${unsaved} uploads never saved to a record and ${tmpFiles} partial files (all over 24 hours old), and ${galleryUploads} gallery uploads not continued for a week.`,
  );
}

/** Sweeps now (at start) and then every hour; the timer never keeps the process alive. */
export function startStorageSweep(db: Db, everyMs = HOUR_MS): void {
  if (timer) return;
  const run = () => {
    if (running) return;
    running = sweepStorage(db)
      .then(logReport)
      .catch((err) => getLog().error({ err }, 'The storage sweep failed.'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  timer = setInterval(run, everyMs);
  timer.unref();
}

/** Stops the hourly sweep and waits for one that is running to finish. */
export async function stopStorageSweep(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
