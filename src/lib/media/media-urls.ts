// URL builders for processed photos, shared by Astro pages and React islands.
// Pure and isomorphic: no node imports, so the client bundle can use it.

import { MEDIA_WIDTHS, type MediaFormat } from '~/lib/platform/shared/media-keys';

export {
  isMediaWidth,
  isValidMediaId,
  MEDIA_CONTENT_TYPES,
  MEDIA_FORMATS,
  MEDIA_WIDTHS,
  type MediaFormat,
} from '~/lib/platform/shared/media-keys';

/** What a page needs to render a processed photo without layout shift. */
export interface PhotoMedia {
  mediaId: string;
  width: number;
  height: number;
  dominantColor: string | null;
  /** A tiny blurred WebP as a data: URL, usable directly as a CSS background-image. */
  placeholder: string | null;
}

/** The media columns every table with processed media keeps (photos, uploads, backgrounds, drone samples). */
export interface MediaColumns {
  mediaId: string | null;
  width: number | null;
  height: number | null;
  dominantColor: string | null;
  placeholder: string | null;
}

/** The media columns to write for processed media (or for a stored row's, copied to another row). */
export function mediaColumns(media: MediaColumns): MediaColumns {
  return {
    mediaId: media.mediaId,
    width: media.width,
    height: media.height,
    dominantColor: media.dominantColor,
    placeholder: media.placeholder,
  };
}

/** A stored row's media (a photo, an upload, a background, a drone sample): null until it is processed. */
export function mediaFacts(row: MediaColumns): PhotoMedia | null {
  if (!row.mediaId || !row.width || !row.height) return null;
  return {
    mediaId: row.mediaId,
    width: row.width,
    height: row.height,
    dominantColor: row.dominantColor,
    placeholder: row.placeholder,
  };
}

/** Widths made for an original: ladder entries not wider than it, or the original width if below the ladder. */
export function widthsFor(originalWidth: number): number[] {
  const w = Math.floor(originalWidth);
  if (!Number.isFinite(w) || w < 1) return [];
  const ladder = MEDIA_WIDTHS.filter((x) => x <= w);
  return ladder.length > 0 ? ladder : [w];
}

export function mediaUrl(mediaId: string, width: number, format: MediaFormat): string {
  return `/media/${encodeURIComponent(mediaId)}/${width}.${format}`;
}

export function srcset(mediaId: string, widths: readonly number[], format: MediaFormat): string {
  return widths.map((w) => `${mediaUrl(mediaId, w, format)} ${w}w`).join(', ');
}

/** Height of the derivative of a given width: the original's aspect ratio, rounded (images.ts uses it too). */
export function heightAt(media: Pick<PhotoMedia, 'width' | 'height'>, width: number): number {
  return Math.max(1, Math.round((media.height * width) / media.width));
}

/** A small JPEG derivative for a thumbnail, or the address itself when there is none. */
export function thumbnailUrl(imageUrl: string, mediaId?: string | null, width?: number | null): string {
  if (!mediaId || !width) return imageUrl;
  const w =
    widthsFor(width)
      .filter((x) => x <= 640)
      .at(-1) ?? widthsFor(width)[0];
  return w ? mediaUrl(mediaId, w, 'jpg') : imageUrl;
}

/** The media id in a /media/{id}/… address, if it is one. */
export function mediaIdOf(url: string | null | undefined): string | null {
  return url ? (/^\/media\/([A-Za-z0-9_-]{8,64})\//.exec(url)?.[1] ?? null) : null;
}
