// Removes where a photo was taken and which camera took it from a delivered JPEG, without touching
// its image data: a drone's launch site can be a client's home. Only the header segments before the
// image data are read and rewritten (a few kilobytes, at most MAX_HEAD_BYTES), so the rest of the
// file streams from disk unchanged and a photo is never recompressed.
//   - EXIF: the GPS directory and the body, lens and camera serial numbers, the owner's name and the
//     maker note (where makers keep serials, sometimes GPS) are taken out, and their bytes zeroed.
//     The EXIF thumbnail (a second, small image) and its directory are taken out too.
//   - Every other metadata segment is dropped whole: XMP (which repeats GPS and serials in text),
//     IPTC (place names, sublocation), MPF (the index of the preview images cameras append), maker
//     segments and comments. Kept: JFIF, the ICC colour profile, Adobe's colour transform and the
//     cleaned EXIF (orientation, camera, exposure).
//   - Cameras append previews after the main image's end (MPF, or a plain second JPEG), each with
//     its own EXIF, GPS and serial: jpegEnd finds where the main image ends, and nothing after it is
//     delivered. A segment of metadata between the image's scans makes it unreadable here.
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
const JFIF_IDS = ['JFIF\0', 'JFXX\0'].map((s) => Buffer.from(s, 'latin1'));
const ICC_ID = Buffer.from('ICC_PROFILE\0', 'latin1');
const ADOBE_ID = Buffer.from('Adobe', 'latin1');
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const startsWith = (body: Buffer, id: Buffer) => body.subarray(0, id.length).equals(id);

/** Whether a metadata segment (APPn, COM) is one the image needs to look right. */
function isImageSegment(marker: number, body: Buffer): boolean {
  if (marker === APP0) return JFIF_IDS.some((id) => startsWith(body, id));
  if (marker === APP2) return startsWith(body, ICC_ID);
  if (marker === APP14) return startsWith(body, ADOBE_ID);
  return false;
}

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
    const metadata = (marker >= APP0 && marker <= 0xef) || marker === COM;
    if (marker === APP1 && startsWith(body, EXIF_ID)) {
      const copy = Buffer.from(segment);
      if (cleanTiff(copy.subarray(4 + 6))) kept.push(copy);
    } else if (!metadata || isImageSegment(marker, body)) {
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
  /** A SHORT or LONG value of count 1 (an offset, a length), or null. */
  const single = (entry: number): number | null => {
    if (u32(entry + 4) !== 1) return null;
    const type = u16(entry + 2);
    return type === 3 ? u16(entry + 8) : type === 4 ? u32(entry + 8) : null;
  };
  /**
   * Zeroes the directories after the main one (IFD1: the thumbnail, a small JPEG or one strip)
   * with the thumbnail's bytes; false when a thumbnail's place cannot be read safely.
   */
  const wipeThumbnails = (first: number): boolean => {
    for (let ifd = first; ifd !== 0; ) {
      if (seen.has(ifd)) return true;
      seen.add(ifd);
      const entries = entriesOf(ifd);
      if (!entries) return false;
      const next = u32(ifd + 2 + entries.length * 12);
      const tags = new Map(entries.map((e) => [u16(e), e]));
      for (const [offsetTag, lengthTag] of [
        [0x0201, 0x0202], // JPEGInterchangeFormat, its length
        [0x0111, 0x0117], // StripOffsets, StripByteCounts
      ] as const) {
        const [o, l] = [tags.get(offsetTag), tags.get(lengthTag)];
        if (o === undefined && l === undefined) continue;
        const [at, size] = [o === undefined ? null : single(o), l === undefined ? null : single(l)];
        if (at === null || size === null || !fits(at, size)) return false;
        tiff.fill(0, at, at + size);
      }
      if (!entries.every(wipeValue)) return false;
      tiff.fill(0, ifd, ifd + 2 + entries.length * 12 + 4);
      ifd = next;
    }
    return true;
  };
  const clean = (ifd: number, main = false): boolean => {
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
    if (!main) return next === 0 || clean(next);
    if (next === 0) return true;
    if (!wipeThumbnails(next)) return false;
    tiff.fill(0, ifd + 2 + u16(ifd) * 12, ifd + 2 + u16(ifd) * 12 + 4);
    return true;
  };
  return clean(u32(4), true);
}

/**
 * Markers that may come after the image data has begun: frame headers, tables, scans, restart
 * intervals (a progressive JPEG has many scans, with tables between them). Anything else there
 * (metadata, another image's start) is not a JPEG this module will pass on unread.
 */
function isImageMarker(marker: number): boolean {
  return (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || (marker >= 0xda && marker <= 0xdf);
}

const EOI = 0xd9;
const SOS = 0xda;
const isRestart = (byte: number) => byte >= 0xd0 && byte <= 0xd7;

/**
 * Where a JPEG's main image ends. Fed the file's bytes from its first start of scan on (a
 * CleanHead's restOffset), chunk by chunk, it walks the scans (entropy-coded data, where a 0xFF
 * byte is followed by 0x00 or a restart marker) and the segments between them, until the end of
 * image marker: `end` is then the offset just past it. It reads every byte once, with indexOf for
 * the 0xFF bytes, so a 24 MP file takes milliseconds.
 */
export class JpegEndFinder {
  /** The offset just past the main image's end-of-image marker, once found. */
  end: number | null = null;
  private state: 'marker' | 'code' | 'len1' | 'len2' | 'skip' | 'entropy' | 'entropyFF' = 'marker';
  private offset: number;
  private marker = 0;
  private length = 0;
  private toSkip = 0;

  constructor(start: number) {
    this.offset = start;
  }

  /** Feeds the next bytes; true once the end is found. Throws UnreadableJpeg for what it cannot walk. */
  push(chunk: Buffer): boolean {
    let i = 0;
    while (i < chunk.length && this.end === null) {
      switch (this.state) {
        case 'entropy': {
          const ff = chunk.indexOf(0xff, i);
          if (ff < 0) i = chunk.length;
          else {
            i = ff + 1;
            this.state = 'entropyFF';
          }
          break;
        }
        case 'entropyFF': {
          const byte = chunk[i++] as number;
          if (byte === 0x00 || isRestart(byte)) this.state = 'entropy';
          else if (byte !== 0xff) this.onMarker(byte, this.offset + i);
          break;
        }
        case 'marker':
          if (chunk[i++] !== 0xff) throw new UnreadableJpeg('Broken JPEG segment after the image data');
          this.state = 'code';
          break;
        case 'code': {
          const byte = chunk[i++] as number;
          if (byte !== 0xff) this.onMarker(byte, this.offset + i);
          break;
        }
        case 'len1':
          this.length = (chunk[i++] as number) << 8;
          this.state = 'len2';
          break;
        case 'len2':
          this.length |= chunk[i++] as number;
          if (this.length < 2) throw new UnreadableJpeg('Broken JPEG segment after the image data');
          this.toSkip = this.length - 2;
          this.state = 'skip';
          if (this.toSkip === 0) this.afterSegment();
          break;
        case 'skip': {
          const n = Math.min(this.toSkip, chunk.length - i);
          i += n;
          this.toSkip -= n;
          if (this.toSkip === 0) this.afterSegment();
          break;
        }
      }
    }
    this.offset += chunk.length;
    return this.end !== null;
  }

  private onMarker(marker: number, after: number): void {
    if (marker === EOI) {
      this.end = after;
      return;
    }
    if (isRestart(marker)) {
      this.state = 'marker';
      return;
    }
    if (!isImageMarker(marker)) throw new UnreadableJpeg('Metadata or another image inside the image data');
    this.marker = marker;
    this.state = 'len1';
  }

  private afterSegment(): void {
    this.state = this.marker === SOS ? 'entropy' : 'marker';
  }
}

/**
 * The offset just past the main image of a JPEG whose bytes from `start` (its first start of
 * scan) `bytes` yields; the file's length when it has no end-of-image marker (a file cut short
 * has nothing after its image to leave out).
 */
export async function jpegEnd(
  bytes: AsyncIterable<Buffer>,
  start: number,
  fileSize: number,
): Promise<number> {
  const finder = new JpegEndFinder(start);
  for await (const chunk of bytes) if (finder.push(chunk)) return finder.end as number;
  return fileSize;
}
