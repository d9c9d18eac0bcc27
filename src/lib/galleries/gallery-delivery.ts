// What a gallery gives its clients, from the owner's settings: the rules the pages, the islands
// and the file endpoints share.
import type { GalleryDownloads } from './gallery-rules';

interface Settings {
  downloads: GalleryDownloads;
  watermark: boolean;
  releasedAt: Date | null;
}

/**
 * A proofing gallery lets the client look and choose, never take: no downloads, only watermarked,
 * size-limited copies, videos shown by their poster alone, until the owner releases it.
 */
export function isProofing(gallery: Settings): boolean {
  return gallery.downloads === 'none' && !gallery.releasedAt;
}

/** Whether the viewing copies carry the watermark: a proofing gallery's always, others' when set, until released. */
export function viewsMarked(gallery: Settings): boolean {
  return isProofing(gallery) || (gallery.watermark && !gallery.releasedAt);
}

/** The long side of a watermarked viewing copy, in pixels: enough to judge a photo, too small to print. */
export const MARKED_MAX_PX = 1280;

/** What the client may download: nothing while proofing, else the owner's choice. */
export function downloadsAllowed(gallery: Settings): GalleryDownloads {
  return isProofing(gallery) ? 'none' : gallery.downloads;
}

/** The address of a file's part below a link: a viewing copy, the video, or a download. */
export const fileUrl = (base: string, fileId: string, part: string) =>
  `${base}/files/${encodeURIComponent(fileId)}/${part}`;
