// A proofing gallery's videos, shown to the client to choose from: a small watermarked copy of each
// (at most PREVIEW_PX on its long side, H.264 and AAC in an MP4 that starts playing at once), the
// original staying locked until the owner releases the gallery. The watermark is the one burnt
// into the gallery's photo proofs (watermark.server.ts), rendered by sharp as a PNG the size of the
// picture and laid over every frame by ffmpeg's overlay filter.
// A preview is made once, from the streamable copy (or the original), and kept beside the video's
// poster under its private derivatives, galleries/media/{posterMediaId}/preview-640.mp4: never at a
// public address, removed with the poster when the file is deleted, and kept by the storage sweep
// while the poster is. One is made at a time; a page of a proofing gallery asks for its videos'
// previews in the background, so that they are usually ready before the client presses play.
import { rm, stat, writeFile } from 'node:fs/promises';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { makePrivateRoot } from '~/lib/media/images.server';
import { isValidMediaId } from '~/lib/media/media-urls';
import { runFfmpeg } from '~/lib/media/video/ffmpeg.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { storeFile, withLocalCopy } from '~/lib/platform/server/storage/object-store';
import { mediaPrefix, tmpPath } from '~/lib/platform/server/storage/storage';
import { galleryFiles } from '~db/schema';
import type { Gallery } from './gallery-access.server';
import type { Source } from './gallery-downloads.server';
import { type GalleryFile, type StoredFile, storedAt } from './gallery-store.server';
import { watermarkSvg } from './watermark.server';

/** The long side of a preview, in pixels: enough to choose a clip, too small to use it. */
export const PREVIEW_PX = 640;

/** Encoding a long video takes a while; a run is stopped after this long. */
const PREVIEW_TIMEOUT_MS = 30 * 60_000;

/** Where a video's preview is kept: beside its poster's private derivatives. */
export function previewKey(posterMediaId: string): string {
  return `${mediaPrefix(posterMediaId, 'private')}preview-${PREVIEW_PX}.mp4`;
}

/** The size of a preview for a picture of this size: the long side at most PREVIEW_PX, both even. */
export function previewSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PREVIEW_PX / Math.max(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** The ffmpeg arguments that make the preview `output` of `input`, with `mark` (a PNG of that size) over it. */
export function previewArgs(
  input: string,
  mark: string,
  output: string,
  size: { width: number; height: number },
): string[] {
  return [
    '-y',
    ...['-i', input, '-i', mark],
    '-filter_complex',
    `[0:v]scale=${size.width}:${size.height},setsar=1[v];[v][1:v]overlay=0:0:format=auto,format=yuv420p[out]`,
    ...['-map', '[out]', '-map', '0:a?'],
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'],
    // One core: the site keeps the other while a preview is made.
    ...['-threads', '1', '-filter_complex_threads', '1'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-maxrate', '900k', '-bufsize', '1800k'],
    ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

/** Why a video can have no preview, or null when it can. */
function unfit(file: GalleryFile): string | null {
  if (file.kind !== 'video') return 'not a video';
  if (!file.mediaId || !isValidMediaId(file.mediaId) || !file.width || !file.height)
    return 'the video has no poster frame, so ffmpeg could not read it';
  return null;
}

async function makePreview(file: GalleryFile, mediaId: string): Promise<StoredFile | null> {
  const size = previewSize(file.width ?? PREVIEW_PX, file.height ?? PREVIEW_PX);
  const mark = tmpPath('preview-mark.png');
  const out = tmpPath('preview.mp4');
  try {
    await writeFile(mark, await sharp(watermarkSvg(size.width, size.height)).png().toBuffer());
    const run = await withLocalCopy(file.streamKey ?? file.originalKey, (input) =>
      runFfmpeg(previewArgs(input, mark, out, size), PREVIEW_TIMEOUT_MS),
    );
    const made = await stat(out).catch(() => null);
    if (!run.ok || !made?.size) {
      getLog().warn({ fileId: file.id, reason: run.message }, 'A gallery video’s preview could not be made.');
      return null;
    }
    const key = previewKey(mediaId);
    await makePrivateRoot();
    await storeFile(key, out, { contentType: 'video/mp4' });
    return storedAt(key);
  } finally {
    await rm(mark, { force: true });
    await rm(out, { force: true });
  }
}

// One preview at a time, each video's once: a second request while it is made waits for the same run.
let chain: Promise<unknown> = Promise.resolve();
const making = new Map<string, Promise<StoredFile | null>>();
/** Videos whose preview could not be made, not tried again until the next start. */
const failed = new Set<string>();

/** A video's preview: the stored one, or made now (and kept); null when none can be made. */
export async function videoPreview(file: GalleryFile): Promise<StoredFile | null> {
  if (unfit(file)) return null;
  const mediaId = file.mediaId as string;
  const stored = await storedAt(previewKey(mediaId));
  if (stored || failed.has(mediaId)) return stored;
  let run = making.get(mediaId);
  if (!run) {
    run = chain
      .then(async () => (await storedAt(previewKey(mediaId))) ?? makePreview(file, mediaId))
      .catch((err) => {
        getLog().error({ err, fileId: file.id }, 'A gallery video’s preview could not be made.');
        return null;
      })
      .then((made) => {
        if (!made) failed.add(mediaId);
        return made;
      })
      .finally(() => making.delete(mediaId));
    making.set(mediaId, run);
    chain = run;
  }
  return run;
}

/** The preview as the file endpoints send it: inline, an MP4 named after the video. */
export function previewSource(file: GalleryFile, stored: StoredFile): Source {
  return {
    head: Buffer.alloc(0),
    stored,
    offset: 0,
    end: stored.size,
    size: stored.size,
    type: 'video/mp4',
    name: `${file.fileName.replace(/\.[^.]*$/, '')}-preview.mp4`,
  };
}

/** Media ids whose preview is known to be stored: a page render asks the store about each once. */
const ready = new Set<string>();

/**
 * Starts making the previews of a gallery's videos that have none yet, in the background (a page
 * of a proofing gallery calls this, so the previews are ready by the time the client plays them).
 */
export function preparePreviews(db: Db, gallery: Gallery): void {
  const videos = db
    .select()
    .from(galleryFiles)
    .where(
      and(
        eq(galleryFiles.galleryId, gallery.id),
        eq(galleryFiles.kind, 'video'),
        eq(galleryFiles.status, 'ready'),
        isNotNull(galleryFiles.mediaId),
      ),
    )
    .all();
  for (const file of videos) {
    const mediaId = file.mediaId as string;
    if (ready.has(mediaId) || failed.has(mediaId) || making.has(mediaId)) continue;
    videoPreview(file).then(
      (made) => made && ready.add(mediaId),
      () => {},
    );
  }
}
