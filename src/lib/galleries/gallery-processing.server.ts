// What happens to a file once its upload is complete. It is recognised by its first bytes, moved to
// its private key galleries/{fileId}.{ext} in the store (never served as it is: renamed into
// UPLOADS_DIR on this machine, copied inside the bucket on S3, where the upload already is) and recorded as a gallery file; then,
// one file at a time in the background, working on the stored file itself on this machine or on a
// copy in tmp/ on S3 (withLocalCopy):
// - a photo goes through the portfolio's image module: oriented, WebP/JPEG derivatives at once and
//   AVIF in the media queue, metadata stripped from everything viewed; its derivatives are private
//   (galleries/media/, see gallery-media.server.ts), never under the portfolio's public media/;
// - a video gets a poster frame (private derivatives too) and a streamable copy (metadata removed,
//   faststart), the original kept untouched beside it;
// - a file that cannot be read gets its own error in words, and the next file is processed as usual.
// Files still "processing" when the server stopped are processed again at the next start.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, open, rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { detectFileType, SNIFF_BYTES } from '~/lib/media/file-types.server';
import { processPhoto } from '~/lib/media/images.server';
import { enqueueAvif } from '~/lib/media/media-jobs.server';
import { releaseFiles } from '~/lib/media/stored-files.server';
import { processVideo, videoExt } from '~/lib/media/video/process-video.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { getStorage, withLocalCopy } from '~/lib/platform/server/storage/object-store';
import { forgetCompleteUpload } from '~/lib/platform/server/storage/resumable-uploads';
import { galleryFileKey, tmpPath } from '~/lib/platform/server/storage/storage';
import { CONTROL_CHARACTER } from '~/lib/platform/shared/control-characters';
import { galleryFiles } from '~db/schema';
import type { GalleryFileRow } from './galleries.server';
import { deleteGalleryKeys, storeGalleryFile } from './gallery-store.server';

export const UNREADABLE_TYPE =
  'This file is not a photo or video the site can read: send JPEG, PNG, TIFF, WebP or GIF photos, or MP4, MOV or AVI videos.';

export interface FinishedUpload {
  /** The upload's id in the resumable store (on S3 also its object's key, tus/…). */
  storeId: string;
  /** The complete file on this machine, as the upload store left it; null when it is in the bucket. */
  path: string | null;
  size: number;
  /** The name the uploader gave, or null. */
  fileName: string | null;
}

/** The first bytes of the upload, which say what it is: read from the file, or by a ranged GET from the bucket. */
async function headOf(upload: FinishedUpload): Promise<Uint8Array> {
  if (!upload.path) {
    if (upload.size === 0) return new Uint8Array();
    const chunks: Buffer[] = [];
    const end = Math.min(SNIFF_BYTES, upload.size) - 1;
    for await (const chunk of await getStorage().get(upload.storeId, { start: 0, end }))
      chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  const fh = await open(upload.path, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** A name fit for a download and a Lightroom list: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | null, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '').trim().slice(0, 200);
  return clean || fallback;
}

/**
 * Records a finished upload as a gallery file: its original moved to its private key, its kind
 * recognised from its first bytes (or a "failed" file with the reason), and its processing queued.
 */
export async function acceptGalleryUpload(
  db: Db,
  galleryId: string,
  upload: FinishedUpload,
): Promise<GalleryFileRow> {
  const detected = detectFileType(await headOf(upload));
  const fileId = randomUUID();
  const ext = detected?.ext ?? 'bin';
  const key = galleryFileKey(fileId, ext);
  const contentType = detected?.mime ?? 'application/octet-stream';
  // On S3 the complete upload is already in the bucket: it is moved there, not sent again.
  if (upload.path) await storeGalleryFile(key, upload.path, contentType);
  else await getStorage().move(upload.storeId, key, { contentType });
  await forgetCompleteUpload(upload.storeId, upload.path);
  try {
    const row = db
      .insert(galleryFiles)
      .values({
        id: fileId,
        galleryId,
        kind: detected?.kind === 'video' ? 'video' : 'photo',
        fileName: cleanFileName(upload.fileName, `${fileId}.${ext}`),
        contentType,
        size: upload.size,
        originalKey: key,
        status: detected ? 'processing' : 'failed',
        error: detected ? null : UNREADABLE_TYPE,
        sortOrder: sql`(select coalesce(max(${galleryFiles.sortOrder}), 0) + 1 from ${galleryFiles} where ${galleryFiles.galleryId} = ${galleryId})`,
      })
      .returning()
      .get();
    if (detected) queueGalleryProcessing(db, row.id);
    return row;
  } catch (err) {
    // The gallery was deleted while its file was arriving.
    await deleteGalleryKeys([key]);
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
      throw new HttpError(404, 'There is no such gallery.');
    throw err;
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A second name in tmp/ for the original's file, which the image or video module may move or replace. */
async function workingLink(original: string): Promise<string> {
  const tmp = tmpPath('gallery');
  await link(original, tmp);
  return tmp;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

type Outcome = Partial<typeof galleryFiles.$inferInsert>;

async function processPhotoFile(original: string): Promise<Outcome> {
  const tmp = await workingLink(original);
  try {
    // takeFile: the link becomes the image module's own original (no copy of the bytes).
    const p = await processPhoto(tmp, { avif: 'defer', takeFile: true, access: 'private' });
    return {
      status: 'ready',
      mediaId: p.mediaId,
      width: p.width,
      height: p.height,
      dominantColor: p.dominantColor,
      placeholder: p.placeholder,
    };
  } catch (err) {
    return { status: 'failed', error: `This photo could not be read: ${reason(err)}` };
  } finally {
    await rm(tmp, { force: true });
  }
}

async function processVideoFile(file: GalleryFileRow, original: string): Promise<Outcome> {
  const ext = videoExt(file.originalKey.split('.').pop() ?? 'mp4');
  const tmp = await workingLink(original);
  try {
    // The remux writes a new file over the link's name: the original keeps its own bytes.
    const v = await processVideo(tmp, ext, 'private');
    if (!v.remuxed)
      return { status: 'failed', error: `This video could not be read: ${v.problems.join('; ')}` };
    const streamKey = galleryFileKey(`${file.id}-stream`, ext);
    await storeGalleryFile(streamKey, tmp, file.contentType);
    if (v.problems.length)
      getLog().warn({ fileId: file.id, problems: v.problems }, 'Gallery video processed in part.');
    return {
      status: 'ready',
      streamKey,
      mediaId: v.poster?.mediaId ?? null,
      width: v.poster?.width ?? null,
      height: v.poster?.height ?? null,
      dominantColor: v.poster?.dominantColor ?? null,
      placeholder: v.poster?.placeholder ?? null,
    };
  } catch (err) {
    return { status: 'failed', error: `This video could not be read: ${reason(err)}` };
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Processes one gallery file; never throws: a file that cannot be read is marked failed with the reason. */
export async function processGalleryFile(db: Db, fileId: string): Promise<void> {
  const file = db.select().from(galleryFiles).where(eq(galleryFiles.id, fileId)).get();
  if (file?.status !== 'processing') return;
  let outcome: Outcome;
  try {
    outcome = await withLocalCopy(file.originalKey, async (original) => ({
      sha256: await sha256Of(original),
      ...(file.kind === 'video' ? await processVideoFile(file, original) : await processPhotoFile(original)),
    }));
  } catch (err) {
    outcome = { status: 'failed', error: `This file could not be read: ${reason(err)}` };
  }
  const saved = db
    .update(galleryFiles)
    .set(outcome)
    .where(and(eq(galleryFiles.id, fileId), eq(galleryFiles.status, 'processing')))
    .run().changes;
  if (saved === 0) {
    // Deleted while it was being processed: what was made for it goes too.
    await releaseFiles(db, { mediaIds: [outcome.mediaId] });
    await deleteGalleryKeys([outcome.streamKey ?? null]);
    return;
  }
  if (outcome.mediaId) enqueueAvif(db, outcome.mediaId);
}

// One file at a time, in the order they finished: processing takes a core, the site keeps the other.
let chain: Promise<void> = Promise.resolve();
const pending = new Set<string>();

/** Queues a file's processing (once, however often it is asked for). Resolves when it is done. */
export function queueGalleryProcessing(db: Db, fileId: string): Promise<void> {
  if (pending.has(fileId)) return chain;
  pending.add(fileId);
  chain = chain
    .then(() => processGalleryFile(db, fileId))
    .catch((err) => getLog().error({ err, fileId }, 'A gallery file could not be processed.'))
    .finally(() => pending.delete(fileId));
  return chain;
}

/** Files left "processing" by the last stop are processed again. Call once at start. */
export function resumeGalleryProcessing(db: Db): number {
  const rows = db
    .select({ id: galleryFiles.id })
    .from(galleryFiles)
    .where(eq(galleryFiles.status, 'processing'))
    .all();
  for (const row of rows) void queueGalleryProcessing(db, row.id);
  return rows.length;
}

/** Resolves when every queued file has been processed (for tests and a clean stop). */
export function galleryProcessingIdle(): Promise<void> {
  return chain;
}
