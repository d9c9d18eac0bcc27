// The owner's preview of the review flow, in any mode: the invitation mail a buyer gets when the
// owner marks their order delivered, and the review page its link opens, for a chosen paid or test
// order or for a sample order. Both come from the same code as the real ones (reviewInviteMail and
// the review page's forms); the preview makes no link, queues no mail and stores nothing.
import { desc, eq } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { shortOrderId } from '~/lib/platform/shared/format';
import {
  mayReview,
  openInvite,
  photosOfOrder,
  type ReviewInvite,
  reviewInviteMail,
} from '~/lib/reviews/reviews.server';
import { mailSenderName } from '~/lib/site/business.server';
import { type Order, orders, photos, productVariants, reviewInvites } from '~db/schema';

/** The orders offered in the preview's list: the newest paid or test orders. */
export const PREVIEW_ORDERS_LIMIT = 20;
/** The sample order's prints: the first prints of the shop. */
const SAMPLE_PRINTS = 2;
/** The sample order's id: its number reads #SAMPLE. */
export const SAMPLE_ORDER_ID = 'sample';

export const REVIEW_PREVIEW_PATH = '/admin/review-preview';

export interface PreviewOrderChoice {
  id: string;
  /** "#A1B2C3 · Aoife Byrne · test order" */
  label: string;
}

export interface ReviewPreview {
  /** A made-up order (no order chosen, or none to choose). */
  sample: boolean;
  orderId: string;
  orderRef: string;
  /** Who the real mail goes to; null when the order has no e-mail address. */
  to: string | null;
  subject: string;
  /** The mail as the buyer gets it: plain text (the site sends no HTML part). */
  text: string;
  /** The address that stands for the buyer's own review link in the preview's text. */
  link: string;
  /** Whether, and when, the real mail goes for this order, in a sentence. */
  when: string;
  /** The review page as the buyer's link opens it. */
  invite: Extract<ReviewInvite, { state: 'open' }>;
}

/** The newest paid orders, real or test (the owner tries the flow with a test order before going live). */
export function listPreviewOrders(db: Db): PreviewOrderChoice[] {
  return db
    .select({ id: orders.id, customerName: orders.customerName, testMode: orders.testMode })
    .from(orders)
    .where(eq(orders.paymentStatus, 'completed'))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PREVIEW_ORDERS_LIMIT)
    .all()
    .map((o) => ({
      id: o.id,
      label: [shortOrderId(o.id), o.customerName, o.testMode ? 'test order' : null]
        .filter(Boolean)
        .join(' · '),
    }));
}

/** The address of the review page's preview for an order (the sample order without one). */
export function reviewPreviewPath(orderId?: string | null): string {
  return orderId && orderId !== SAMPLE_ORDER_ID
    ? `${REVIEW_PREVIEW_PATH}?order=${encodeURIComponent(orderId)}`
    : REVIEW_PREVIEW_PATH;
}

function whenSent(db: Db, order: Order): string {
  if (order.testMode)
    return 'This is a test order: no mail is sent for it. With PayPal set up, a paid order’s buyer gets this mail when you mark the order delivered.';
  if (!order.customerEmail) return 'This order has no e-mail address, so no mail can be sent for it.';
  if (order.refundId || order.status === 'cancelled')
    return 'This order was refunded or cancelled: no mail is sent for it.';
  const invited = db
    .select({ id: reviewInvites.id })
    .from(reviewInvites)
    .where(eq(reviewInvites.orderId, order.id))
    .limit(1)
    .get();
  if (invited)
    return 'The buyer was sent this mail, with their own link, when you marked the order delivered.';
  if (mayReview(order))
    return 'This order was delivered before buyers were invited to review: no mail was sent for it.';
  return 'The buyer gets this mail, with their own link, when you mark the order delivered.';
}

/** The first prints of the shop, for the sample order. */
function samplePhotoIds(db: Db): string[] {
  return db
    .selectDistinct({ id: photos.id, createdAt: photos.createdAt })
    .from(photos)
    .innerJoin(productVariants, eq(productVariants.photoId, photos.id))
    .where(eq(photos.isActive, true))
    .orderBy(photos.createdAt, photos.id)
    .limit(SAMPLE_PRINTS)
    .all()
    .map((p) => p.id);
}

/**
 * The review mail and page of a paid or test order, or of a sample order when none is given;
 * 404 for an unknown or unpaid order.
 */
export function previewReviewFlow(db: Db, orderId?: string | null): ReviewPreview {
  const link = `${getConfig().siteUrl}${reviewPreviewPath(orderId)}`;
  if (!orderId || orderId === SAMPLE_ORDER_ID) {
    const sample = {
      id: SAMPLE_ORDER_ID,
      customerName: 'Aoife Byrne',
      customerAddress: '12 Main Street\nA67 X123 Wicklow\nIreland',
    };
    const invite = openInvite(db, sample, samplePhotoIds(db));
    const mail = reviewInviteMail(
      sample,
      link,
      invite.prints.map((p) => p.title),
      mailSenderName(db),
    );
    return {
      sample: true,
      orderId: SAMPLE_ORDER_ID,
      orderRef: invite.orderRef,
      to: 'aoife@example.ie',
      ...mail,
      link,
      when: 'A sample order of the first prints of the shop. A paid order’s buyer gets this mail when you mark the order delivered.',
      invite,
    };
  }
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (order?.paymentStatus !== 'completed')
    throw new HttpError(404, 'That order was not found among the paid and test orders.');
  const prints = photosOfOrder(db, order.id);
  const mail = reviewInviteMail(
    order,
    link,
    prints.map((p) => p.title),
    mailSenderName(db),
  );
  return {
    sample: false,
    orderId: order.id,
    orderRef: shortOrderId(order.id),
    to: order.customerEmail,
    ...mail,
    link,
    when: prints.length
      ? whenSent(db, order)
      : 'None of this order’s prints is still on the site, so no mail is sent for it.',
    invite: openInvite(
      db,
      order,
      prints.map((p) => p.id),
    ),
  };
}
