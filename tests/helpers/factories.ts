// Rows for tests, inserted through drizzle into any database of the site (memoryDb() or the file of
// a running server). Each factory takes overrides and returns the inserted row. Defaults are those of
// a real shop: processed photos with their media fields, prices in integer cents, ids unique per run.

import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import {
  derivativePath,
  mediaDir,
  type OriginalExt,
  objectPath,
  originalPath,
} from '~/lib/platform/server/storage/storage';
import { gridPrice } from '~/lib/shop/price-lists';
import { DEFAULT_PRINT_PRICES_CENTS } from '~/lib/shop/pricing-defaults';
import { freeSlug } from '~/lib/shop/print-slugs.server';
import { PRINT_DIMENSIONS, type PrintSize } from '~/lib/site/constants';
import {
  backgroundImages,
  contactInquiries,
  discountCodes,
  droneMedia,
  editionCopies,
  framingOptions,
  orderItems,
  orders,
  photoPrintCrops,
  photos,
  productVariants,
  reviewInvites,
  reviews,
  sessions,
  uploadedObjects,
  users,
} from '~db/schema';

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

let seq = 0;
/**
 * The process, in every id: browser tests share one data folder across test processes (a failed
 * test's process is replaced, and its numbering starts again), so ids must not repeat across them.
 */
const PROCESS = process.pid.toString(36);
/** A fresh id, readable in a failing test: `photo-1ax-7`. */
export const uniqueId = (prefix: string) => `${prefix}-${PROCESS}-${++seq}`;
/** A fresh media or object id in the alphabet the storage accepts (base64url, 8 to 64 characters). */
export const uniqueMediaId = () => `media${String(++seq).padStart(6, '0')}`;

let lastTime = 0;
/** Now, but later than any time handed out before: rows made one after another sort in that order. */
export function nextTime(): Date {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return new Date(lastTime);
}

/** A photo with its print page's slug made from its title, as the photo services name it. */
export function makePhoto(db: Db, overrides: Insert<typeof photos> = {}) {
  const id = overrides.id ?? uniqueId('photo');
  const mediaId = overrides.mediaId === undefined ? uniqueMediaId() : overrides.mediaId;
  const title = overrides.title ?? `Photo ${id}`;
  return db
    .insert(photos)
    .values({
      id,
      title,
      slug: overrides.slug === undefined ? freeSlug(db, title) : overrides.slug,
      description: 'Morning light over the lake.',
      imageUrl: mediaId ? `/media/${mediaId}/1920.jpg` : '/images/photo.jpg',
      category: 'mountains',
      location: 'Wicklow',
      mediaId,
      // A 24-megapixel original: enough pixels for every print size (print-fit.ts).
      width: 6000,
      height: 4000,
      dominantColor: '#556677',
      placeholder: 'data:image/webp;base64,UklGRg==',
      createdAt: nextTime(),
      ...overrides,
    })
    .returning()
    .get();
}

/**
 * One print of a photo (a new photo unless `photoId` is given), at the default price of its size
 * (€99 for a product without a starting price).
 */
export function makeVariant(db: Db, overrides: Insert<typeof productVariants> = {}) {
  const size = overrides.size ?? 'small';
  const finish = overrides.finish ?? 'matte';
  return db
    .insert(productVariants)
    .values({
      id: uniqueId('variant'),
      photoId: overrides.photoId ?? makePhoto(db).id,
      size,
      finish,
      priceCents: gridPrice(DEFAULT_PRINT_PRICES_CENTS, size, finish) ?? 9900,
      dimensions: PRINT_DIMENSIONS[size],
      ...overrides,
    })
    .returning()
    .get();
}

/**
 * The owner's crop of a photo's print size (a new photo unless `photoId` is given): by default the
 * size withdrawn; `position` in thousandths (0 left or top, 500 centre, 1000 right or bottom).
 */
export function makePrintCrop(db: Db, overrides: Insert<typeof photoPrintCrops> = {}) {
  return db
    .insert(photoPrintCrops)
    .values({
      photoId: overrides.photoId ?? makePhoto(db).id,
      size: 'medium',
      position: 500,
      offered: false,
      ...overrides,
    })
    .returning()
    .get();
}

/** A frame for one print size (sizes are unique: one frame per size). */
export function makeFraming(db: Db, overrides: Insert<typeof framingOptions> = {}) {
  return db
    .insert(framingOptions)
    .values({ id: uniqueId('framing'), size: 'small', priceCents: 2500, ...overrides })
    .returning()
    .get();
}

/** A frame for each of these sizes (the original three unless told), at the given prices in cents. */
export function makeFramings(
  db: Db,
  prices: Partial<Record<PrintSize, number>> = { small: 2500, medium: 3000, large: 4000 },
) {
  return (Object.entries(prices) as [PrintSize, number][]).map(([size, priceCents]) =>
    makeFraming(db, { size, priceCents }),
  );
}

/** A discount code (upper-case, as the owner's screen keeps it): 10% off, no limits, unless overridden. */
export function makeDiscountCode(db: Db, overrides: Insert<typeof discountCodes> = {}) {
  return db
    .insert(discountCodes)
    .values({
      id: uniqueId('code'),
      code: `CODE${++seq}`,
      kind: 'percent',
      value: 10,
      createdAt: nextTime(),
      ...overrides,
    })
    .returning()
    .get();
}

/**
 * Where an order stands with PayPal: started at checkout (no capture), held for review (a PENDING
 * capture recorded), paid, failed, cancelled, or paid and then refunded in full through PayPal (a
 * partial refund: `refundedAmountCents` below the total); or a test order, "paid" through test
 * mode's PayPal fake (its capture COMPLETED, no money taken).
 */
export type PaymentState = 'started' | 'held' | 'paid' | 'failed' | 'cancelled' | 'refunded' | 'test';
export const PAYMENT_STATES: readonly PaymentState[] = [
  'started',
  'held',
  'paid',
  'failed',
  'cancelled',
  'refunded',
  'test',
];

function paymentFields(state: PaymentState, id: string): Insert<typeof orders> {
  const capture = `CAP${id.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`;
  switch (state) {
    case 'started':
      return { paymentStatus: 'pending' };
    case 'held':
      return { paymentStatus: 'pending', paymentId: capture };
    case 'paid':
      return { paymentStatus: 'completed', paymentId: capture, paidAt: new Date(), status: 'processing' };
    case 'failed':
      return { paymentStatus: 'failed' };
    case 'cancelled':
      return { paymentStatus: 'cancelled', status: 'cancelled' };
    case 'refunded':
      return {
        ...paymentFields('paid', id),
        ...paymentFields('cancelled', id),
        refundId: `RF${capture.slice(3, 20)}`,
        refundStatus: 'COMPLETED',
        refundedAt: new Date(),
      };
    case 'test':
      return { ...paymentFields('paid', id), testMode: true };
  }
}

type ItemOverrides = Omit<Insert<typeof orderItems>, 'orderId'>;
export type OrderOverrides = Insert<typeof orders> & { payment?: PaymentState; items?: ItemOverrides[] };

/**
 * An order with its items (one print of 45.00 unless `items` says otherwise); the total is the sum
 * of its lines unless given. `payment` sets the payment fields of that state before the overrides.
 */
export function makeOrder(db: Db, { payment = 'started', items, ...overrides }: OrderOverrides = {}) {
  const id = overrides.id ?? uniqueId('order');
  const lines = (items ?? [{}]).map((item) => ({
    id: uniqueId('item'),
    quantity: 1,
    priceCents: 4500,
    description: 'Lough Tay, small (8x12 inches) matte',
    ...item,
    orderId: id,
  }));
  const order = db
    .insert(orders)
    .values({
      id,
      customerName: 'Aoife Byrne',
      customerEmail: 'aoife@example.ie',
      phoneNumber: '+353 1 234 5678',
      customerAddress: '12 Main Street\nA67 X123 Wicklow\nIreland',
      totalAmountCents: lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
      paymentProvider: 'paypal',
      paypalOrderId: `PP${id.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`,
      createdAt: nextTime(),
      ...paymentFields(payment, id),
      ...overrides,
    })
    .returning()
    .get();
  const stored = lines.length ? db.insert(orderItems).values(lines).returning().all() : [];
  return { ...order, items: stored };
}

/** The money of one open-edition print at 23% (€45.00, VAT €8.41) sent for €8.00 (VAT €1.50): €53.00. */
export const OPEN_PRINT_ORDER = {
  items: [{ priceCents: 4500, vatRateBp: 2300, vatCents: 841 }],
  itemTotalCents: 4500,
  shippingCents: 800,
  shippingVatRateBp: 2300,
  shippingVatCents: 150,
  totalAmountCents: 5300,
} satisfies OrderOverrides;

/**
 * The money of a limited edition (€120.00 at 13.5%) framed (€40.00 at 23%) with 10% off (€12.00 off
 * the print, €4.00 off the frame), sent for €15.00 (23%): €159.00.
 */
export const FRAMED_EDITION_ORDER = {
  items: [
    {
      description: 'Glendalough at dawn, large (20x30 inches) framed, edition of 25',
      priceCents: 16000,
      framingSize: 'large',
      framingPriceCents: 4000,
      discountCents: 1600,
      vatRateBp: 1350,
      vatCents: 1285, // 10800 × 13.5 / 113.5
      framingVatRateBp: 2300,
      framingVatCents: 673, // 3600 × 23 / 123
      framingDiscountCents: 400,
    },
  ],
  itemTotalCents: 16000,
  discountCents: 1600,
  discountCode: 'WINTER-10',
  shippingCents: 1500,
  shippingVatRateBp: 2300,
  shippingVatCents: 280,
  totalAmountCents: 15900,
} satisfies OrderOverrides;

/**
 * The framed edition as an order is priced now: its €15.00 of shipping carries the rates of the
 * goods, shared in proportion to what was paid at each (€36.00 of frame at 23%, €108.00 of
 * edition at 13.5%): €3.75 at 23% (VAT 0.70) and €11.25 at 13.5% (VAT 1.34).
 */
export const SHARED_SHIPPING_ORDER = {
  ...FRAMED_EDITION_ORDER,
  shippingVatRateBp: null,
  shippingVatCents: 70 + 134,
  shippingVatParts: [
    { rateBp: 2300, grossCents: 375, vatCents: 70 },
    { rateBp: 1350, grossCents: 1125, vatCents: 134 },
  ],
} satisfies OrderOverrides;

export function makeEnquiry(db: Db, overrides: Insert<typeof contactInquiries> = {}) {
  return db
    .insert(contactInquiries)
    .values({
      id: uniqueId('enquiry'),
      firstName: 'Cian',
      lastName: 'Doyle',
      email: 'cian@example.ie',
      serviceInterest: 'drone',
      message: 'Could you film our farm from the air in May?',
      createdAt: nextTime(),
      ...overrides,
    })
    .returning()
    .get();
}

/** A drone sample as the owner's page stores it: a photo's JPEG derivative, or a video object. */
export function makeDroneMedia(db: Db, overrides: Insert<typeof droneMedia> = {}) {
  const type = overrides.type ?? 'photo';
  const url = type === 'video' ? `/objects/uploads/${uniqueMediaId()}` : `/media/${uniqueMediaId()}/1920.jpg`;
  return db
    .insert(droneMedia)
    .values({
      id: uniqueId('drone'),
      type,
      url,
      title: `Sample ${type}`,
      createdAt: nextTime(),
      ...overrides,
    })
    .returning()
    .get();
}

/** A finished signed upload: an image processed into media (the default), or a video object. */
export function makeUpload(
  db: Db,
  { kind = 'image', ...overrides }: Insert<typeof uploadedObjects> & { kind?: 'image' | 'video' } = {},
) {
  const media =
    kind === 'image'
      ? {
          purpose: 'image' as const,
          contentType: 'image/jpeg',
          mediaId: uniqueMediaId(),
          width: 2400,
          height: 1600,
          dominantColor: '#405060',
          placeholder: 'data:image/webp;base64,UklGRg==',
        }
      : { purpose: 'sample-video' as const, contentType: 'video/mp4' };
  return db
    .insert(uploadedObjects)
    .values({ id: uniqueMediaId(), status: 'ready', size: 4096, ...media, ...overrides })
    .returning()
    .get();
}

export function makeBackground(db: Db, overrides: Insert<typeof backgroundImages> = {}) {
  return db
    .insert(backgroundImages)
    .values({
      id: uniqueId('background'),
      section: 'hero',
      imageUrl: '/images/hero.jpg',
      altText: 'Lough Tay at dawn',
      ...overrides,
    })
    .returning()
    .get();
}

export function makeUser(db: Db, overrides: Insert<typeof users> = {}) {
  const id = overrides.id ?? uniqueId('user');
  return db
    .insert(users)
    .values({ id, name: 'Niamh Kelly', email: `${id}@example.ie`, firstName: 'Niamh', ...overrides })
    .returning()
    .get();
}

/** A signed-in session (of a new user unless `userId` is given), valid for a day. */
export function makeSession(db: Db, overrides: Insert<typeof sessions> = {}) {
  const id = overrides.id ?? uniqueId('session');
  return db
    .insert(sessions)
    .values({
      id,
      token: `token-${id}`,
      userId: overrides.userId ?? makeUser(db).id,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      ...overrides,
    })
    .returning()
    .get();
}

// ---- reviews

/** A print of the photo: its first variant, or a new one. */
const variantOf = (db: Db, photoId: string) =>
  db.select().from(productVariants).where(eq(productVariants.photoId, photoId)).get() ??
  makeVariant(db, { photoId });

/** A paid order delivered to its buyer, with one print of each photo given (a new photo unless given). */
export function makeDeliveredOrder(
  db: Db,
  { photoIds, ...overrides }: OrderOverrides & { photoIds?: string[] } = {},
) {
  const ids = photoIds ?? [makePhoto(db).id];
  return makeOrder(db, {
    payment: 'paid',
    status: 'delivered',
    items: ids.map((photoId) => ({ productVariantId: variantOf(db, photoId).id })),
    ...overrides,
  });
}

/**
 * A copy of a limited edition (of a new limited photo of 30 and a new order of one of its prints
 * unless given): held by the unpaid order for 30 minutes from now unless the overrides number it
 * (`number`, `soldAt`, `certificateCode`) or set another `reservedUntil`.
 */
export function makeEditionCopy(db: Db, overrides: Insert<typeof editionCopies> = {}) {
  const photoId = overrides.photoId ?? makePhoto(db, { editionSize: 30 }).id;
  const order =
    overrides.orderId && overrides.orderItemId
      ? null
      : makeOrder(db, { items: [{ productVariantId: variantOf(db, photoId).id }] });
  return db
    .insert(editionCopies)
    .values({
      id: uniqueId('copy'),
      photoId,
      orderId: order?.id ?? overrides.orderId,
      orderItemId: order?.items[0]?.id ?? overrides.orderItemId,
      reservedUntil: new Date(Date.now() + 30 * 60_000),
      ...overrides,
    } as typeof editionCopies.$inferInsert)
    .returning()
    .get();
}

/**
 * A buyer's review of a print (of a new delivered order and photo unless `orderId` and `photoId` are
 * given): 5 stars from Aoife in Wicklow, waiting for approval unless `state` says otherwise.
 */
export function makeReview(db: Db, overrides: Insert<typeof reviews> = {}) {
  const photoId = overrides.photoId ?? makePhoto(db).id;
  const orderId = overrides.orderId ?? makeDeliveredOrder(db, { photoIds: [photoId] }).id;
  return db
    .insert(reviews)
    .values({
      id: uniqueId('review'),
      rating: 5,
      text: 'The colours are even better on paper.',
      authorName: 'Aoife',
      authorPlace: 'Wicklow',
      createdAt: nextTime(),
      ...overrides,
      photoId,
      orderId,
    })
    .returning()
    .get();
}

/** An invitation to review a print of an order, under the link whose token hashes to `tokenHash`. */
export function makeReviewInvite(db: Db, overrides: Insert<typeof reviewInvites> = {}) {
  const photoId = overrides.photoId ?? makePhoto(db).id;
  const orderId = overrides.orderId ?? makeDeliveredOrder(db, { photoIds: [photoId] }).id;
  return db
    .insert(reviewInvites)
    .values({ id: uniqueId('invite'), tokenHash: uniqueId('hash'), ...overrides, photoId, orderId })
    .returning()
    .get();
}

// ---- photos tab

// ---- videos tab

// ---- backgrounds

// ---- profile and storage

/** Files of a processed image on disk (an original and two JPEG derivatives), in the current DATA_DIR. */
export function writeMediaFiles(mediaId: string, original: OriginalExt = 'jpg'): void {
  writeFileSync(originalPath(mediaId, original), 'original');
  mkdirSync(mediaDir(mediaId), { recursive: true });
  for (const width of [320, 640]) writeFileSync(derivativePath(mediaId, width, 'jpg'), 'derivative');
}

/** An uploaded object's file (a video) on disk, in the current DATA_DIR. */
export function writeObjectFile(objectId: string): void {
  writeFileSync(objectPath(objectId), 'video');
}

/** Sets a file's or folder's times back, as if it had been written `ms` ago. */
export function ageFile(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}
