// The upload types the site knows, recognised by their first bytes (never by name or by the
// browser's Content-Type): JPEG, PNG, GIF, WebP and TIFF images; MP4, MOV and AVI videos. Which of
// them an upload may be depends on its purpose (accepted-types.ts).

export interface DetectedType {
  mime: string;
  ext: string;
  kind: 'image' | 'video';
}

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

/** Enough bytes to decide. */
export const SNIFF_BYTES = 16;

export function detectFileType(head: Uint8Array): DetectedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  }
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') {
    return { mime: 'image/png', ext: 'png', kind: 'image' };
  }
  // TIFF, little-endian (II*\0) or big-endian (MM\0*); BigTIFF (version 43) is not accepted.
  if (head.length >= 4 && /^(II\*\0|MM\0\*)$/.test(ascii(head, 0, 4))) {
    return { mime: 'image/tiff', ext: 'tif', kind: 'image' };
  }
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) {
    return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return { mime: 'image/webp', ext: 'webp', kind: 'image' };
    if (form === 'AVI ') return { mime: 'video/x-msvideo', ext: 'avi', kind: 'video' };
  }
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
    // HEIF/AVIF stills also use ftyp boxes; they are not accepted uploads.
    if (/^(heic|heix|hevc|mif1|msf1|avif|avis)$/.test(brand)) return null;
    return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  }
  // Older QuickTime files start straight with a moov, mdat, wide or free atom.
  if (head.length >= 8 && /^(moov|mdat|wide|free|skip)$/.test(ascii(head, 4, 8))) {
    return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
  }
  return null;
}
