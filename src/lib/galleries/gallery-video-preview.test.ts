// A proofing gallery's video preview, made by the ffmpeg that comes with npm in the site's store (a
// temporary folder, or a bucket with TEST_STORAGE=s3): kept once under the video's private
// derivatives, 640 px on its long side, much smaller than the video, and watermarked: its frames
// differ from the same preview made with a transparent mark where the watermark's text lies.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { GalleryFile } from '~/lib/galleries/gallery-store.server';
import {
  PREVIEW_PX,
  previewArgs,
  previewKey,
  previewSize,
  videoPreview,
} from '~/lib/galleries/gallery-video-preview.server';
import { watermarkSvg } from '~/lib/galleries/watermark.server';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { galleryFileKey, newMediaId } from '~/lib/platform/server/storage/storage';
import { tempDataDir } from '~tests/helpers/data-dir';
import { readStored, whereStored } from '~tests/helpers/gallery-factories';
import { testStorage } from '~tests/helpers/test-storage';
import { ffmpegBin } from '~tests/helpers/video-clip';

const data = tempDataDir('gallery-preview');
const work = mkdtempSync(join(tmpdir(), 'wicklow-preview-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ffmpeg = (args: string[]) =>
  execFileSync(ffmpegBin, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });

/** A 1280×720 clip of 3 s with detail in every frame and a tone, as a drone might send (small). */
function clip(): Buffer {
  const out = join(work, 'clip.mp4');
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=15:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    out,
  ]);
  return readFileSync(out);
}

/** The frame at 1.5 s of an MP4's bytes, as raw RGB pixels with its size. */
async function frameOf(video: Buffer, name: string) {
  const file = join(work, `${name}.mp4`);
  const png = join(work, `${name}.png`);
  writeFileSync(file, video);
  ffmpeg(['-ss', '1.5', '-i', file, '-frames:v', '1', png]);
  const { data: pixels, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels, width: info.width, height: info.height };
}

/** A stored video row of the gallery, its poster the size of the clip. */
async function videoRow(bytes: Buffer, mediaId: string | null): Promise<GalleryFile> {
  const originalKey = galleryFileKey(newMediaId(), 'mp4');
  await getStorage().put(originalKey, bytes, { contentType: 'video/mp4' });
  return {
    id: `gfile-${newMediaId()}`,
    galleryId: 'gallery-1',
    kind: 'video',
    fileName: 'DJI_0301.MP4',
    contentType: 'video/mp4',
    size: bytes.length,
    sha256: null,
    originalKey,
    status: 'ready',
    error: null,
    mediaId,
    width: mediaId ? 1280 : null,
    height: mediaId ? 720 : null,
    dominantColor: null,
    placeholder: null,
    streamKey: null,
    durationMs: 3000,
    sortOrder: 0,
    createdAt: new Date(),
  } as GalleryFile;
}

describe('a proofing video’s preview', () => {
  it('is made once, kept under the video’s private derivatives, small, 640 px wide and watermarked', async () => {
    const original = clip();
    const mediaId = newMediaId();
    const file = await videoRow(original, mediaId);

    // Asked for twice at once: one preview, the same for both.
    const [made, again] = await Promise.all([videoPreview(file), videoPreview(file)]);
    expect(made?.key).toBe(`galleries/media/${mediaId}/preview-${PREVIEW_PX}.mp4`);
    expect(again).toEqual(made);
    expect(made?.key).toBe(previewKey(mediaId));
    expect(await whereStored(data.dir, previewKey(mediaId))).toBe(testStorage() === 's3' ? 'bucket' : 'disk');
    const bytes = await readStored(data.dir, previewKey(mediaId));
    expect(bytes.length).toBe(made?.size);
    expect(bytes.length).toBeLessThan(original.length / 3);

    const frame = await frameOf(bytes, 'preview');
    expect([frame.width, frame.height]).toEqual([640, 360]);

    // The same preview with a transparent mark: what differs between the two is the watermark.
    const clean = join(work, 'clean.mp4');
    const transparent = join(work, 'transparent.png');
    await sharp({
      create: { width: 640, height: 360, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toFile(transparent);
    writeFileSync(join(work, 'source.mp4'), original);
    ffmpeg(previewArgs(join(work, 'source.mp4'), transparent, clean, previewSize(1280, 720)));
    const plain = await frameOf(readFileSync(clean), 'plain');
    // Where the watermark's letters are drawn (its alpha), the preview's frame departs from the
    // clean one far more than elsewhere, where the two differ by the encoder's noise alone.
    const { data: alpha } = await sharp(watermarkSvg(640, 360))
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sums = { letters: 0, lettersN: 0, rest: 0, restN: 0 };
    for (let p = 0; p < alpha.length; p++) {
      let delta = 0;
      for (let c = 0; c < 3; c++)
        delta += Math.abs((frame.pixels[p * 3 + c] ?? 0) - (plain.pixels[p * 3 + c] ?? 0));
      if ((alpha[p] ?? 0) > 80) {
        sums.letters += delta;
        sums.lettersN++;
      } else if (alpha[p] === 0) {
        sums.rest += delta;
        sums.restN++;
      }
    }
    const letters = sums.letters / sums.lettersN;
    const rest = sums.rest / sums.restN;
    expect(sums.lettersN / alpha.length).toBeGreaterThan(0.03);
    expect(letters).toBeGreaterThan(30);
    expect(letters).toBeGreaterThan(rest * 4);

    // Kept: asked for again, the stored preview is answered, not made anew.
    const before = await getStorage().head(previewKey(mediaId));
    const later = await videoPreview(file);
    expect(later).toEqual(made);
    expect((await getStorage().head(previewKey(mediaId)))?.size).toBe(before?.size);
  }, 120_000);

  it('is not made for a video without a poster frame (ffmpeg could not read it)', async () => {
    expect(await videoPreview(await videoRow(Buffer.from('not a video'), null))).toBeNull();
  });

  it('keeps a portrait video’s shape, never enlarges a small one, and has even sides', () => {
    expect(previewSize(1080, 1920)).toEqual({ width: 360, height: 640 });
    expect(previewSize(320, 180)).toEqual({ width: 320, height: 180 });
    expect(previewSize(3840, 2160)).toEqual({ width: 640, height: 360 });
    expect(previewSize(1001, 333)).toEqual({ width: 640, height: 212 });
  });
});
