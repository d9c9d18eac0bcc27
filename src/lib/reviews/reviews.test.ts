// Buyers' reviews: a delivered, paid order invites its buyer (one mail, one link for every print of
// the order, only the link's hash kept); test, unpaid, refunded and cancelled orders invite no one;
// a link reviews each print once, and stops working when the order is refunded; only approved
// reviews are listed, counted and put into structured data; the owner approves and hides them.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { changeOrderStatus } from '~/lib/orders/order-status.server';
import type { Db } from '~/lib/platform/server/db';
import { reviewSchema } from '~/lib/reviews/review-schema';
import { ratingLabel, reviewStructuredData, starsFillPercent, summarizeRatings } from '~/lib/reviews/reviews';
import {
  countryOf,
  createReviewInvites,
  firstNameOf,
  getReviewInvite,
  listApprovedReviews,
  listReviews,
  REVIEW_MESSAGES,
  reviewSummaries,
  setReviewState,
  submitReview,
} from '~/lib/reviews/reviews.server';
import { decodeShopRow, type ShopRow, withRatings } from '~/lib/shop/shop-data';
import { orders, reviewInvites, reviews } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeDeliveredOrder, makeOrder, makePhoto, makeReview, makeVariant } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('reviews');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The token of the review link in the last mail queued. */
function mailedToken(): string {
  const text = queuedMails(db).at(-1)?.text ?? '';
  const match = /\/review\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No review link in: ${text}`);
  return match[1];
}
/** The (first) photo an order's buyer was invited to review. */
const photoOf = (orderId: string) =>
  db.select().from(reviewInvites).where(eq(reviewInvites.orderId, orderId)).get()?.photoId ?? '';
const invite = (orderId: string) => db.transaction((tx) => createReviewInvites(tx, orderId));
const review = (token: string, photoId: string, over: Partial<z.output<typeof reviewSchema>> = {}) =>
  submitReview(db, token, { photoId, rating: 5, text: null, name: 'Aoife', place: 'Wicklow', ...over });
const httpError = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { status: (err as { status?: number }).status, message: (err as Error).message };
  }
  return null;
};

describe('inviting a buyer to review', () => {
  it('mails one unguessable link for every print of a delivered, paid order, and keeps only its hash', () => {
    const lake = makePhoto(db, { title: 'Lough Tay' });
    const sea = makePhoto(db, { title: 'Bray Head' });
    const order = makeOrder(db, {
      id: 'order-0001-abc123',
      payment: 'paid',
      status: 'delivered',
      items: [
        { productVariantId: makeVariant(db, { photoId: lake.id, size: 'small' }).id },
        { productVariantId: makeVariant(db, { photoId: sea.id }).id },
        // A second size of the same photo is the same print to review.
        { productVariantId: makeVariant(db, { photoId: lake.id, size: 'large' }).id },
      ],
    });
    expect(invite(order.id)).toBe(true);

    const [mail, ...others] = queuedMails(db);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      to: 'aoife@example.ie',
      subject: 'Your order #ABC123 has been delivered: how do you like it?',
    });
    expect(mail?.text).toContain('Dear Aoife Byrne,');
    expect(mail?.text).toContain('your 2 prints');
    const token = mailedToken();
    // 32 random bytes: 256 bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(`http://localhost:4321/review/${token}`);
    const rows = db.select().from(reviewInvites).all();
    expect(rows.map((r) => r.photoId)).toEqual([lake.id, sea.id]);
    expect(new Set(rows.map((r) => r.tokenHash))).toEqual(new Set([sha256(token)]));
    // The token itself is stored nowhere.
    const dump = JSON.stringify(db.$client.prepare('select * from review_invites').all());
    expect(dump).not.toContain(token);
  });

  it('gives every order its own link', () => {
    const first = makeDeliveredOrder(db);
    const second = makeDeliveredOrder(db);
    invite(first.id);
    const a = mailedToken();
    invite(second.id);
    const b = mailedToken();
    expect(a).not.toBe(b);
    expect(getReviewInvite(db, a)).toMatchObject({ state: 'open', prints: [{ photoId: photoOf(first.id) }] });
    expect(getReviewInvite(db, b)).toMatchObject({
      state: 'open',
      prints: [{ photoId: photoOf(second.id) }],
    });
  });

  it('invites no one for a test order, an unpaid, refunded or cancelled order, or an order with no print', () => {
    const cases = [
      makeDeliveredOrder(db, { testMode: true }),
      makeDeliveredOrder(db, { paymentStatus: 'pending', paidAt: null }),
      makeDeliveredOrder(db, { refundId: 'REF1', refundedAt: new Date(), paymentStatus: 'cancelled' }),
      makeDeliveredOrder(db, { status: 'cancelled' }),
      makeDeliveredOrder(db, { status: 'shipped' }),
      makeDeliveredOrder(db, { customerEmail: null }),
      makeOrder(db, { payment: 'paid', status: 'delivered' }),
    ];
    for (const order of cases) expect(invite(order.id), order.id).toBe(false);
    expect(queuedMails(db)).toEqual([]);
    expect(db.select().from(reviewInvites).all()).toEqual([]);
  });

  it('sends the link once: a second delivery of the same order sends nothing', () => {
    const order = makeDeliveredOrder(db);
    expect(invite(order.id)).toBe(true);
    expect(invite(order.id)).toBe(false);
    expect(queuedMails(db)).toHaveLength(1);
  });

  it('is sent when the owner marks the order delivered, and says so in the history', async () => {
    const order = makeDeliveredOrder(db, { status: 'shipped' });
    const changed = await changeOrderStatus(db, {
      orderId: order.id,
      status: 'delivered',
      changedBy: 'owner@example.com',
      now: new Date(),
    });
    expect(changed.history.at(-1)).toMatchObject({ toStatus: 'delivered', customerNotified: true });
    expect(queuedMails(db).map((m) => m.subject)).toEqual([
      expect.stringMatching(/has been delivered: how do you like it\?$/),
    ]);
    expect(getReviewInvite(db, mailedToken()).state).toBe('open');
  });

  it('is not sent when the owner marks delivered without notifying, or for a test order', async () => {
    const quiet = makeDeliveredOrder(db, { status: 'shipped' });
    const test = makeDeliveredOrder(db, { status: 'shipped', testMode: true });
    for (const [order, notifyCustomer] of [
      [quiet, false],
      [test, true],
    ] as const) {
      const changed = await changeOrderStatus(db, {
        orderId: order.id,
        status: 'delivered',
        notifyCustomer,
        changedBy: 'owner@example.com',
        now: new Date(),
      });
      expect(changed.history.at(-1)).toMatchObject({ toStatus: 'delivered', customerNotified: false });
    }
    expect(queuedMails(db)).toEqual([]);
    expect(db.select().from(reviewInvites).all()).toEqual([]);
  });
});

describe('the review link', () => {
  it('opens the order’s prints with the buyer’s first name and country, each marked once reviewed', () => {
    const lake = makePhoto(db, { title: 'Lough Tay', location: 'Wicklow Mountains' });
    const sea = makePhoto(db, { title: 'Bray Head' });
    const order = makeDeliveredOrder(db, { photoIds: [lake.id, sea.id], id: 'order-0002-def456' });
    invite(order.id);
    const token = mailedToken();
    review(token, sea.id);
    expect(getReviewInvite(db, token)).toEqual({
      state: 'open',
      orderRef: '#DEF456',
      firstName: 'Aoife',
      place: 'Ireland',
      prints: [
        expect.objectContaining({
          photoId: lake.id,
          title: 'Lough Tay',
          location: 'Wicklow Mountains',
          reviewed: false,
        }),
        expect.objectContaining({ photoId: sea.id, title: 'Bray Head', reviewed: true }),
      ],
    });
  });

  it('is unknown when made up or mistyped, and closed once the order is refunded', () => {
    const order = makeDeliveredOrder(db);
    invite(order.id);
    const token = mailedToken();
    expect(getReviewInvite(db, 'x'.repeat(43)).state).toBe('unknown');
    expect(getReviewInvite(db, `${token}x`).state).toBe('unknown');
    expect(getReviewInvite(db, '../../etc').state).toBe('unknown');
    db.update(orders)
      .set({ refundId: 'REF9', paymentStatus: 'cancelled', status: 'cancelled' })
      .where(eq(orders.id, order.id))
      .run();
    expect(getReviewInvite(db, token)).toEqual({ state: 'closed', orderRef: expect.any(String) });
  });

  it('reviews each print once: 409 for the same print again, 410 when every print is reviewed', () => {
    const lake = makePhoto(db);
    const sea = makePhoto(db);
    invite(makeDeliveredOrder(db, { photoIds: [lake.id, sea.id] }).id);
    const token = mailedToken();
    const first = review(token, lake.id, {
      rating: 4,
      text: 'Lovely paper.',
      name: 'Aoife',
      place: 'Co. Wicklow',
    });
    expect(first).toMatchObject({
      rating: 4,
      text: 'Lovely paper.',
      authorName: 'Aoife',
      authorPlace: 'Co. Wicklow',
    });
    expect(db.select().from(reviews).get()?.state).toBe('pending');
    expect(httpError(() => review(token, lake.id))).toEqual({
      status: 409,
      message: REVIEW_MESSAGES.printReviewed,
    });
    review(token, sea.id, { rating: 3 });
    expect(httpError(() => review(token, sea.id))).toEqual({
      status: 410,
      message: REVIEW_MESSAGES.allReviewed,
    });
    expect(db.select().from(reviews).all()).toHaveLength(2);
  });

  it('refuses an unknown link (404), a print of another order (404), and a refunded order (410)', () => {
    const mine = makeDeliveredOrder(db);
    const other = makeDeliveredOrder(db);
    invite(mine.id);
    const token = mailedToken();
    invite(other.id);
    expect(httpError(() => review('y'.repeat(43), photoOf(mine.id)))).toEqual({
      status: 404,
      message: REVIEW_MESSAGES.unknownLink,
    });
    expect(httpError(() => review(token, photoOf(other.id)))).toEqual({
      status: 404,
      message: REVIEW_MESSAGES.notInOrder,
    });
    db.update(orders)
      .set({ refundId: 'REF2', paymentStatus: 'cancelled', status: 'cancelled' })
      .where(eq(orders.id, mine.id))
      .run();
    expect(httpError(() => review(token, photoOf(mine.id)))).toEqual({
      status: 410,
      message: REVIEW_MESSAGES.closed,
    });
    expect(db.select().from(reviews).all()).toEqual([]);
  });
});

describe('approved reviews', () => {
  it('are the only ones listed, newest first, and counted with their average', () => {
    const photo = makePhoto(db);
    const other = makePhoto(db);
    const old = makeReview(db, { photoId: photo.id, rating: 4, state: 'approved' });
    makeReview(db, { photoId: photo.id, rating: 1, state: 'pending' });
    makeReview(db, { photoId: photo.id, rating: 1, state: 'hidden' });
    const recent = makeReview(db, { photoId: photo.id, rating: 5, state: 'approved', text: null });
    makeReview(db, { photoId: other.id, rating: 2, state: 'pending' });
    expect(listApprovedReviews(db, photo.id)).toEqual([
      {
        id: recent.id,
        rating: 5,
        text: null,
        authorName: 'Aoife',
        authorPlace: 'Wicklow',
        createdAt: recent.createdAt,
      },
      expect.objectContaining({ id: old.id, rating: 4 }),
    ]);
    expect(listApprovedReviews(db, other.id)).toEqual([]);
    expect(reviewSummaries(db)).toEqual(new Map([[photo.id, { average: 4.5, count: 2 }]]));
    expect(reviewSummaries(db, [other.id])).toEqual(new Map());
    expect(reviewSummaries(db, [])).toEqual(new Map());
  });

  it('average to one decimal', () => {
    const photo = makePhoto(db);
    for (const rating of [5, 4, 4]) makeReview(db, { photoId: photo.id, rating, state: 'approved' });
    expect(reviewSummaries(db).get(photo.id)).toEqual({ average: 4.3, count: 3 });
    expect(summarizeRatings([5, 4, 4])).toEqual({ average: 4.3, count: 3 });
  });
});

describe('the owner’s reviews', () => {
  it('lists those waiting first, then the newest, with the print and order, and the number waiting', () => {
    const photo = makePhoto(db, { title: 'Lough Tay' });
    const approved = makeReview(db, { photoId: photo.id, state: 'approved' });
    const waitingOld = makeReview(db, { photoId: photo.id });
    const hidden = makeReview(db, { photoId: photo.id, state: 'hidden' });
    const waitingNew = makeReview(db, { photoId: photo.id });
    const all = listReviews(db);
    expect(all.pending).toBe(2);
    expect(all.reviews.map((r) => r.id)).toEqual([waitingNew.id, waitingOld.id, hidden.id, approved.id]);
    expect(all.reviews[0]).toMatchObject({
      state: 'pending',
      photoTitle: 'Lough Tay',
      orderRef: expect.stringMatching(/^#/),
    });
    expect(listReviews(db, 'hidden').reviews.map((r) => r.id)).toEqual([hidden.id]);
  });

  it('approves and hides a review, and says 404 for an unknown one', () => {
    const r = makeReview(db);
    expect(reviewSummaries(db).size).toBe(0);
    expect(setReviewState(db, r.id, 'approved')).toMatchObject({ id: r.id, state: 'approved' });
    expect(reviewSummaries(db).get(r.photoId)).toEqual({ average: 5, count: 1 });
    setReviewState(db, r.id, 'hidden');
    expect(reviewSummaries(db).size).toBe(0);
    expect(listApprovedReviews(db, r.photoId)).toEqual([]);
    expect(httpError(() => setReviewState(db, 'nope', 'approved'))).toEqual({
      status: 404,
      message: REVIEW_MESSAGES.notFound,
    });
  });

  it('cannot store a rating outside 1 to 5, nor two reviews of one print of one order', () => {
    const r = makeReview(db);
    expect(() => makeReview(db, { rating: 6 })).toThrow(/CHECK constraint/);
    expect(() => makeReview(db, { rating: 0 })).toThrow(/CHECK constraint/);
    expect(() => makeReview(db, { orderId: r.orderId, photoId: r.photoId })).toThrow(/UNIQUE/);
  });
});

describe('what pages show', () => {
  it('labels stars for screen readers and fills the row to the average', () => {
    expect(ratingLabel(4.5, 2)).toBe('4.5 out of 5 stars, 2 reviews');
    expect(ratingLabel(5, 1)).toBe('5 out of 5 stars, 1 review');
    expect(ratingLabel(0, 0)).toBe('');
    expect(starsFillPercent(4.5)).toBe(90);
    expect(starsFillPercent(4.3)).toBe(86);
    expect(starsFillPercent(7)).toBe(100);
  });

  it('puts AggregateRating and Review into structured data only from approved reviews', () => {
    expect(reviewStructuredData([])).toEqual({});
    expect(reviewStructuredData([], undefined)).toEqual({});
    const at = new Date('2026-03-14T12:00:00Z');
    const data = reviewStructuredData([
      { id: 'a', rating: 5, text: 'Superb.', authorName: 'Aoife', authorPlace: 'Wicklow', createdAt: at },
      { id: 'b', rating: 4, text: null, authorName: 'Cian', authorPlace: 'Kerry', createdAt: at },
    ]);
    expect(data).toEqual({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        {
          '@type': 'Review',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          author: { '@type': 'Person', name: 'Aoife' },
          datePublished: '2026-03-14',
          reviewBody: 'Superb.',
        },
        expect.not.objectContaining({ reviewBody: expect.anything() }),
      ],
    });
    // The shop's list has the figures but not the reviews.
    expect(reviewStructuredData([], { average: 4, count: 3 })).toEqual({
      aggregateRating: expect.objectContaining({ ratingValue: 4, reviewCount: 3 }),
    });
  });

  it('gives the shop’s list stars only for photos with approved reviews', () => {
    const row = (id: string): ShopRow => [
      id,
      'T',
      '',
      'coastal',
      0,
      100,
      200,
      1,
      null,
      null,
      null,
      '/x.jpg',
      't',
      '',
    ];
    const rows = withRatings([row('a'), row('b')], new Map([['a', { average: 4.5, count: 2 }]]));
    expect(rows[0]).toHaveLength(16);
    expect(rows[1]).toHaveLength(14);
    expect(decodeShopRow(rows[0] as ShopRow)).toMatchObject({
      slug: 't',
      ratingAverage: 4.5,
      ratingCount: 2,
    });
    expect(decodeShopRow(rows[1] as ShopRow)).toMatchObject({ ratingAverage: 0, ratingCount: 0 });
  });

  it('prefills the review form from the order', () => {
    expect(firstNameOf('  Aoife  Byrne ')).toBe('Aoife');
    expect(countryOf('12 Main Street\nA67 X123 Wicklow\nIreland\n')).toBe('Ireland');
    expect(countryOf(null)).toBe('');
  });
});

describe('the review form’s schema', () => {
  const valid = { token: 'a'.repeat(43), photoId: 'p1', rating: 5, name: ' Aoife ', place: 'Wicklow' };
  const messages = (input: Record<string, unknown>) => {
    const parsed = z.safeParse(reviewSchema, input);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes stars as a number or a form’s string, trims the words, and makes an empty text none', () => {
    expect(z.parse(reviewSchema, { ...valid, rating: '4', text: '   ' })).toEqual({
      ...valid,
      rating: 4,
      text: null,
      name: 'Aoife',
    });
  });

  it('says what is wrong, field by field', () => {
    expect(messages({ ...valid, rating: undefined })).toEqual(['rating: Please choose from 1 to 5 stars.']);
    expect(messages({ ...valid, rating: 6 })).toEqual(['rating: Please choose from 1 to 5 stars.']);
    expect(messages({ ...valid, rating: 4.5 })).toEqual(['rating: Please choose from 1 to 5 stars.']);
    expect(messages({ ...valid, name: '  ' })).toEqual(['name: Please give your first name.']);
    expect(messages({ ...valid, place: 'Wick\nlow' })).toEqual([
      'place: The county or country must be on one line.',
    ]);
    expect(messages({ ...valid, text: 'x'.repeat(2001) })).toEqual([
      'text: Your review must be at most 2000 characters.',
    ]);
    expect(messages({ ...valid, token: 'short' })).toEqual(['token: This review link is not valid.']);
  });
});
