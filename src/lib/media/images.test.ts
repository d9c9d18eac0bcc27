// The image module: ladders, metadata stripping, orientation and refusals.
// Fixtures are generated here with sharp; nothing binary is committed. Runs on either store
// (TEST_STORAGE=s3: a bucket of its own).
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  avifReady,
  deleteMedia,
  findOriginalKey,
  generateAvif,
  ImageRejected,
  processPhoto,
} from '~/lib/media/images.server';
import {
  heightAt,
  isMediaWidth,
  MEDIA_FORMATS,
  type MediaFormat,
  mediaUrl,
  srcset,
  widthsFor,
} from '~/lib/media/media-urls';
import {
  derivativeKey,
  derivativePath,
  mediaPrefix,
  newMediaId,
  originalKey,
  originalPath,
  storagePaths,
} from '~/lib/platform/server/storage/storage';
import { tempDataDir } from '~tests/helpers/data-dir';
import {
  expectNotStored,
  expectStored,
  filesOnDisk,
  storedBytes,
  storedKeys,
  strayFiles,
} from '~tests/helpers/stored';

tempDataDir('images');
const work = mkdtempSync(join(tmpdir(), 'images-fixtures-'));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Every stored object and every file under uploads/, so a refusal can be shown to leave nothing behind. */
async function storedFiles(): Promise<string[]> {
  return [...(await storedKeys()), ...filesOnDisk()];
}

/** The metadata of a stored derivative, read from the store. */
async function derivativeMeta(mediaId: string, width: number, format: MediaFormat) {
  return sharp(await storedBytes(derivativeKey(mediaId, width, format))).metadata();
}

async function gradientJpegWithGps(width: number, height: number): Promise<Buffer> {
  const ramp = Buffer.alloc(256 * 3);
  for (let i = 0; i < 256; i++) ramp.set([i, 255 - i, (i * 7) % 256], i * 3);
  return sharp(ramp, { raw: { width: 256, height: 1, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .jpeg({ quality: 90 })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Artist: 'Secret Artist', Copyright: 'Secret Copyright' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '53/1 0/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '6/1 20/1 5678/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="53,0.2N"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** A PNG whose header claims a size, with no pixel data at all. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const crc32 = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectRejected(input: Buffer | string, statuses: number[]): Promise<void> {
  const before = await storedFiles();
  const err = await processPhoto(input).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ImageRejected);
  expect(statuses).toContain((err as ImageRejected).status);
  expect(await storedFiles()).toEqual(before);
}

describe('shared media helpers', () => {
  it('keeps ladder widths not wider than the original, or the original width below the ladder', () => {
    expect(widthsFor(6000)).toEqual([320, 640, 960, 1280, 1920, 2560]);
    expect(widthsFor(1500)).toEqual([320, 640, 960, 1280]);
    expect(widthsFor(320)).toEqual([320]);
    expect(widthsFor(200)).toEqual([200]);
    expect(isMediaWidth(200)).toBe(true);
    expect(isMediaWidth(500)).toBe(false);
    expect(isMediaWidth(0)).toBe(false);
  });

  it('builds stable URLs and srcsets', () => {
    expect(mediaUrl('abcdefgh12', 640, 'webp')).toBe('/media/abcdefgh12/640.webp');
    expect(srcset('abcdefgh12', [320, 640], 'avif')).toBe(
      '/media/abcdefgh12/320.avif 320w, /media/abcdefgh12/640.avif 640w',
    );
  });
});

describe('storage paths', () => {
  it('makes url-safe random ids and keeps every path inside uploads/', () => {
    const id = newMediaId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(derivativePath(id, 640, 'jpg')).toBe(join(storagePaths().media, id, '640.jpg'));
    expect(originalPath(id, 'png')).toBe(join(storagePaths().originals, `${id}.png`));
  });

  it('refuses anything that is not a valid id, width or format', () => {
    for (const bad of ['..', '../../etc', 'a/b/c/d/e/f', '/etc/passwd', 'abc\\defghij', 'abcdefgh%2f', '']) {
      expect(() => derivativePath(bad, 640, 'jpg')).toThrow(RangeError);
      expect(() => originalPath(bad, 'jpg')).toThrow(RangeError);
    }
    expect(() => derivativePath('abcdefgh12', 641, 'jpg')).toThrow(RangeError);
    expect(() => derivativePath('abcdefgh12', 640, 'svg' as 'jpg')).toThrow(RangeError);
  });
});

describe('processPhoto', () => {
  it('makes every format at every width, none wider than the original, without any metadata', async () => {
    const input = await gradientJpegWithGps(3000, 2000);
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(input.includes('Secret Artist')).toBe(true);

    const photo = await processPhoto(input, { avif: 'inline' });
    expect(photo).toMatchObject({ width: 3000, height: 2000, avifPending: false });
    expect(photo.widths).toEqual([320, 640, 960, 1280, 1920, 2560]);
    expect(photo.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(photo.placeholder.length).toBeLessThan(1024);

    for (const format of MEDIA_FORMATS) {
      for (const w of photo.widths) {
        const bytes = await storedBytes(derivativeKey(photo.mediaId, w, format));
        const meta = await sharp(bytes).metadata();
        expect(meta.width).toBe(w);
        expect(meta.height).toBe(heightAt(photo, w));
        expect(meta.height).toBe(Math.round((2000 * w) / 3000));
        expect(meta.format).toBe(format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : 'webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(bytes.includes('Secret Artist')).toBe(false);
        expect(bytes.includes('GPSLatitude')).toBe(false);
      }
    }
    // Nothing wider than the original and nothing beyond the ladder.
    expect(await storedKeys(mediaPrefix(photo.mediaId))).toHaveLength(18);
    await expectStored(derivativeKey(photo.mediaId, 2560, 'avif'));

    // The private original is kept as uploaded.
    const original = await findOriginalKey(photo.mediaId);
    expect(original).toBe(originalKey(photo.mediaId, 'jpg'));
    await expectStored(original!);
    expect((await storedBytes(original!)).equals(input)).toBe(true);
    // Nothing is left in tmp/ (nor, on S3, anywhere under uploads/).
    expect(strayFiles()).toEqual([]);
  });

  it('applies EXIF orientation: a 300x200 image with Orientation 6 becomes 200x300', async () => {
    // Left half red, right half blue; rotating 90° clockwise puts red on top.
    const raw = Buffer.alloc(300 * 200 * 3);
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 300; x++) raw.set(x < 150 ? [220, 20, 20] : [20, 20, 220], (y * 300 + x) * 3);
    }
    const input = await sharp(raw, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const photo = await processPhoto(input);
    expect(photo).toMatchObject({ width: 200, height: 300, widths: [200] });
    for (const format of MEDIA_FORMATS) {
      const meta = await derivativeMeta(photo.mediaId, 200, format);
      expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
    }
    const { data } = await sharp(await storedBytes(derivativeKey(photo.mediaId, 200, 'webp')))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    expect(px(100, 30)[0]).toBeGreaterThan(150); // red on top
    expect(px(100, 270)[2]).toBeGreaterThan(150); // blue at the bottom
  });

  it('keeps alpha-free JPEGs from a transparent PNG and accepts a file path', async () => {
    const file = join(work, 'transparent.png');
    await sharp({
      create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toFile(file);
    const photo = await processPhoto(file, { avif: 'defer' });
    expect(photo.widths).toEqual([320]);
    const { data } = await sharp(await storedBytes(derivativeKey(photo.mediaId, 320, 'jpg')))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240); // flattened onto white, not black
    expect(await findOriginalKey(photo.mediaId)).toBe(originalKey(photo.mediaId, 'png'));
    // The caller's file is copied, not taken.
    expect((await storedBytes(originalKey(photo.mediaId, 'png'))).length).toBeGreaterThan(0);
    expect(filesOnDisk(work)).toContain('transparent.png');
  });

  it('defers AVIF until generateAvif, then makes the same widths', async () => {
    const photo = await processPhoto(await gradientJpegWithGps(1000, 800), { avif: 'defer' });
    expect(photo.avifPending).toBe(true);
    expect(photo.widths).toEqual([320, 640, 960]);
    for (const w of photo.widths) {
      await expectStored(derivativeKey(photo.mediaId, w, 'webp'));
      await expectStored(derivativeKey(photo.mediaId, w, 'jpg'));
      await expectNotStored(derivativeKey(photo.mediaId, w, 'avif'));
    }
    expect(await avifReady(photo.mediaId)).toBe(false);

    await generateAvif(photo.mediaId);
    for (const w of photo.widths) {
      await expectStored(derivativeKey(photo.mediaId, w, 'avif'));
      const meta = await derivativeMeta(photo.mediaId, w, 'avif');
      expect([meta.width, meta.exif]).toEqual([w, undefined]);
    }
    expect(await avifReady(photo.mediaId)).toBe(true);
    // The original was read from a copy in tmp/ on S3, removed afterwards.
    expect(strayFiles()).toEqual([]);
  });

  it('deleteMedia removes the original and every derivative; generateAvif then does nothing', async () => {
    const photo = await processPhoto(await gradientJpegWithGps(700, 500), { avif: 'defer' });
    await expectStored(originalKey(photo.mediaId, 'jpg'));
    await deleteMedia(photo.mediaId);
    expect(await findOriginalKey(photo.mediaId)).toBeNull();
    await expectNotStored(originalKey(photo.mediaId, 'jpg'));
    expect(await storedKeys(mediaPrefix(photo.mediaId))).toEqual([]);
    expect(filesOnDisk().filter((f) => f.includes(photo.mediaId))).toEqual([]);
    await generateAvif(photo.mediaId);
    expect(await storedKeys(mediaPrefix(photo.mediaId))).toEqual([]);
  });

  it('uses a given media id and refuses an invalid one', async () => {
    const mediaId = 'demo-coast-01';
    const photo = await processPhoto(await gradientJpegWithGps(400, 300), { mediaId, avif: 'defer' });
    expect(photo.mediaId).toBe(mediaId);
    await expectStored(derivativeKey(mediaId, 320, 'webp'));
    await expect(processPhoto(Buffer.alloc(10), { mediaId: '../x' })).rejects.toThrow(RangeError);
  });
});

describe('processPhoto refusals leave no file behind', () => {
  it('refuses a PNG header claiming 50000x50000 with 413', async () => {
    await expectRejected(pngHeaderClaiming(50_000, 50_000), [413]);
  });

  it('refuses a real 105-megapixel PNG of a few hundred KB with 413', async () => {
    const bomb = await sharp({
      create: { width: 10_500, height: 10_000, channels: 3, background: '#336699' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    await expectRejected(bomb, [413]);
  });

  it('refuses SVG and HTML named .jpg with 415', async () => {
    const svg = join(work, 'photo.jpg');
    writeFileSync(
      svg,
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">' +
        '<script>alert(1)</script><rect width="100%" height="100%" fill="red"/></svg>',
    );
    await expectRejected(svg, [415]);
    const html = join(work, 'page.jpg');
    writeFileSync(html, '<!doctype html><html><body><script>alert(1)</script></body></html>');
    await expectRejected(html, [415]);
    await expectRejected(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), [415]);
  });

  it('refuses a polyglot (GIF magic followed by HTML) and a truncated JPEG', async () => {
    await expectRejected(Buffer.from('GIF89a<html><script>alert(1)</script></html>'), [400, 415]);
    const jpeg = await gradientJpegWithGps(800, 600);
    await expectRejected(jpeg.subarray(0, Math.floor(jpeg.length / 2)), [400]);
  });

  it('refuses HEIC-branded ISO-BMFF and empty input with 415', async () => {
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
    ]);
    await expectRejected(heic, [415]);
    await expectRejected(Buffer.alloc(0), [415]);
  });
});
