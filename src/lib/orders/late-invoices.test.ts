// The invoice of an order paid before invoices were issued: numbered next in the one sequence, dated
// the day it is issued, once only however often asked; a refunded order gets its invoice and then
// its credit note; test and unpaid orders get none, with a sentence saying why; the bulk issue goes
// oldest payment first. The buyer is mailed each document issued, its PDF attached, and only then.
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentOf, issueInvoice } from '~/lib/checkout/invoices.server';
import {
  issueAllMissingInvoices,
  issueMissingInvoice,
  LATE_INVOICE_MESSAGES,
  ordersMissingInvoice,
} from '~/lib/orders/late-invoices.server';
import type { Db } from '~/lib/platform/server/db';
import { invoices, mailQueue, orderStatusHistory } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const DAY = 24 * 60 * 60 * 1000;
const OWNER = 'owner@example.com';
const paidDaysAgo = (days: number, payment: 'paid' | 'refunded' = 'paid') =>
  makeOrder(db, { payment, paidAt: new Date(Date.now() - days * DAY) });

describe('issuing a missing invoice', () => {
  it('numbers it next in the sequence, dated the day it is issued, and notes it in the history', () => {
    issueInvoice(db, makeOrder(db, { payment: 'paid' }).id);
    const late = paidDaysAgo(200);
    const now = new Date('2026-11-28T12:00:00Z');
    const result = issueMissingInvoice(db, late.id, OWNER, now);
    expect(result).toMatchObject({ issued: true, creditNote: null });
    expect(result.invoice).toMatchObject({ kind: 'invoice', number: 2, issuedAt: now, amountCents: 4500 });
    const history = db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, late.id)).all();
    expect(history).toMatchObject([
      { changedBy: OWNER, note: 'INV-000002 issued for a payment made before invoices were issued' },
    ]);
  });

  it('gives one number however often it is asked', () => {
    const order = paidDaysAgo(30);
    const first = issueMissingInvoice(db, order.id, OWNER);
    const again = issueMissingInvoice(db, order.id, OWNER);
    expect(again).toMatchObject({ issued: false, invoice: { id: first.invoice.id, number: 1 } });
    expect(db.select().from(invoices).all()).toHaveLength(1);
  });

  it('gives a refunded order its invoice and then its credit note, referring to it', () => {
    const order = makeOrder(db, { payment: 'refunded', refundedAmountCents: 2000 });
    const { invoice, creditNote } = issueMissingInvoice(db, order.id, OWNER);
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      number: 1,
      refersToId: invoice.id,
      amountCents: 2000,
    });
    const rows = db.select().from(invoices).orderBy(asc(invoices.createdAt)).all();
    expect(rows.map((r) => r.kind)).toEqual(['invoice', 'credit_note']);
    expect(
      db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).get()?.note,
    ).toBe('INV-000001 and CN-000001 issued for a payment made before invoices were issued');
  });

  it('refuses a test order and an unpaid order with a sentence, using no number', () => {
    const test = makeOrder(db, { payment: 'test' });
    const unpaid = makeOrder(db, { payment: 'started' });
    expect(() => issueMissingInvoice(db, test.id, OWNER)).toThrow(LATE_INVOICE_MESSAGES.test);
    expect(() => issueMissingInvoice(db, unpaid.id, OWNER)).toThrow(LATE_INVOICE_MESSAGES.notPaid);
    expect(() => issueMissingInvoice(db, 'nope', OWNER)).toThrow(LATE_INVOICE_MESSAGES.notFound);
    expect(documentOf(db, test.id, 'invoice')).toBeUndefined();
    expect(db.select().from(invoices).all()).toEqual([]);
    expect(issueMissingInvoice(db, paidDaysAgo(1).id, OWNER).invoice.number).toBe(1);
  });
});

describe('mailing the buyer what is issued', () => {
  const mails = () =>
    db
      .select({
        to: mailQueue.to,
        subject: mailQueue.subject,
        text: mailQueue.text,
        attachment: mailQueue.attachment,
      })
      .from(mailQueue)
      .all();

  it('mails the invoice, attached, saying the payment day it is for, and notes the mail in the history', () => {
    const order = makeOrder(db, {
      payment: 'paid',
      paidAt: new Date('2026-03-14T10:00:00Z'),
      customerEmail: 'aoife@example.ie',
    });
    const { invoice } = issueMissingInvoice(db, order.id, OWNER, new Date('2026-11-28T12:00:00Z'));
    const [mail, ...more] = mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      to: 'aoife@example.ie',
      subject: expect.stringMatching(/^Your VAT invoice for order /),
      attachment: `invoice:${invoice.id}`,
    });
    expect(mail?.text).toContain('Your VAT invoice INV-000001 for order');
    expect(mail?.text).toContain('issued today for your payment of 14 March 2026');
    expect(
      db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).get()
        ?.customerNotified,
    ).toBe(true);
  });

  it('mails a refunded order’s invoice and then its credit note, one document to a mail', () => {
    const order = makeOrder(db, { payment: 'refunded', refundedAmountCents: 2000 });
    const { invoice, creditNote } = issueMissingInvoice(db, order.id, OWNER);
    expect(mails().map((m) => [m.subject.replace(/ order .*/, ''), m.attachment])).toEqual([
      ['Your VAT invoice for', `invoice:${invoice.id}`],
      ['Your credit note for', `invoice:${creditNote?.id}`],
    ]);
    expect(mails()[1]?.text).toContain('Your credit note CN-000001 for the refund of order');
  });

  it('mails nothing when the order had its invoice, and nothing to a buyer without an address', () => {
    const order = paidDaysAgo(30);
    issueMissingInvoice(db, order.id, OWNER);
    const before = mails().length;
    issueMissingInvoice(db, order.id, OWNER);
    expect(mails()).toHaveLength(before);
    const noAddress = makeOrder(db, { payment: 'paid', customerEmail: null });
    issueMissingInvoice(db, noAddress.id, OWNER);
    expect(mails()).toHaveLength(before);
    expect(
      db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, noAddress.id)).get()
        ?.customerNotified,
    ).toBe(false);
  });
});

describe('issuing every missing invoice', () => {
  it('issues them oldest payment first, skipping test, unpaid and invoiced orders', () => {
    const newer = paidDaysAgo(10);
    const oldest = paidDaysAgo(300);
    const refunded = paidDaysAgo(100, 'refunded');
    makeOrder(db, { payment: 'test' });
    makeOrder(db, { payment: 'failed' });
    makeOrder(db, { payment: 'started' });
    const invoiced = makeOrder(db, { payment: 'paid' });
    issueInvoice(db, invoiced.id);
    expect(ordersMissingInvoice(db)).toEqual([oldest.id, refunded.id, newer.id]);
    const done = issueAllMissingInvoices(db, 'npm run invoices:issue-missing');
    expect(done.map((d) => [d.orderId, d.invoice.number, d.creditNote?.number ?? null])).toEqual([
      [oldest.id, 2, null],
      [refunded.id, 3, 1],
      [newer.id, 4, null],
    ]);
    expect(ordersMissingInvoice(db)).toEqual([]);
    expect(issueAllMissingInvoices(db, 'npm run invoices:issue-missing')).toEqual([]);
  });
});
