// A print file as a lab gets it: the print area in the photo's orientation, cropped or fitted on
// white as asked, upright, sRGB, without the original's location or camera, and the MD5 of the
// bytes written; and its signed address, which names one print file until it expires.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '~/lib/platform/server/http/http';
import { gpsJpeg } from '~tests/helpers/gallery-factories';
import { areaForPhoto, extractRect, printFileKey, renderPrintFile } from './print-file.server';
import { PRINT_FILE_URL_PATH, printFileKeyOf, printFileUrl } from './print-file-url.server';

const dir = mkdtempSync(join(tmpdir(), 'wicklow-print-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const out = () => join(dir, `print-${n++}.jpg`);

/** A photo whose left half is red and right half blue, so a crop can be seen. */
async function halves(width: number, height: number, orientation?: number): Promise<string> {
  const path = join(dir, `source-${n++}.jpg`);
  const half = Math.floor(width / 2);
  let img = sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    {
      input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
      left: 0,
      top: 0,
    },
  ]);
  if (orientation) img = sharp(await img.jpeg().toBuffer()).withMetadata({ orientation });
  await img.jpeg({ quality: 95 }).toFile(path);
  return path;
}

const pixel = async (path: string, x: number, y: number) => {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]] as number[];
};
const near = (rgb: number[], want: number[]) => rgb.every((v, i) => Math.abs(v - (want[i] ?? 0)) < 24);

describe('the print area', () => {
  it('turns to the photo: long side along its long side', () => {
    const area = { widthPx: 4800, heightPx: 7200 };
    expect(areaForPhoto(area, { width: 6000, height: 4000 })).toEqual({ widthPx: 7200, heightPx: 4800 });
    expect(areaForPhoto(area, { width: 4000, height: 6000 })).toEqual({ widthPx: 4800, heightPx: 7200 });
    expect(areaForPhoto({ widthPx: 3000, heightPx: 3000 }, { width: 10, height: 20 })).toEqual({
      widthPx: 3000,
      heightPx: 3000,
    });
  });

  it('cuts the rectangle that fills it along the one axis where the shapes differ, at a position', () => {
    const photo = { width: 6000, height: 4000 };
    // A 16x20 print of a 3:2 photo keeps 5000 of its 6000 px width.
    const area = { widthPx: 6000, heightPx: 4800 };
    expect(extractRect(photo, area, 0)).toEqual({ left: 0, top: 0, width: 5000, height: 4000 });
    expect(extractRect(photo, area)).toEqual({ left: 500, top: 0, width: 5000, height: 4000 });
    expect(extractRect(photo, area, 1)).toEqual({ left: 1000, top: 0, width: 5000, height: 4000 });
    expect(extractRect(photo, area, 0.25)).toEqual({ left: 250, top: 0, width: 5000, height: 4000 });
    // Squarer than the photo's shape: a square photo into an 8x12 landscape area keeps 2/3 of the height.
    expect(extractRect({ width: 3000, height: 3000 }, { widthPx: 3600, heightPx: 2400 }, 1)).toEqual({
      left: 0,
      top: 1000,
      width: 3000,
      height: 2000,
    });
    // The same shape: the whole photo; out of range: kept inside it.
    expect(extractRect(photo, { widthPx: 3600, heightPx: 2400 }, 0)).toEqual({ left: 0, top: 0, ...photo });
    expect(extractRect(photo, area, 9)).toEqual(extractRect(photo, area, 1));
    expect(extractRect(photo, area, -1)).toEqual(extractRect(photo, area, 0));
  });

  it('names a file per order line and size, with nothing from outside the key alphabet', () => {
    expect(printFileKey('ord/../x', 'line 1', { widthPx: 7200, heightPx: 4800 })).toBe(
      'lab/print-files/ord____x/line_1-7200x4800.jpg',
    );
  });
});

describe('a print file', () => {
  it('fills a landscape area from a landscape photo, at its pixels, without the original’s metadata', async () => {
    const source = join(dir, 'gps.jpg');
    await sharp(await gpsJpeg('#336699', 1200, 800)).toFile(source);
    const output = out();
    const made = await renderPrintFile(source, output, { widthPx: 400, heightPx: 600 }, 'fillPrintArea');
    expect(made).toMatchObject({ widthPx: 600, heightPx: 400 });
    const bytes = readFileSync(output);
    expect(made.bytes).toBe(bytes.length);
    expect(made.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    const meta = await sharp(output).metadata();
    expect([meta.format, meta.width, meta.height, meta.space]).toEqual(['jpeg', 600, 400, 'srgb']);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Mavic'))).toBe(false);
  });

  it('crops from the centre to fill, and keeps the whole photo on white to fit', async () => {
    // A 2:1 photo into a 1:1 area.
    const source = await halves(800, 400);
    const filled = out();
    await renderPrintFile(source, filled, { widthPx: 300, heightPx: 300 }, 'fillPrintArea');
    expect(near(await pixel(filled, 5, 150), [255, 0, 0])).toBe(true);
    expect(near(await pixel(filled, 294, 150), [0, 0, 255])).toBe(true);
    const fitted = out();
    await renderPrintFile(source, fitted, { widthPx: 300, heightPx: 300 }, 'fitPrintArea');
    // 300×150 of photo in the middle, white above and below.
    expect(near(await pixel(fitted, 150, 10), [255, 255, 255])).toBe(true);
    expect(near(await pixel(fitted, 150, 289), [255, 255, 255])).toBe(true);
    expect(near(await pixel(fitted, 5, 150), [255, 0, 0])).toBe(true);
  });

  it('crops at the photographer’s position: the left edge keeps only red, the right edge only blue', async () => {
    // A 2:1 photo into a 1:1 area keeps half its width: at 0 the red half, at 1 the blue half.
    const source = await halves(800, 400);
    const left = out();
    await renderPrintFile(source, left, { widthPx: 300, heightPx: 300 }, 'fillPrintArea', 0);
    expect(near(await pixel(left, 5, 150), [255, 0, 0])).toBe(true);
    expect(near(await pixel(left, 290, 150), [255, 0, 0])).toBe(true);
    const right = out();
    const made = await renderPrintFile(source, right, { widthPx: 300, heightPx: 300 }, 'fillPrintArea', 1);
    expect([made.widthPx, made.heightPx]).toEqual([300, 300]);
    expect(near(await pixel(right, 10, 150), [0, 0, 255])).toBe(true);
    expect(near(await pixel(right, 294, 150), [0, 0, 255])).toBe(true);
  });

  it('moves the crop along the upright photo of a file stored on its side', async () => {
    // Stored 800×400 with orientation 6: upright 400×800, red on top. A square area keeps half the
    // height: at 1 (the bottom) only blue.
    const source = await halves(800, 400, 6);
    const output = out();
    await renderPrintFile(source, output, { widthPx: 200, heightPx: 200 }, 'fillPrintArea', 1);
    expect(near(await pixel(output, 100, 5), [0, 0, 255])).toBe(true);
    expect(near(await pixel(output, 100, 194), [0, 0, 255])).toBe(true);
  });

  it('sends a photo stored on its side upright, in its upright orientation', async () => {
    // Stored 800×400 with orientation 6 (turn 90° clockwise): upright it is 400×800, portrait.
    const source = await halves(800, 400, 6);
    const output = out();
    const made = await renderPrintFile(source, output, { widthPx: 600, heightPx: 300 }, 'fillPrintArea');
    expect([made.widthPx, made.heightPx]).toEqual([300, 600]);
    expect((await sharp(output).metadata()).orientation).toBeUndefined();
    // The red half, on the left as stored, is at the top once turned clockwise.
    expect(near(await pixel(output, 150, 5), [255, 0, 0])).toBe(true);
    expect(near(await pixel(output, 150, 594), [0, 0, 255])).toBe(true);
  });

  it('refuses a file that is not an image', async () => {
    const broken = join(dir, 'broken.jpg');
    writeFileSync(broken, 'this is not a photo');
    await expect(
      renderPrintFile(broken, out(), { widthPx: 10, heightPx: 10 }, 'fillPrintArea'),
    ).rejects.toThrow();
  });
});

describe('the signed address of a print file', () => {
  const secret = 'a-test-secret-that-is-long-enough-0123456789';
  const key = 'lab/print-files/ord1/line1-7200x4800.jpg';
  const now = Date.UTC(2026, 10, 29, 12);
  const tokenOf = (url: string) => url.slice(url.indexOf(PRINT_FILE_URL_PATH) + PRINT_FILE_URL_PATH.length);
  const status = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err instanceof HttpError ? err.status : 'not an HttpError';
    }
    return 'no error';
  };

  it('names its file for a week', () => {
    const url = printFileUrl(key, { siteUrl: 'https://example.ie', now, secret });
    expect(url.startsWith('https://example.ie/api/lab/files/')).toBe(true);
    const token = tokenOf(url);
    expect(printFileKeyOf(token, { now: now + 6 * 24 * 3600_000, secret })).toBe(key);
    expect(status(() => printFileKeyOf(token, { now: now + 7 * 24 * 3600_000, secret }))).toBe(410);
  });

  it('is refused when changed, signed with another secret, or cut short', () => {
    const token = tokenOf(printFileUrl(key, { siteUrl: 'https://example.ie', now, secret }));
    const [k, exp, sig] = token.split('.') as [string, string, string];
    const other = Buffer.from('lab/print-files/ord2/line1-7200x4800.jpg').toString('base64url');
    for (const bad of [
      `${other}.${exp}.${sig}`,
      `${k}.${Number(exp) + 3600}.${sig}`,
      `${k}.${exp}.${sig.slice(0, -2)}AA`,
      `${k}.${exp}`,
      '',
      '..',
    ]) {
      expect(
        status(() => printFileKeyOf(bad, { now, secret })),
        bad,
      ).toBe(403);
    }
    expect(status(() => printFileKeyOf(token, { now, secret: `${secret}x` }))).toBe(403);
  });

  it('is never made for, nor answers, a key outside the print files', () => {
    expect(() => printFileUrl('originals/abc.jpg', { siteUrl: 'https://example.ie', now, secret })).toThrow();
    expect(() =>
      printFileUrl('lab/print-files/../originals/abc.jpg', { siteUrl: 'https://example.ie', now, secret }),
    ).toThrow();
  });
});
