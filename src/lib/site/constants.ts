// The business constants, shared by the server, the pages and the islands.

import {
  BACKGROUND_SECTIONS,
  DRONE_MEDIA_TYPES,
  FINISHES,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PHOTO_CATEGORIES,
  PRINT_SIZES,
  UPLOAD_PURPOSES,
} from '~db/enums';
import { inchWords, materialLabel, sizeInches, sizeName } from './catalogue';

export const SITE_NAME = 'Wicklow Light';
export const OWNER_NAME = 'Wicklow Light Photography';
export const LOCATION = 'Wicklow, Ireland';
export const CURRENCY = 'EUR';

export { PHOTO_CATEGORIES };
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<PhotoCategory, string> = {
  coastal: 'Coastal',
  mountains: 'Mountains',
  countryside: 'Countryside',
  aerial: 'Aerial',
  other: 'Other',
};

export { PRINT_SIZES };
/** A print size of the catalogue (lib/site/catalogue.ts). */
export type PrintSize = (typeof PRINT_SIZES)[number];
const sizeRecord = <T>(fn: (size: PrintSize) => T) =>
  Object.fromEntries(PRINT_SIZES.map((s) => [s, fn(s)])) as Record<PrintSize, T>;
/** A print size as the shop names it: Small, Medium, Large, or its sides ("16x24"). */
export const PRINT_SIZE_LABELS: Record<PrintSize, string> = sizeRecord(sizeName);
/** The print's sides in inches: small 8x12", medium 12x16", large 16x20", and the catalogue's others. */
export const PRINT_SIZE_INCHES: Record<PrintSize, { long: number; short: number }> = sizeRecord(sizeInches);
/** "8x12 inches": a size as a variant and an order line state it. */
export const PRINT_DIMENSIONS: Record<PrintSize, string> = sizeRecord(inchWords);

export { FINISHES };
/** A print's material (the column is still called finish): matte, gloss, canvas… */
export type Finish = (typeof FINISHES)[number];
/** A material as the shop names it. */
export const FINISH_LABELS: Record<Finish, string> = Object.fromEntries(
  FINISHES.map((f) => [f, materialLabel(f)]),
) as Record<Finish, string>;

export const DEFAULT_FRAME_PRICE_CENTS = 2500;

/**
 * Quantity caps of one order, counted after repeated lines of the same print are combined: at most
 * 100 prints of one variant and framing, and at most 500 prints in all (a larger order is a
 * conversation with the photographer, not a click).
 */
export const MAX_LINE_QUANTITY = 100;
export const MAX_ORDER_PRINTS = 500;
/** Orders started at checkout and never paid are removed after this long. */
export const ABANDONED_ORDER_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export { DRONE_MEDIA_TYPES, ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_STATUSES };
export type DroneMediaType = (typeof DRONE_MEDIA_TYPES)[number];

export { BACKGROUND_SECTIONS };
export type BackgroundSection = (typeof BACKGROUND_SECTIONS)[number];

export const REPLY_WITHIN_HOURS = 24;
export const DRONE_TURNAROUND = '48-72 hours';
export const TRAVEL_RADIUS_KM = 50;

export const HOME_GALLERY_LIMIT = 6;
export const RECENT_ORDERS_LIMIT = 5;
export const DRONE_SAMPLE_PHOTOS = 2;

export const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  image: 10 * MB,
  /** A camera's master file for the shop: a 45 MP 16-bit TIFF is about 270 MB uncompressed, 150-200 MB as saved by most raw converters. */
  photoOriginal: 200 * MB,
  bioPicture: 5 * MB,
  adminVideo: 50 * MB,
  publicSampleVideo: 100 * MB,
} as const;

/**
 * What a signed upload is for, and its byte limit: a photo original for the shop 200 MB, other
 * images (backgrounds, drone samples) 10 MB, the bio picture 5 MB, the admin video dialog 50 MB,
 * and a sample video on the public page 100 MB.
 */
export { UPLOAD_PURPOSES };
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const UPLOAD_PURPOSE_LIMITS: Record<UploadPurpose, number> = {
  image: UPLOAD_LIMITS.image,
  photo: UPLOAD_LIMITS.photoOriginal,
  'bio-picture': UPLOAD_LIMITS.bioPicture,
  video: UPLOAD_LIMITS.adminVideo,
  'sample-video': UPLOAD_LIMITS.publicSampleVideo,
};
/** The composition tool takes JPG, PNG or WebP under 10 MB. */
export const COMPOSITION_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const COMPOSITION_MAX_BYTES = UPLOAD_LIMITS.image;
/** GET /api/composition-tips?type=…: the kinds of photography with their own tips. */
export const COMPOSITION_TIP_TYPES = ['landscape', 'aerial'] as const;
export type CompositionTipType = (typeof COMPOSITION_TIP_TYPES)[number];
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** A photo original for the shop: JPEG, PNG or TIFF, 8 or 16 bits per channel. */
export const PHOTO_ORIGINAL_TYPES = ['image/jpeg', 'image/png', 'image/tiff'] as const;
/** At most this many photos are added in one go through the add-photo dialog. */
export const PHOTOS_PER_BATCH = 20;
export const VIDEO_UPLOAD_TYPES = ['video/mp4', 'video/quicktime', 'video/x-msvideo'] as const;
/** A signed upload URL lives 604800 s (7 days); it works once. */
export const SIGNED_URL_LIFETIME_S = 604_800;

export const ZOOM = { step: 0.2, min: 0.5, max: 5, fitFactor: 0.9, fitDelayMs: 50 } as const;
export const ADMIN_REDIRECT_DELAY_MS = 500;

/** The server refuses a third drone sample photo (409) with these words, and the widgets show them. */
export const DRONE_PHOTO_LIMIT_MESSAGE =
  'Upload Limit Reached: Maximum of 2 drone service photos allowed. Please delete an existing photo first.';
/** What the owner reads when a file was uploaded but saving its record failed. */
export const uploadSaveFailedMessage = (reason: string) =>
  `Upload Error: Database save failed: ${reason}. Please try refreshing the page and uploading again.`;
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/lib/platform/shared/password-rules';
/** The bio picture: JPG, PNG or GIF, up to 5 MB; best square and at least 400x400. */
export const BIO_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const BIO_PICTURE_HINT = 'JPG, PNG or GIF, at most 5 MB: recommended square, at least 400x400.';
