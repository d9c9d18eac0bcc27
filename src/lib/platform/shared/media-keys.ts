// How a stored photo derivative is named: its media id, its width on the ladder and its format.
// The storage layer builds file paths from these alone, and the pages build URLs from them.

/** The ladder of derivative widths made for every photo (never wider than the original). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;

export const MEDIA_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

// base64url alphabet only: no dot, slash or percent, so an id can never walk out of its folder.
const MEDIA_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function isValidMediaId(id: unknown): id is string {
  return typeof id === 'string' && MEDIA_ID.test(id);
}

/** A width that can exist on disk: a ladder entry, or the width of an original smaller than the ladder. */
export function isMediaWidth(width: number): boolean {
  const smallest = MEDIA_WIDTHS[0];
  return (
    Number.isInteger(width) &&
    ((MEDIA_WIDTHS as readonly number[]).includes(width) || (width >= 1 && width < smallest))
  );
}
