// The viewing copies of a gallery's photos and video posters. While a gallery is marked (proofing,
// or watermarked and not yet released), a copy is made from a derivative no wider than
// MARKED_MAX_PX with the site's name across it, so nothing served can stand in for the photo;
// the originals are never read here. A marked copy is made once per photo, width and version of
// the mark, and kept privately beside the derivatives (kept-copies.server.ts): a reload or a
// hundred clients at once cost one encode. Once released, the derivatives themselves are served.
// Derivatives are read through the store, at their private keys (galleries/media/): the file in
// place on this machine, the object on S3.
import sharp from 'sharp';
import { widthsFor } from '~/lib/media/media-urls';
import { derivativeKey, keptCopyKey } from '~/lib/platform/server/storage/storage';
import type { MediaFormat } from '~/lib/platform/shared/media-keys';
import { SITE_NAME } from '~/lib/site/constants';
import type { Gallery } from './gallery-access.server';
import { MARKED_MAX_PX, viewsMarked } from './gallery-delivery';
import { type GalleryFile, storedBytes } from './gallery-store.server';
import { keptCopy, settingsVersion } from './kept-copies.server';

/**
 * A gallery file's derivative: at its private key; until the move at start has carried an older
 * site's files there (gallery-media.server.ts), at the public key they were written to.
 */
async function derivative(mediaId: string, width: number, format: MediaFormat): Promise<Buffer | null> {
  return (
    (await storedBytes(derivativeKey(mediaId, width, format, 'private'))) ??
    storedBytes(derivativeKey(mediaId, width, format))
  );
}

/** A viewing copy's bytes (a derivative, or the kept marked copy). */
export interface ViewingCopy {
  bytes: Buffer;
  type: string;
}

const TYPES: Record<'webp' | 'jpg', string> = { webp: 'image/webp', jpg: 'image/jpeg' };

/** The widths a gallery's viewing copies come in for a file (capped while marked). */
export function viewWidths(gallery: Gallery, width: number): number[] {
  const all = widthsFor(width);
  if (!viewsMarked(gallery)) return all;
  const capped = all.filter((w) => w <= MARKED_MAX_PX);
  return capped.length ? capped : all.slice(0, 1);
}

/** The viewing copy of a file at a width (the nearest one made at or below it) and format. */
export async function viewingCopy(
  gallery: Gallery,
  file: GalleryFile,
  width: number,
  format: 'webp' | 'jpg',
): Promise<ViewingCopy | null> {
  if (!file.mediaId || !file.width) return null;
  const widths = viewWidths(gallery, file.width);
  const chosen = [...widths].reverse().find((w) => w <= width) ?? widths[0];
  if (chosen === undefined) return null;
  if (!viewsMarked(gallery)) {
    const bytes = await derivative(file.mediaId, chosen, format);
    return bytes && { bytes, type: TYPES[format] };
  }
  const mediaId = file.mediaId;
  const key = keptCopyKey(mediaId, 'proof', chosen, MARK_VERSION);
  const copy = await keptCopy(key, async () => {
    const source = await derivative(mediaId, chosen, 'jpg');
    return source && marked(source);
  });
  const bytes = copy && (copy.bytes ?? (await storedBytes(key)));
  return bytes && { bytes, type: 'image/jpeg' };
}

/** The width of the owner's thumbnails in the Galleries tab. */
const THUMB_PX = 320;

/**
 * The owner's thumbnail of a file: its derivative nearest THUMB_PX, unmarked (the owner sees the
 * photo itself). Gallery derivatives are private, never at /media (see gallery-media.server.ts),
 * so the Galleries tab reads them here, behind the owner's session.
 */
export async function ownerThumbnail(file: GalleryFile): Promise<ViewingCopy | null> {
  if (!file.mediaId || !file.width) return null;
  const widths = widthsFor(file.width);
  const chosen = widths.find((w) => w >= THUMB_PX) ?? widths.at(-1);
  if (chosen === undefined) return null;
  const bytes = await derivative(file.mediaId, chosen, 'jpg');
  return bytes && { bytes, type: TYPES.jpg };
}

/**
 * How the mark is drawn. A kept marked copy's key carries their version, so a change here (or of
 * the site's name) makes new copies; bump `drawing` when marked() itself draws differently.
 */
const MARK = {
  text: `${SITE_NAME} · PROOF · `,
  fillOpacity: 0.38,
  strokeOpacity: 0.18,
  angle: -18,
  quality: 78,
  drawing: 1,
} as const;
const MARK_VERSION = settingsVersion(MARK);

/** A derivative with the site's name repeated across it, semi-transparent. */
async function marked(source: Buffer): Promise<Buffer> {
  const image = sharp(source);
  const { width = 1, height = 1 } = await image.metadata();
  return image
    .composite([{ input: watermarkSvg(width, height), top: 0, left: 0 }])
    .jpeg({ quality: MARK.quality, mozjpeg: true })
    .toBuffer();
}

/**
 * The watermark of a marked copy as an SVG of that size (transparent around the text): laid over
 * a photo here, and over a proofing video's preview (gallery-video-preview.server.ts).
 */
export function watermarkSvg(width: number, height: number): Buffer {
  const size = Math.max(14, Math.round(Math.min(width, height) / 12));
  const rows = Math.ceil(height / (size * 3)) + 1;
  const text = Array.from({ length: rows }, (_, i) => {
    const y = Math.round((i + 0.6) * size * 3);
    const x = (i % 2) * size * 3 - size * 2;
    return `<text x="${x}" y="${y}">${MARK.text.repeat(Math.ceil(width / (size * 8)) + 2)}</text>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g font-family="sans-serif" font-size="${size}" fill="#fff" fill-opacity="${MARK.fillOpacity}" stroke="#000" stroke-opacity="${MARK.strokeOpacity}" transform="rotate(${MARK.angle} ${width / 2} ${height / 2})">${text}</g></svg>`,
  );
}
