// Removes where a photo was taken and which camera took it from a delivered JPEG, without touching
// its image data: a drone's launch site can be a client's home. Only the header segments before the
// image data are read and rewritten (a few kilobytes, at most MAX_HEAD_BYTES), so the rest of the
// file streams from disk unchanged and a photo is never recompressed.
//   - EXIF: the GPS directory and the body, lens and camera serial numbers, the owner's name and the
//     maker note (where makers keep serials, sometimes GPS) are taken out, and their bytes zeroed.
//   - XMP (which repeats GPS and serials in text) is dropped whole.
// A header that cannot be read safely loses its EXIF segment whole rather than keep a location.
import { open } from 'node:fs/promises';

export const MAX_HEAD_BYTES = 4 * 1024 * 1024;

const GPS_IFD = 0x8825;
const EXIF_IFD = 0x8769;
const PRIVATE_TAGS = new Set([
  0xa430, // CameraOwnerName
  0xa431, // BodySerialNumber
  0xa435, // LensSerialNumber
  0xc62f, // CameraSerialNumber
  0x927c, // MakerNote
]);
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
};
const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');
const XMP_IDS = ['http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'].map((s) =>
  Buffer.from(s, 'latin1'),
);

export class UnreadableJpeg extends Error {}

/** The rewritten header of a JPEG and where its unchanged rest starts in the file. */
export interface CleanHead {
  head: Buffer;
  restOffset: number;
}

/** Reads a JPEG's header segments (up to its image data) and returns them without location or serials. */
export async function cleanJpegHead(path: string): Promise<CleanHead> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const want = Math.min(size, MAX_HEAD_BYTES);
    const buf = Buffer.alloc(want);
    const { bytesRead } = await fh.read(buf, 0, want, 0);
    return cleanHead(buf.subarray(0, bytesRead), size);
  } finally {
    await fh.close();
  }
}

/** The same over bytes in memory holding at least the whole header (exported for unit tests). */
export function cleanHead(buf: Buffer, fileSize = buf.length): CleanHead {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) throw new UnreadableJpeg('Not a JPEG');
  const kept: Buffer[] = [buf.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 4 > buf.length) {
      throw new UnreadableJpeg(fileSize > buf.length ? 'JPEG header too large' : 'JPEG header cut short');
    }
    if (buf[at] !== 0xff) throw new UnreadableJpeg('Broken JPEG segment');
    const marker = buf[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Start of scan: the image data follows and is left as it is.
    if (marker === 0xda) return { head: Buffer.concat(kept), restOffset: at };
    const length = buf.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > buf.length) throw new UnreadableJpeg('JPEG segment past the header');
    const segment = buf.subarray(at, end);
    const body = segment.subarray(4);
    if (marker === 0xe1 && XMP_IDS.some((id) => body.subarray(0, id.length).equals(id))) {
      // XMP: dropped
    } else if (marker === 0xe1 && body.subarray(0, 6).equals(EXIF_ID)) {
      const copy = Buffer.from(segment);
      if (cleanTiff(copy.subarray(4 + 6))) kept.push(copy);
    } else {
      kept.push(segment);
    }
    at = end;
  }
}

/** Cleans an EXIF TIFF block in place; false when it cannot be read safely (the caller drops it). */
function cleanTiff(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const fits = (o: number, n: number) => o >= 8 && o + n <= tiff.length;

  const valueAt = (entry: number): { at: number; size: number } | null => {
    const size = (TYPE_SIZES[u16(entry + 2)] ?? 0) * u32(entry + 4);
    if (size <= 4) return { at: entry + 8, size };
    const at = u32(entry + 8);
    return fits(at, size) ? { at, size } : null;
  };
  const entriesOf = (ifd: number): number[] | null => {
    if (!fits(ifd, 2)) return null;
    const n = u16(ifd);
    if (!fits(ifd + 2, n * 12 + 4)) return null;
    return Array.from({ length: n }, (_, i) => ifd + 2 + i * 12);
  };
  const wipeValue = (entry: number): boolean => {
    const value = valueAt(entry);
    if (value) tiff.fill(0, value.at, value.at + value.size);
    return value !== null;
  };
  const wipeGps = (ifd: number): boolean => {
    const entries = entriesOf(ifd);
    if (!entries?.every(wipeValue)) return false;
    tiff.fill(0, ifd, ifd + 2 + entries.length * 12 + 4);
    return true;
  };
  /** Takes entries out of a directory: the rest move up, the count and next pointer follow, the freed bytes are zeroed. */
  const removeEntries = (ifd: number, entries: number[], gone: Set<number>) => {
    const next = tiff.subarray(ifd + 2 + entries.length * 12, ifd + 2 + entries.length * 12 + 4);
    const kept = entries.filter((e) => !gone.has(e)).map((e) => Buffer.from(tiff.subarray(e, e + 12)));
    const nextCopy = Buffer.from(next);
    tiff.fill(0, ifd, ifd + 2 + entries.length * 12 + 4);
    if (le) tiff.writeUInt16LE(kept.length, ifd);
    else tiff.writeUInt16BE(kept.length, ifd);
    kept.forEach((e, i) => {
      e.copy(tiff, ifd + 2 + i * 12);
    });
    nextCopy.copy(tiff, ifd + 2 + kept.length * 12);
  };
  const seen = new Set<number>();
  const clean = (ifd: number): boolean => {
    if (seen.has(ifd)) return true;
    seen.add(ifd);
    const entries = entriesOf(ifd);
    if (!entries) return false;
    const next = u32(ifd + 2 + entries.length * 12);
    const gone = new Set<number>();
    for (const entry of entries) {
      const tag = u16(entry);
      if (tag === GPS_IFD) {
        if (!wipeGps(u32(entry + 8))) return false;
        gone.add(entry);
      }
      if (tag === EXIF_IFD && !clean(u32(entry + 8))) return false;
      if (PRIVATE_TAGS.has(tag)) {
        if (!wipeValue(entry)) return false;
        gone.add(entry);
      }
    }
    if (gone.size) removeEntries(ifd, entries, gone);
    return next === 0 || clean(next);
  };
  return clean(u32(4));
}
