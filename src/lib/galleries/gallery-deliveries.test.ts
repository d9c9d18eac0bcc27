// What a client takes away from a gallery whose owner keeps "remove GPS and serial numbers" on, by
// every path (the original download, the web download, a ZIP entry of either size), on real media in
// a temporary DATA_DIR (its folder, or with TEST_STORAGE=s3 a bucket of its own):
// - a video carrying a location, a title and Apple's ISO 6709 location is delivered as its copy
//   without metadata, the original kept untouched; with the switch off, the original as uploaded;
// - a JPEG with IPTC, MPF and a comment in its header and a second JPEG (a camera's preview) with
//   its own GPS and serial after its end is delivered without any of them, its image data unchanged;
// - the web copy and the watermarked viewing copy are made once and kept: sixteen HEADs, ranges or
//   views at once cost at most one encode, later ones none; kept copies are the photo's (not
//   orphans) and go with it; copies of an older mark are replaced.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteGallery } from '~/lib/galleries/galleries.server';
import type { Gallery } from '~/lib/galleries/gallery-access.server';
import {
  type DownloadSize,
  deliveredFile,
  sourceResponse,
  zipBody,
} from '~/lib/galleries/gallery-downloads.server';
import { processGalleryFile } from '~/lib/galleries/gallery-processing.server';
import type { GalleryFile } from '~/lib/galleries/gallery-store.server';
import { viewingCopy } from '~/lib/galleries/watermark.server';
import { runMediaQueue } from '~/lib/media/media-jobs.server';
import { checkStorage } from '~/lib/media/storage-check.server';
import type { Db } from '~/lib/platform/server/db';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { galleryFileKey, mediaPrefix, newMediaId } from '~/lib/platform/server/storage/storage';
import { galleryFiles } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import {
  addGalleryFiles,
  BODY_SERIAL,
  galleryPhoto,
  gpsJpeg,
  makeGallery,
} from '~tests/helpers/gallery-factories';
import { storedBytes, storedKeys } from '~tests/helpers/stored';
import { ffmpegBin } from '~tests/helpers/video-clip';
import { zipEntries } from '~tests/helpers/zip-entries';

/** Every image pipeline the code under test starts (each sharp(...) call), counted. */
const pipelines = vi.hoisted(() => ({ count: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const actual = ((await importOriginal()) as { default: (...args: unknown[]) => unknown }).default;
  const counted = (...args: unknown[]) => {
    pipelines.count++;
    return actual(...args);
  };
  return { default: Object.assign(counted, actual) };
});

const data = tempDataDir('gallery-deliveries');
let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const LOCATION = '+53.1250-006.3361/';
const TITLE = 'Flight over Lough Dan';
const VIDEO_SERIAL = 'SN-VID-55120';

/** A clip with a location, a title, Apple's location key and a serial in its video stream's name. */
function taggedClip(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'tagged-clip-'));
  try {
    const out = join(dir, 'clip.mp4');
    execFileSync(ffmpegBin, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-metadata', `location=${LOCATION}`, '-metadata', `title=${TITLE}`],
      ...['-metadata', `com.apple.quicktime.location.ISO6709=${LOCATION}`],
      ...['-metadata:s:v', `handler_name=${VIDEO_SERIAL}`, '-movflags', 'use_metadata_tags'],
      out,
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const VIDEO_SECRETS = [LOCATION, TITLE, 'com.apple.quicktime.location', VIDEO_SERIAL];

/** A tagged video uploaded to a gallery and processed as the owner's upload is. */
async function processedVideo(galleryId: string): Promise<{ file: GalleryFile; original: Buffer }> {
  const original = taggedClip();
  for (const secret of VIDEO_SECRETS) expect(original.includes(secret)).toBe(true);
  const id = newMediaId();
  const originalKey = galleryFileKey(id, 'mp4');
  await getStorage().put(originalKey, original, { contentType: 'video/mp4' });
  db.insert(galleryFiles)
    .values({
      id,
      galleryId,
      kind: 'video',
      fileName: 'DJI_0200.MP4',
      contentType: 'video/mp4',
      size: original.length,
      originalKey,
      status: 'processing',
    })
    .run();
  await processGalleryFile(db, id);
  // The poster's AVIFs, queued by processing, are made while this test's store is there.
  await runMediaQueue(db);
  const file = db
    .select()
    .from(galleryFiles)
    .all()
    .find((f) => f.id === id) as GalleryFile;
  expect(file.status).toBe('ready');
  return { file, original };
}

async function bodyOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  return bodyOf(new Response(body));
}

/** A file as the download route answers it (the site sending it; on S3 it may also redirect). */
async function download(gallery: Gallery, file: GalleryFile, size: DownloadSize, init: RequestInit = {}) {
  const src = await deliveredFile(gallery, file, size);
  return sourceResponse(new Request('http://site.test/file', init), src, 'attachment', {});
}

/** What a client receives of one file by each path: the two downloads and the two ZIPs' entries. */
async function everyPath(gallery: Gallery, file: GalleryFile): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const size of ['original', 'web'] as const) {
    out[size] = await bodyOf(await download(gallery, file, size));
    const [entry] = zipEntries(await readAll(zipBody(gallery, [file], size)));
    out[`zip ${size}`] = entry?.data ?? Buffer.alloc(0);
  }
  return out;
}

describe('a video', () => {
  it('is delivered without location, title or serial by every path, the original kept whole', async () => {
    const gallery = makeGallery(db);
    const { file, original } = await processedVideo(gallery.id);
    const delivered = await everyPath(gallery, file);
    for (const [path, bytes] of Object.entries(delivered)) {
      expect(bytes.length, path).toBeGreaterThan(1000);
      for (const secret of VIDEO_SECRETS) expect(bytes.includes(secret), `${path}: ${secret}`).toBe(false);
    }
    // One copy without metadata, the same by every path; the original is left as it was uploaded.
    expect(delivered.original?.equals(delivered['zip web'] as Buffer)).toBe(true);
    expect((await storedBytes(file.originalKey)).equals(original)).toBe(true);
    // A range of it, as a resumed download asks.
    const part = await download(gallery, file, 'original', { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await bodyOf(part)).equals((delivered.original as Buffer).subarray(0, 100))).toBe(true);
  }, 60_000);

  it('is delivered as uploaded when the owner keeps the metadata', async () => {
    const keep = makeGallery(db, { stripLocation: false });
    const { file, original } = await processedVideo(keep.id);
    for (const bytes of Object.values(await everyPath(keep, file))) expect(bytes.equals(original)).toBe(true);
  }, 60_000);

  it('is not delivered at all when its copy without metadata is missing', async () => {
    const gallery = makeGallery(db);
    const { file } = await processedVideo(gallery.id);
    await getStorage().delete(file.streamKey as string);
    await expect(deliveredFile(gallery, file, 'original')).rejects.toMatchObject({ status: 404 });
    // In a ZIP, the download fails rather than hang or send the original.
    await expect(readAll(zipBody(gallery, [file], 'original'))).rejects.toThrow('not available');
  }, 60_000);
});

const PREVIEW_SERIAL = 'SN-PREVIEW-7731';
const PLACE = 'Kilmacanogue';

/** A JPEG segment: marker, length, body. */
function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A camera's JPEG: sharp's, with GPS and a body serial in its EXIF, an IPTC place name, an MPF
 * index and a comment in its header, and after its end a preview JPEG with its own GPS and serial.
 */
async function cameraJpeg(): Promise<Buffer> {
  const main = await gpsJpeg('#446688', 1200, 800);
  const preview = await sharp({ create: { width: 320, height: 213, channels: 3, background: '#446688' } })
    .jpeg()
    .withExif({
      IFD2: { BodySerialNumber: PREVIEW_SERIAL },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '53/1 7/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '6/1 20/1 1/1',
      },
    })
    .toBuffer();
  const extra = Buffer.concat([
    segment(
      0xed,
      Buffer.concat([
        Buffer.from('Photoshop 3.0\0', 'latin1'),
        Buffer.from([0x38, 0x42, 0x49, 0x4d, 0x04, 0x04, 0, 0, 0, 0, 0, 0x10, 0x1c, 0x02, 0x5a, 0, 0x0c]),
        Buffer.from(PLACE, 'latin1'),
      ]),
    ),
    segment(0xe2, Buffer.from('MPF\0II*\0\x08\0\0\0', 'latin1')),
    segment(0xfe, Buffer.from(`Shot by ${PREVIEW_SERIAL}`, 'latin1')),
  ]);
  return Buffer.concat([main.subarray(0, 2), extra, main.subarray(2), preview]);
}

const SOI = Buffer.from([0xff, 0xd8, 0xff]);
const scanOf = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));

describe('a JPEG with a preview after its end', () => {
  it('is delivered without the preview, IPTC, MPF or GPS by every path, its image data unchanged', async () => {
    const camera = await cameraJpeg();
    for (const secret of [BODY_SERIAL, PREVIEW_SERIAL, PLACE, 'MPF\0'])
      expect(camera.includes(secret)).toBe(true);
    const gallery = makeGallery(db);
    const [file] = addGalleryFiles(db, gallery.id, [await galleryPhoto(data.dir, 'DJI_0300.JPG', camera)]);
    const delivered = await everyPath(gallery, file as GalleryFile);
    for (const [path, jpeg] of Object.entries(delivered)) {
      for (const secret of [BODY_SERIAL, PREVIEW_SERIAL, PLACE, 'MPF\0'])
        expect(jpeg.includes(secret), `${path}: ${secret}`).toBe(false);
      // Nothing after the main image: no second image starts anywhere in the file.
      expect(jpeg.indexOf(SOI, 1), path).toBe(-1);
      expect(jpeg.subarray(-2).equals(Buffer.from([0xff, 0xd9])), path).toBe(true);
      const tags = ExifReader.load(jpeg);
      expect(
        Object.keys(tags).filter((k) => k.startsWith('GPS')),
        path,
      ).toEqual([]);
      expect((await sharp(jpeg).metadata()).format, path).toBe('jpeg');
    }
    const original = delivered.original as Buffer;
    // Lossless: the main image's data is the camera's, byte for byte, up to its end.
    const mainEnd = camera.indexOf(SOI, 1);
    expect(scanOf(original).equals(scanOf(camera.subarray(0, mainEnd)))).toBe(true);
    expect(ExifReader.load(original).Make?.description).toBe('DJI');
    expect(delivered['zip original']?.equals(original)).toBe(true);
    // A range past the main image's end is refused, as past any file's end.
    const past = await download(gallery, file as GalleryFile, 'original', {
      headers: { range: `bytes=${original.length}-` },
    });
    expect(past.status).toBe(416);
  });

  it('is delivered as uploaded when the owner keeps the metadata', async () => {
    const camera = await cameraJpeg();
    const keep = makeGallery(db, { stripLocation: false });
    const [file] = addGalleryFiles(db, keep.id, [await galleryPhoto(data.dir, 'DJI_0301.JPG', camera)]);
    expect((await bodyOf(await download(keep, file as GalleryFile, 'original'))).equals(camera)).toBe(true);
  });
});

/** A photo of `px` on its long side in a gallery. */
async function photoIn(gallery: Gallery, px = 3000): Promise<GalleryFile> {
  const bytes = await gpsJpeg('#557799', px, Math.round((px * 2) / 3));
  const [file] = addGalleryFiles(db, gallery.id, [await galleryPhoto(data.dir, 'DJI_0400.JPG', bytes)]);
  return file as GalleryFile;
}

/** How many image pipelines `work` starts. */
async function pipelinesOf(work: () => Promise<unknown>): Promise<number> {
  const before = pipelines.count;
  await work();
  return pipelines.count - before;
}

const sixteen = <T>(fn: () => Promise<T>) => Promise.all(Array.from({ length: 16 }, fn));

describe('copies that cost an encode', () => {
  it('makes the web copy once for sixteen HEADs and ranges at once, and never again', async () => {
    const gallery = makeGallery(db);
    const file = await photoIn(gallery);
    const heads = await pipelinesOf(() =>
      Promise.all([
        sixteen(() => download(gallery, file, 'web', { method: 'HEAD' })),
        sixteen(() => download(gallery, file, 'web', { headers: { range: 'bytes=0-0' } }).then(bodyOf)),
      ]),
    );
    expect(heads).toBeLessThanOrEqual(1);
    let whole: Buffer = Buffer.alloc(0);
    const later = await pipelinesOf(async () => {
      const head = await download(gallery, file, 'web', { method: 'HEAD' });
      whole = await bodyOf(await download(gallery, file, 'web'));
      expect(head.headers.get('content-length')).toBe(String(whole.length));
      const [entry] = zipEntries(await readAll(zipBody(gallery, [file], 'web')));
      expect(entry?.data.equals(whole)).toBe(true);
    });
    expect(later).toBe(0);
    expect((await sharp(whole).metadata()).width).toBe(2048);
    expect(ExifReader.load(whole).GPSLatitude).toBeUndefined();
  });

  it('makes a watermarked viewing copy once for sixteen views at once, and never again', async () => {
    const proofing = makeGallery(db, { downloads: 'none', watermark: true });
    const file = await photoIn(proofing, 1600);
    let copies: (Buffer | undefined)[] = [];
    const first = await pipelinesOf(async () => {
      copies = (await sixteen(() => viewingCopy(proofing, file, 1280, 'jpg'))).map((c) => c?.bytes);
    });
    expect(first).toBeLessThanOrEqual(1);
    const [one] = copies;
    for (const copy of copies) expect(copy?.equals(one as Buffer)).toBe(true);
    expect(await pipelinesOf(() => viewingCopy(proofing, file, 1280, 'jpg'))).toBe(0);
  });

  it('replaces the copies of an older mark, keeps them as the photo’s, and removes them with it', async () => {
    const proofing = makeGallery(db, { downloads: 'none', watermark: true });
    const file = await photoIn(proofing, 1600);
    const folder = mediaPrefix(file.mediaId as string, 'private');
    const older = `${folder}proof-640-0123456789ab.jpg`;
    await getStorage().put(older, Buffer.from('an older mark'), { contentType: 'image/jpeg' });
    await viewingCopy(proofing, file, 640, 'jpg');
    await download(proofing, file, 'web');
    const kept = (await storedKeys(folder)).filter((k) => /\/(proof|web)-/.test(k));
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(older);
    // A day later the storage check still counts them as the photo's, not as orphans.
    const report = await checkStorage(db, data.dir, new Date(Date.now() + 48 * 60 * 60 * 1000));
    expect(report.orphans.filter((o) => o.key.startsWith(folder))).toEqual([]);
    await deleteGallery(db, proofing.id);
    expect(await storedKeys(folder)).toEqual([]);
  });
});
