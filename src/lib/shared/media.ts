// URL builders for processed photos, shared by Astro pages and React islands.
// Pure and isomorphic: no node imports, so the client bundle can use it.

/** The ladder of derivative widths made for every photo (never wider than the original). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;

export const MEDIA_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** What a page needs to render a processed photo without layout shift. */
export interface PhotoMedia {
  mediaId: string;
  width: number;
  height: number;
  dominantColor: string | null;
  /** A tiny blurred WebP as a data: URL, usable directly as a CSS background-image. */
  placeholder: string | null;
}

// base64url alphabet only: no dot, slash or percent, so an id can never walk out of its folder.
const MEDIA_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function isValidMediaId(id: unknown): id is string {
  return typeof id === 'string' && MEDIA_ID.test(id);
}

/** Widths made for an original: ladder entries not wider than it, or the original width if below the ladder. */
export function widthsFor(originalWidth: number): number[] {
  const w = Math.floor(originalWidth);
  if (!Number.isFinite(w) || w < 1) return [];
  const ladder = MEDIA_WIDTHS.filter((x) => x <= w);
  return ladder.length > 0 ? ladder : [w];
}

/** A width that can exist on disk: a ladder entry, or the width of an original smaller than the ladder. */
export function isMediaWidth(width: number): boolean {
  const smallest = MEDIA_WIDTHS[0];
  return (
    Number.isInteger(width) &&
    ((MEDIA_WIDTHS as readonly number[]).includes(width) || (width >= 1 && width < smallest))
  );
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
