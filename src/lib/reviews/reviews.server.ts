// Buyers' reviews of the prints they bought. When the owner marks an order delivered, its buyer is
// mailed one link (in the same transaction) to review each print of the order once; the link's
// token is 256 random bits and only its SHA-256 is stored. A review waits until the owner approves
// it; only approved reviews are ever shown, counted or put into structured data. Test orders (no
// payment was taken), unpaid, refunded and cancelled orders invite no reviews, and a link stops
// working once its order is cancelled or refunded.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, avg, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { shortOrderId } from '~/lib/platform/shared/format';
import type { ReviewFilter, ReviewInput } from '~/lib/reviews/review-schema';
import { REVIEW_TOKEN_PATTERN } from '~/lib/reviews/review-schema';
import type { PublicReview, ReviewState, ReviewSummary } from '~/lib/reviews/reviews';
import { mailSenderName } from '~/lib/site/business.server';
import {
  type Order,
  orderItems,
  orders,
  photos,
  productVariants,
  type Review,
  reviewInvites,
  reviews,
} from '~db/schema';

export const REVIEW_MESSAGES = {
  unknownLink: 'This review link is not known. Please use the link from the e-mail about your delivery.',
  closed: 'This order was cancelled or refunded, so its prints can no longer be reviewed.',
  allReviewed:
    'Every print of this order has been reviewed already: a review link works once for each print.',
  printReviewed: 'This print has been reviewed already: a review link works once for each print.',
  notInOrder: 'That print is not part of this order.',
  notFound: 'That review was not found.',
} as const;

export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether an order's buyer may review what they bought: a real, paid order, delivered, not refunded. */
export function mayReview(order: Pick<Order, 'status' | 'testMode' | 'paymentStatus' | 'refundId'>): boolean {
  return (
    order.status === 'delivered' && !order.testMode && order.paymentStatus === 'completed' && !order.refundId
  );
}

/** A link that no longer works: its order was cancelled or refunded since it was sent. */
const isClosed = (order: Pick<Order, 'status' | 'paymentStatus' | 'refundId'>) =>
  order.status === 'cancelled' || order.paymentStatus !== 'completed' || order.refundId !== null;

/** The prints (photos still on the site) of an order, in the order they were bought, each once. */
export function photosOfOrder(db: Db | Tx, orderId: string) {
  const rows = db
    .select({ id: photos.id, title: photos.title })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.productVariantId))
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(sql`${orderItems}.rowid`))
    .all();
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

/** The buyer's first name, from the name given at checkout. */
export function firstNameOf(customerName: string): string {
  return customerName.trim().split(/\s+/)[0] ?? '';
}

/** The last line of the delivery address: its country. */
export function countryOf(address: string | null): string {
  return (
    (address ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .at(-1) ?? ''
  );
}

export function reviewLink(token: string): string {
  return `${getConfig().siteUrl}/review/${token}`;
}

/** The buyer's mail with the review link. */
export function reviewInviteMail(
  order: Pick<Order, 'id' | 'customerName'>,
  link: string,
  titles: readonly string[],
  /** The name the mail is signed with (mailSenderName). */
  signedBy: string,
): { subject: string; text: string } {
  const ref = shortOrderId(order.id);
  const one = titles.length === 1;
  const prints = one ? `your print, "${titles[0]}",` : `your ${titles.length} prints`;
  return {
    subject: `Your order ${ref} has been delivered: how do you like it?`,
    text: [
      order.customerName ? `Dear ${order.customerName},` : 'Hello,',
      '',
      `Your order ${ref} has been delivered. I hope ${prints} arrived safely and ${one ? 'looks' : 'look'} as good on your wall as ${one ? 'it' : 'they'} did through the lens.`,
      '',
      'If you have a minute, you can tell other buyers what you think: give each print 1 to 5 stars and, if you like, a few words.',
      link,
      '',
      'The link is for your order alone and works once for each print. Reviews are shown on the site with your first name and county or country, once I have read them.',
      '',
      'If you have any question, reply to this e-mail.',
      '',
      signedBy,
    ].join('\n'),
  };
}

/**
 * Called in the transaction that marks an order delivered: makes one review invitation for each
 * print of the order, all under one new link, and queues the buyer's mail with that link. Does
 * nothing (false) for an order that may not be reviewed (test, unpaid, refunded), without an
 * e-mail address or a print still on the site, or already invited (a link is never sent twice:
 * only its hash is kept). True when the mail was queued.
 */
export function createReviewInvites(tx: Db | Tx, orderId: string, now = new Date()): boolean {
  const order = tx.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order || !mayReview(order) || !order.customerEmail) return false;
  const invited = tx
    .select({ id: reviewInvites.id })
    .from(reviewInvites)
    .where(eq(reviewInvites.orderId, orderId))
    .limit(1)
    .get();
  if (invited) return false;
  const prints = photosOfOrder(tx, orderId);
  if (!prints.length) return false;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashReviewToken(token);
  tx.insert(reviewInvites)
    .values(prints.map((p) => ({ orderId, photoId: p.id, tokenHash, createdAt: now })))
    .run();
  const mail = reviewInviteMail(
    order,
    reviewLink(token),
    prints.map((p) => p.title),
    mailSenderName(tx),
  );
  queueMail(tx, { to: order.customerEmail, ...mail });
  return true;
}

export interface InvitedPrint {
  photoId: string;
  title: string;
  location: string | null;
  mediaId: string | null;
  width: number | null;
  height: number | null;
  imageUrl: string;
  reviewed: boolean;
}

export type ReviewInvite =
  | { state: 'unknown' }
  | { state: 'closed'; orderRef: string }
  | {
      state: 'open';
      orderRef: string;
      /** Prefilled into the form: the buyer may change them. */
      firstName: string;
      place: string;
      prints: InvitedPrint[];
    };

/** The invitations a review link was sent with (one per print, in the order bought), and their order. */
function openLink(db: Db | Tx, token: string) {
  const invites = REVIEW_TOKEN_PATTERN.test(token)
    ? db
        .select({ orderId: reviewInvites.orderId, photoId: reviewInvites.photoId })
        .from(reviewInvites)
        .where(eq(reviewInvites.tokenHash, hashReviewToken(token)))
        .orderBy(asc(sql`${reviewInvites}.rowid`))
        .all()
    : [];
  const orderId = invites[0]?.orderId;
  const order = orderId ? db.select().from(orders).where(eq(orders.id, orderId)).get() : undefined;
  return { invites, order };
}

/** The photos of an order that its buyer has reviewed. */
function reviewedPhotos(db: Db | Tx, orderId: string): Set<string> {
  return new Set(
    db
      .select({ photoId: reviews.photoId })
      .from(reviews)
      .where(eq(reviews.orderId, orderId))
      .all()
      .map((r) => r.photoId),
  );
}

/** What a review link opens: its order's prints, each marked when reviewed; or why it does not work. */
export function getReviewInvite(db: Db, token: string): ReviewInvite {
  const { invites, order } = openLink(db, token);
  if (!order) return { state: 'unknown' };
  const orderRef = shortOrderId(order.id);
  if (isClosed(order)) return { state: 'closed', orderRef };
  return openInvite(
    db,
    order,
    invites.map((i) => i.photoId),
    reviewedPhotos(db, order.id),
  );
}

/** The review page's content for an order's buyer: the given prints (still on the site), in that order. */
export function openInvite(
  db: Db,
  order: Pick<Order, 'id' | 'customerName' | 'customerAddress'>,
  photoIds: readonly string[],
  reviewed: ReadonlySet<string> = new Set(),
): Extract<ReviewInvite, { state: 'open' }> {
  const rows = photoIds.length
    ? db
        .select({
          photoId: photos.id,
          title: photos.title,
          location: photos.location,
          mediaId: photos.mediaId,
          width: photos.width,
          height: photos.height,
          imageUrl: photos.imageUrl,
        })
        .from(photos)
        .where(inArray(photos.id, [...photoIds]))
        .all()
    : [];
  const byId = new Map(rows.map((r) => [r.photoId, r]));
  return {
    state: 'open',
    orderRef: shortOrderId(order.id),
    firstName: firstNameOf(order.customerName),
    place: countryOf(order.customerAddress),
    prints: photoIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ ...row, reviewed: reviewed.has(id) }] : [];
    }),
  };
}

const toPublic = (r: Review): PublicReview => ({
  id: r.id,
  rating: r.rating,
  text: r.text,
  authorName: r.authorName,
  authorPlace: r.authorPlace,
  createdAt: r.createdAt,
});

/**
 * A buyer's review of one print of the order the link was sent for: 404 for an unknown link or a
 * print not in its order, 410 when the order was cancelled or refunded or every print is reviewed,
 * 409 when this print is. The review waits for the owner's approval.
 */
export function submitReview(db: Db, token: string, input: Omit<ReviewInput, 'token'>, now = new Date()) {
  return db.transaction((tx) => {
    const { invites, order } = openLink(tx, token);
    if (!order) throw new HttpError(404, REVIEW_MESSAGES.unknownLink);
    if (isClosed(order)) throw new HttpError(410, REVIEW_MESSAGES.closed);
    const done = reviewedPhotos(tx, order.id);
    if (invites.every((i) => done.has(i.photoId))) throw new HttpError(410, REVIEW_MESSAGES.allReviewed);
    if (!invites.some((i) => i.photoId === input.photoId))
      throw new HttpError(404, REVIEW_MESSAGES.notInOrder);
    if (done.has(input.photoId)) throw new HttpError(409, REVIEW_MESSAGES.printReviewed);
    const row = tx
      .insert(reviews)
      .values({
        orderId: order.id,
        photoId: input.photoId,
        rating: input.rating,
        text: input.text,
        authorName: input.name,
        authorPlace: input.place,
        state: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      // Another process may have stored this print's review a moment ago.
      .onConflictDoNothing()
      .returning()
      .get();
    if (!row) throw new HttpError(409, REVIEW_MESSAGES.printReviewed);
    return toPublic(row);
  });
}

/** The approved reviews of a print, newest first. */
export function listApprovedReviews(db: Db, photoId: string, limit = 50): PublicReview[] {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.photoId, photoId), eq(reviews.state, 'approved')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .all()
    .map(toPublic);
}

/**
 * Stars and count of the approved reviews of each print that has any (of the given photos, or of
 * all): read from the (state, photo, rating) index alone.
 */
export function reviewSummaries(db: Db, photoIds?: readonly string[]): Map<string, ReviewSummary> {
  if (photoIds && !photoIds.length) return new Map();
  const rows = db
    .select({ photoId: reviews.photoId, average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(and(eq(reviews.state, 'approved'), photoIds ? inArray(reviews.photoId, [...photoIds]) : undefined))
    .groupBy(reviews.photoId)
    .all();
  return new Map(
    rows.map((r) => [r.photoId, { average: Math.round(Number(r.average) * 10) / 10, count: r.count }]),
  );
}

export function countPendingReviews(db: Db): number {
  return db.select({ n: count() }).from(reviews).where(eq(reviews.state, 'pending')).get()?.n ?? 0;
}

/** A review as the owner sees it: with the print's title and the order's number. */
export interface AdminReview extends PublicReview {
  state: ReviewState;
  photoId: string;
  photoTitle: string;
  orderRef: string;
}

/** Reviews for the owner (all, or in one state): those waiting first, then newest first. */
export function listReviews(db: Db, filter: ReviewFilter = 'all') {
  const rows = db
    .select({ review: reviews, photoTitle: photos.title })
    .from(reviews)
    .innerJoin(photos, eq(photos.id, reviews.photoId))
    .where(filter === 'all' ? undefined : eq(reviews.state, filter))
    .orderBy(desc(sql`${reviews.state} = 'pending'`), desc(reviews.createdAt), desc(reviews.id))
    .all();
  return {
    reviews: rows.map(({ review, photoTitle }) => toAdminReview(review, photoTitle)),
    pending: countPendingReviews(db),
  };
}

function toAdminReview(r: Review, photoTitle: string): AdminReview {
  return {
    ...toPublic(r),
    state: r.state,
    photoId: r.photoId,
    photoTitle,
    orderRef: shortOrderId(r.orderId),
  };
}

/** The owner approves a review, hides it, or sets it back to wait; 404 for an unknown id. */
export function setReviewState(db: Db, id: string, state: ReviewState, now = new Date()): AdminReview {
  const row = db.update(reviews).set({ state, updatedAt: now }).where(eq(reviews.id, id)).returning().get();
  if (!row) throw new HttpError(404, REVIEW_MESSAGES.notFound);
  const photo = db.select({ title: photos.title }).from(photos).where(eq(photos.id, row.photoId)).get();
  return toAdminReview(row, photo?.title ?? '');
}
