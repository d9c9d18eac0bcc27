// The file a print lab prints from: the photo's original at the pixel size of a product's print
// area (a 16×24 in fine-art print at 300 dpi asks for 4800×7200), made with sharp and kept in the
// store under lab/print-files/, privately. The lab downloads it through a signed URL that expires
// (print-file-url.server.ts) and checks it against its MD5.
//
// - The area is turned to the photo's own orientation: a lab gives a portrait area for a product
//   it prints either way round, and a landscape photo is sent landscape.
// - `fillPrintArea` crops the photo to the area's shape, along the one axis where the shapes differ,
//   at the position the photographer chose for that print (0 left or top, 0.5 centre, 1 right or
//   bottom; the centre by default): the rectangle is cut first, then resized, so the crop is exactly
//   the one the owner saw. `fitPrintArea` keeps the whole photo inside the area on white;
//   `stretchToPrintArea` distorts it to fill.
// - sRGB, 8 bits, JPEG quality 92 with full colour resolution (4:4:4), upright, and no metadata:
//   no location, serial number or camera details reach the lab. The encoder streams: a 24 MP
//   original made into 4800×7200 peaks at about 90 MB.
// - libvips reads the original in strips as it resizes, so a 24 MP original does not sit in
//   memory whole; the result is written to tmp/ and moved into the store.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '~/lib/media/images.server';
import { getStorage, storeFile, withLocalCopy } from '~/lib/platform/server/storage/object-store';
import { PRINT_FILE_ROOT, tmpPath } from '~/lib/platform/server/storage/storage';
import type { PrintArea, Sizing } from './lab';

/** Where print files are kept in the store: private, never at a public address. */
export const PRINT_FILE_PREFIX = PRINT_FILE_ROOT;

/** What sharp is asked for, per way of meeting the area. */
const FITS: Record<Sizing, 'cover' | 'contain' | 'fill'> = {
  fillPrintArea: 'cover',
  fitPrintArea: 'contain',
  stretchToPrintArea: 'fill',
};

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

export interface PrintFile {
  key: string;
  widthPx: number;
  heightPx: number;
  bytes: number;
  /** Hex MD5 of the file, as the lab checks it. */
  md5: string;
}

/** The print area in the photo's orientation: its long side along the photo's long side. */
export function areaForPhoto(
  area: Pick<PrintArea, 'widthPx' | 'heightPx'>,
  photo: { width: number; height: number },
): { widthPx: number; heightPx: number } {
  const long = Math.max(area.widthPx, area.heightPx);
  const short = Math.min(area.widthPx, area.heightPx);
  return photo.width >= photo.height
    ? { widthPx: long, heightPx: short }
    : { widthPx: short, heightPx: long };
}

/** A rectangle of whole pixels inside the photo, as sharp's extract takes it. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The pixels of an upright photo that fill an area of another shape (cover, never stretched), cut
 * along the one axis where the shapes differ, with the kept window at `position` along it (0 left
 * or top, 0.5 centre, 1 right or bottom; clamped to that range): whole pixels, inside the photo, at
 * least one on each side.
 */
export function extractRect(
  photo: { width: number; height: number },
  area: { widthPx: number; heightPx: number },
  position = 0.5,
): PixelRect {
  const { width, height } = photo;
  const at = Number.isFinite(position) ? Math.min(1, Math.max(0, position)) : 0.5;
  const photoShape = width / height;
  const areaShape = area.widthPx / area.heightPx;
  if (photoShape > areaShape) {
    const w = Math.min(width, Math.max(1, Math.round(height * areaShape)));
    return { left: Math.round((width - w) * at), top: 0, width: w, height };
  }
  const h = Math.min(height, Math.max(1, Math.round(width / areaShape)));
  return { left: 0, top: Math.round((height - h) * at), width, height: h };
}

/** An id as a key segment: only letters, digits, _ and -. */
const segment = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');

/** The folder of an order's print files. */
const orderFolder = (orderId: string) => `${PRINT_FILE_PREFIX}${segment(orderId)}/`;

/** The key of an order line's print file: one per line and size, so a remake replaces it. */
export function printFileKey(orderId: string, lineId: string, area: { widthPx: number; heightPx: number }) {
  return `${orderFolder(orderId)}${segment(lineId)}-${area.widthPx}x${area.heightPx}.jpg`;
}

/**
 * Writes the print file of the image at `input` to `output`, and says what was written. A crop
 * (fillPrintArea) keeps the window at `cropPosition` (0.5: the centre).
 */
export async function renderPrintFile(
  input: string,
  output: string,
  area: Pick<PrintArea, 'widthPx' | 'heightPx'>,
  sizing: Sizing,
  cropPosition = 0.5,
): Promise<Omit<PrintFile, 'key'>> {
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await source.metadata();
  // Orientations 5 to 8 are stored on their side: the upright photo has width and height swapped.
  const sideways = (meta.orientation ?? 1) >= 5;
  const photo = sideways
    ? { width: meta.height ?? 0, height: meta.width ?? 0 }
    : { width: meta.width ?? 0, height: meta.height ?? 0 };
  const size = areaForPhoto(area, photo);
  let upright = source.autoOrient();
  // The crop is cut before the resize, in the upright photo's pixels (sharp orients first when
  // autoOrient precedes extract), so the resize only scales: `cover` then has nothing left to cut.
  if (sizing === 'fillPrintArea' && photo.width > 0 && photo.height > 0) {
    upright = upright.extract(extractRect(photo, size, cropPosition));
  }
  const info = await upright
    .resize(size.widthPx, size.heightPx, { fit: FITS[sizing], position: 'centre', background: WHITE })
    .flatten({ background: WHITE })
    .toColourspace('srgb')
    // Huffman tables optimised per image would hold the whole file's coefficients in memory
    // (about 480 MB at 4800×7200, against 90 MB without) for a file some 5% smaller.
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4', optimiseCoding: false })
    .toFile(output);
  return { widthPx: info.width, heightPx: info.height, bytes: info.size, md5: await md5Of(output) };
}

async function md5Of(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Makes an order line's print file from the original stored under `originalKey` and keeps it
 * under its key (printFileKey), replacing an earlier one of the same line and size. A crop keeps
 * the window at `cropPosition` (the centre by default).
 */
export async function makePrintFile(
  originalKey: string,
  line: { orderId: string; lineId: string },
  area: Pick<PrintArea, 'widthPx' | 'heightPx'>,
  sizing: Sizing,
  cropPosition = 0.5,
): Promise<PrintFile> {
  const output = tmpPath('print.jpg');
  await mkdir(dirname(output), { recursive: true });
  const made = await withLocalCopy(originalKey, (input) =>
    renderPrintFile(input, output, area, sizing, cropPosition),
  ).catch(async (err: unknown) => {
    await rm(output, { force: true });
    throw err;
  });
  const key = printFileKey(line.orderId, line.lineId, made);
  await storeFile(key, output, { contentType: 'image/jpeg' });
  return { key, ...made };
}

/** Removes an order's print files (once the lab has made the order, or it was cancelled). */
export async function deletePrintFiles(orderId: string): Promise<void> {
  const store = getStorage();
  for await (const object of store.list(orderFolder(orderId))) await store.delete(object.key);
}
