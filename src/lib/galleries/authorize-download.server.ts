// The one rule of every download from a client's gallery (a file's original or web size, or a ZIP):
// the link is open (404 unknown, 410 gone), its PIN was given (401), the thing asked for is in this
// link's gallery (the route's own 404 or 409), and the gallery lets its client download at that size
// (403: never while proofing, before the owner releases it; an original only where the owner offers
// originals). A download is counted on the link once it starts: a ZIP at each request, a file when
// the answer starts at its first byte (not a HEAD, not a resumed range).
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { countDownload, type Gallery, type GalleryLink, requireLink } from './gallery-access.server';
import { downloadsAllowed } from './gallery-delivery';
import { type DownloadSize, startsDownload } from './gallery-downloads.server';

export const NO_DOWNLOADS_MESSAGE =
  'This gallery is for viewing and choosing; its files cannot be downloaded.';
export const WEB_SIZE_ONLY_MESSAGE = 'This gallery offers web-size downloads only.';

/** What is asked: one file in a size, or a ZIP (in the largest size the gallery allows). */
export type DownloadAsk = DownloadSize | 'zip';

export interface AuthorizedDownload<T> {
  gallery: Gallery;
  link: GalleryLink;
  /** What `find` found in the gallery. */
  found: T;
  /** The size to send. */
  size: DownloadSize;
  /** Counts the download on the link, if this request starts one; call it once the answer is sure. */
  count: () => void;
}

/**
 * Checks a download against the rule above, or throws the HttpError to answer. `find` looks up what
 * is downloaded in the link's gallery once the link is open, and throws the route's 404 or 409.
 */
export function authorizeDownload<T>(
  db: Db,
  request: Request,
  token: string,
  ask: DownloadAsk,
  find: (gallery: Gallery, link: GalleryLink) => T,
): AuthorizedDownload<T> {
  const { gallery, link } = requireLink(db, token, request);
  const found = find(gallery, link);
  const allowed = downloadsAllowed(gallery);
  if (allowed === 'none') throw new HttpError(403, NO_DOWNLOADS_MESSAGE);
  if (ask === 'original' && allowed !== 'original') throw new HttpError(403, WEB_SIZE_ONLY_MESSAGE);
  const count = () => {
    if (ask === 'zip' || startsDownload(request)) countDownload(db, link);
  };
  return { gallery, link, found, size: ask === 'zip' ? allowed : ask, count };
}
