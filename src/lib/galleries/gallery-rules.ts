// Client galleries: the rules that both the owner's screens and the server follow.

import { GALLERY_DOWNLOADS, GALLERY_FILE_KINDS, GALLERY_FILE_STATES } from '~db/enums';

export { GALLERY_DOWNLOADS };
export type GalleryDownloads = (typeof GALLERY_DOWNLOADS)[number];

export { GALLERY_FILE_KINDS };
export type GalleryFileKind = (typeof GALLERY_FILE_KINDS)[number];

export { GALLERY_FILE_STATES };
export type GalleryFileState = (typeof GALLERY_FILE_STATES)[number];

/** The long side of a "web size" download, in pixels. */
export const WEB_SIZE_PX = 2048;

/** The default largest file an owner may upload to a gallery: 20 GB, so a 4K drone master fits. */
export const DEFAULT_GALLERY_FILE_MAX_BYTES = 20 * 1024 ** 3;

/** At most this many files in one upload batch. */
export const GALLERY_BATCH_MAX_FILES = 500;

/** A gallery link's token: 32 random bytes (256 bits), base64url; only its SHA-256 is stored. */
export const LINK_TOKEN_BYTES = 32;
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Wrong PIN tries from one link or one address before 429. */
export const PIN_TRIES = 5;

/** A reminder can be mailed to the recipients this long before a gallery expires. */
export const EXPIRY_REMINDER_DAYS = 7;
