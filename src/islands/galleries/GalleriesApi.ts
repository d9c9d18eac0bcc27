// The owner's gallery API as the Galleries tab reads it: the views the endpoints answer, and their
// addresses. Browser code: it never imports the server's files, so the views are written out here.
import type { GalleryDownloads, GalleryFileKind, GalleryFileState } from '~/lib/galleries/gallery-rules';

export interface GalleryJson {
  id: string;
  title: string;
  clientName: string;
  clientEmail: string | null;
  shootDate: string | null;
  message: string | null;
  coverFileId: string | null;
  hasPin: boolean;
  expiresOn: string | null;
  expired: boolean;
  downloads: GalleryDownloads;
  watermark: boolean;
  stripLocation: boolean;
  printsAllowed: boolean;
  expiryReminder: boolean;
  released: boolean;
  releasedAt: string | null;
  createdAt: string;
  counts?: { files: number; ready: number; failed: number; links: number };
}

export interface GalleryFileJson {
  id: string;
  kind: GalleryFileKind;
  fileName: string;
  size: number;
  status: GalleryFileState;
  error: string | null;
  mediaId: string | null;
}

export interface LinkJson {
  id: string;
  recipientName: string;
  recipientEmail: string | null;
  state: 'open' | 'revoked' | 'expired';
  /** The link's own last day, YYYY-MM-DD, or null. */
  expiresOn: string | null;
  /** The day the link really stops working: the earlier of its own and its gallery's, or null. */
  lastDay: string | null;
  lastVisitAt: string | null;
  views: number;
  downloads: number;
  favourites: number;
  selectionSentAt: string | null;
}

export interface GalleryDetail {
  gallery: GalleryJson;
  files: GalleryFileJson[];
  links: LinkJson[];
}

export const LIST_KEY = ['/api/admin/galleries'];
export const galleryPath = (id: string) => `/api/admin/galleries/${encodeURIComponent(id)}`;
export const detailKey = (id: string) => [galleryPath(id)];
export const linkPath = (galleryId: string, linkId: string) =>
  `${galleryPath(galleryId)}/links/${encodeURIComponent(linkId)}`;

const day = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });
/** A day written YYYY-MM-DD, as the owner reads it. */
export const showDay = (d: string) => day.format(new Date(`${d}T00:00:00Z`));
export const showMoment = (iso: string) => moment.format(new Date(iso));
