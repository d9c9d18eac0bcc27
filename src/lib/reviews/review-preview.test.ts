// The owner's preview of the review flow: for a paid or test order, or a sample order of the
// shop's first prints, the invitation mail is the real mail's template filled for that order (its
// link standing for the buyer's own), the review page lists the order's prints with the buyer's
// first name and country, and a sentence says whether the real mail goes. It makes no link, queues
// no mail and stores nothing; an unknown or unpaid order is refused.
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { listPreviewOrders, previewReviewFlow, reviewPreviewPath } from '~/lib/reviews/review-preview.server';
import { reviewInviteMail } from '~/lib/reviews/reviews.server';
import { reviewInvites, reviews } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeDeliveredOrder, makeOrder, makePhoto, makeVariant } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('review-preview');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** Nothing a preview may leave behind: invitations, reviews, mails. */
const leftBehind = () => ({
  invites: db.select().from(reviewInvites).all().length,
  reviews: db.select().from(reviews).all().length,
  mails: queuedMails(db).length,
});

describe('the review flow’s preview', () => {
  it('fills the real mail’s template for a test order, and says no mail is sent for it', () => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay at dawn', location: 'Lough Tay' });
    const order = makeDeliveredOrder(db, {
      id: 'order-preview-7e57aa',
      payment: 'test',
      status: 'processing',
      customerName: 'Tess Tester',
      customerEmail: 'tess@example.ie',
      customerAddress: '1 Quay Street\nGalway\nIreland',
      photoIds: ['p-tay'],
    });
    const before = leftBehind();
    const preview = previewReviewFlow(db, order.id);
    const link = `${getConfig().siteUrl}/admin/review-preview?order=order-preview-7e57aa`;
    expect(preview.link).toBe(link);
    expect({ subject: preview.subject, text: preview.text }).toEqual(
      reviewInviteMail(order, link, ['Lough Tay at dawn'], 'Wicklow Light Photography'),
    );
    expect(preview.subject).toBe('Your order #7E57AA has been delivered: how do you like it?');
    expect(preview.text).toContain('Dear Tess Tester,');
    expect(preview.text).toContain(
      'I hope your print, "Lough Tay at dawn", arrived safely and looks as good on your wall as it did through the lens.',
    );
    expect(preview.text).toContain(link);
    expect(preview.to).toBe('tess@example.ie');
    expect(preview.sample).toBe(false);
    expect(preview.when).toMatch(/test order: no mail is sent for it/);
    expect(preview.invite).toEqual({
      state: 'open',
      orderRef: '#7E57AA',
      firstName: 'Tess',
      place: 'Ireland',
      prints: [expect.objectContaining({ photoId: 'p-tay', title: 'Lough Tay at dawn', reviewed: false })],
    });
    expect(leftBehind()).toEqual(before);
  });

  it('tells a real paid order’s mail from a test order’s', () => {
    const paid = makeDeliveredOrder(db, { status: 'processing' });
    expect(previewReviewFlow(db, paid.id).when).toBe(
      'The buyer gets this mail, with their own link, when you mark the order delivered.',
    );
    const noMail = makeDeliveredOrder(db, { status: 'processing', customerEmail: null });
    expect(previewReviewFlow(db, noMail.id)).toMatchObject({
      to: null,
      when: 'This order has no e-mail address, so no mail can be sent for it.',
    });
  });

  it('makes a sample order of the shop’s first prints when no order is chosen', () => {
    makePhoto(db, { id: 'p-1', title: 'Bray Head in winter' });
    makeVariant(db, { photoId: 'p-1' });
    makePhoto(db, { id: 'p-2', title: 'Glendalough' });
    makeVariant(db, { photoId: 'p-2' });
    makePhoto(db, { id: 'p-3', title: 'Not for sale' });
    const before = leftBehind();
    const preview = previewReviewFlow(db);
    expect(preview.sample).toBe(true);
    expect(preview.orderRef).toBe('#SAMPLE');
    expect(preview.subject).toBe('Your order #SAMPLE has been delivered: how do you like it?');
    expect(preview.text).toContain(
      'I hope your 2 prints arrived safely and look as good on your wall as they did',
    );
    expect(preview.link).toBe(`${getConfig().siteUrl}/admin/review-preview`);
    expect(preview.invite.prints.map((p) => p.title)).toEqual(['Bray Head in winter', 'Glendalough']);
    expect(leftBehind()).toEqual(before);
  });

  it('refuses an unknown order and one not paid', () => {
    const unpaid = makeOrder(db, { payment: 'started' });
    expect(() => previewReviewFlow(db, 'no-such-order')).toThrow(/not found/);
    expect(() => previewReviewFlow(db, unpaid.id)).toThrow(/not found/);
  });

  it('offers the paid and test orders, newest first, each named', () => {
    const paid = makeOrder(db, { id: 'order-list-aaa111', payment: 'paid', customerName: 'Aoife Byrne' });
    const test = makeOrder(db, { id: 'order-list-bbb222', payment: 'test', customerName: 'Tess Tester' });
    makeOrder(db, { payment: 'started' });
    makeOrder(db, { payment: 'failed' });
    expect(listPreviewOrders(db)).toEqual([
      { id: test.id, label: '#BBB222 · Tess Tester · test order' },
      { id: paid.id, label: '#AAA111 · Aoife Byrne' },
    ]);
    expect(reviewPreviewPath(test.id)).toBe('/admin/review-preview?order=order-list-bbb222');
    expect(reviewPreviewPath(null)).toBe('/admin/review-preview');
  });
});
