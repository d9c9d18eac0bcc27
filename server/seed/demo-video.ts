// The demo's drone clip: a 3 s, 640×360 pan across a drawn Wicklow valley at dusk (layered ridges,
// a lough, a low sun), so that a fresh install shows a featured video with its poster. sharp draws
// one wide panorama; ffmpeg pans a 640×360 window across it and encodes H.264 (a second or less).
// The poster is the window at 1 s, put through the one image module like any photo.
// Without a working ffmpeg there is no clip, and the seed goes on without it.
import { rm, stat, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { type ProcessedPhoto, processPhoto } from '~/lib/media/images.server';
import { runFfmpeg } from '~/lib/media/video/ffmpeg.server';
import { PUBLIC_CACHE, storeFile } from '~/lib/platform/server/storage/object-store';
import { objectKey, tmpPath } from '~/lib/platform/server/storage/storage';

export const CLIP = { width: 640, height: 360, seconds: 3, fps: 24, panoramaWidth: 1280 } as const;

export interface DemoClip {
  objectId: string;
  size: number;
  poster: ProcessedPhoto;
}

/** Ridges from far (pale) to near (dark), as the heights of a smooth line across the panorama. */
function ridge(width: number, base: number, amp: number, seed: number, fill: string): string {
  const points: string[] = [];
  for (let x = 0; x <= width; x += 16) {
    const y =
      base -
      amp *
        (0.55 * Math.sin((x / width) * Math.PI * (2 + seed) + seed) + 0.3 * Math.sin(x / (37 + seed * 11)));
    points.push(`${x},${y.toFixed(1)}`);
  }
  return `<polygon fill="${fill}" points="0,${CLIP.height} ${points.join(' ')} ${width},${CLIP.height}"/>`;
}

export function panoramaSvg(): string {
  const w = CLIP.panoramaWidth;
  const h = CLIP.height;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2b3a55"/><stop offset="0.55" stop-color="#c77d5b"/><stop offset="1" stop-color="#f2c38b"/>
    </linearGradient>
    <linearGradient id="lough" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e9b27f"/><stop offset="1" stop-color="#314056"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.62}" cy="${h * 0.5}" r="26" fill="#fbe3b0" opacity="0.9"/>
  ${ridge(w, h * 0.6, 40, 1, '#7d6f86')}
  ${ridge(w, h * 0.68, 46, 2, '#56576e')}
  <rect y="${h * 0.72}" width="${w}" height="${h * 0.1}" fill="url(#lough)"/>
  ${ridge(w, h * 0.86, 34, 3, '#2f3a35')}
  ${ridge(w, h * 1.02, 40, 4, '#1b2320')}
</svg>`;
}

/** The window of the panorama that the pan shows at `seconds`. */
const panX = (seconds: number) => Math.round(((CLIP.panoramaWidth - CLIP.width) * seconds) / CLIP.seconds);

/**
 * Draws and encodes the clip into the object store under `objectId`, and its poster under
 * `posterId`. Null when ffmpeg cannot make it (nothing is left behind then).
 */
export async function makeDemoClip(objectId: string, posterId: string): Promise<DemoClip | null> {
  const panorama = await sharp(Buffer.from(panoramaSvg())).png().toBuffer();
  const source = tmpPath('demo-panorama');
  // Encoded in tmp/, then moved into the store like an uploaded video.
  const out = tmpPath('demo-clip');
  await writeFile(source, panorama);
  try {
    const x = `(${CLIP.panoramaWidth - CLIP.width})*t/${CLIP.seconds}`;
    const run = await runFfmpeg([
      ...['-y', '-loop', '1', '-framerate', String(CLIP.fps), '-f', 'image2', '-i', source],
      ...['-vf', `crop=${CLIP.width}:${CLIP.height}:'${x}':0,format=yuv420p`],
      ...['-t', String(CLIP.seconds), '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26'],
      ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-movflags', '+faststart'],
      ...['-f', 'mp4', out],
    ]);
    const size = run.ok ? ((await stat(out).catch(() => null))?.size ?? 0) : 0;
    if (size === 0) {
      console.warn(`The demo clip was not made: ${run.message || 'ffmpeg wrote nothing'}`);
      return null;
    }
    await storeFile(objectKey(objectId), out, { contentType: 'video/mp4', cacheControl: PUBLIC_CACHE });
    const frame = await sharp(panorama)
      .extract({ left: panX(1), top: 0, width: CLIP.width, height: CLIP.height })
      .jpeg({ quality: 90 })
      .toBuffer();
    const poster = await processPhoto(frame, { mediaId: posterId, avif: 'defer' });
    return { objectId, size, poster };
  } finally {
    await rm(source, { force: true });
    await rm(out, { force: true });
  }
}
