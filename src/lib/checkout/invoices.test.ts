// The numbering of VAT invoices and credit notes: a paid order gets the next number of one unbroken
// sequence inside the transaction that records its payment (so a failed transaction leaves no gap,
// and captures at the same time get distinct numbers); a test order gets none; a refund gets the
// next number of the credit notes' own sequence, referring to its invoice.
import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { documentOf, issueCreditNote, issueInvoice, supplierOf } from '~/lib/checkout/invoices.server';
import { reconcilePendingPayments } from '~/lib/checkout/payment-reconcile.server';
import { capturePaypalOrder, createPaypalOrder } from '~/lib/checkout/place-order.server';
import { renderMailAttachment } from '~/lib/orders/invoice-pdf.server';
import { refundOrder } from '~/lib/orders/order-refund.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { saveBusinessDetails } from '~/lib/site/business.server';
import { invoices, mailQueue, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { paypalFake } from '~tests/helpers/paypal';

tempDataDir('invoices');

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let variantId: string;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  variantId = makeVariant(db, { priceCents: 4500 }).id;
});

async function started() {
  const created = await createPaypalOrder(db, client, {
    lines: [{ variantId, framing: null, quantity: 2 }],
    country: 'IE',
  });
  return { paypalId: created.id, orderId: created.orderId };
}

async function paid() {
  const { paypalId, orderId } = await started();
  const outcome = await capturePaypalOrder(db, client, paypalId, CUSTOMER);
  if (!outcome.paid) throw new Error('not paid');
  return orderId;
}

const numbers = (kind: 'invoice' | 'credit_note') =>
  db
    .select({ n: invoices.number })
    .from(invoices)
    .where(eq(invoices.kind, kind))
    .orderBy(asc(invoices.number))
    .all()
    .map((r) => r.n);

describe('invoice numbers', () => {
  it('are printed with their kind and six digits', () => {
    expect(documentNumber('invoice', 42)).toBe('INV-000042');
    expect(documentNumber('credit_note', 3)).toBe('CN-000003');
    expect(documentNumber('invoice', 1234567)).toBe('INV-1234567');
  });

  it('number paid orders one after another, the buyer copied in', async () => {
    const first = await paid();
    const second = await paid();
    const third = await paid();
    expect([first, second, third].map((id) => documentOf(db, id, 'invoice')?.number)).toEqual([1, 2, 3]);
    expect(documentOf(db, first, 'invoice')).toMatchObject({
      buyerName: 'Aoife Byrne',
      buyerAddress: '12 Main Street\nA67 X123 Wicklow\nIreland',
      amountCents: expect.any(Number),
      supplier: null,
    });
  });

  it('attach the invoice to the buyer’s confirmation only', async () => {
    const orderId = await paid();
    const invoice = documentOf(db, orderId, 'invoice');
    const mails = db.select().from(mailQueue).orderBy(asc(mailQueue.createdAt), sql`rowid`).all();
    expect(mails.map((m) => [m.to, m.attachment])).toEqual([
      ['owner@example.com', null],
      ['aoife@example.ie', `invoice:${invoice?.id}`],
    ]);
  });

  it('give distinct numbers, 1 to n, to captures made at the same time', async () => {
    const orderIds = await Promise.all(Array.from({ length: 8 }, () => paid()));
    expect(numbers('invoice')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(orderIds.map((id) => documentOf(db, id, 'invoice')?.number)).size).toBe(8);
  });

  it('leave no gap when the transaction recording a payment fails', async () => {
    // Queuing the confirmation fails, which undoes the payment and its invoice.
    db.$client.exec(
      "create trigger no_mail before insert on mail_queue begin select raise(abort, 'mail queue down'); end",
    );
    const { paypalId, orderId } = await started();
    await expect(capturePaypalOrder(db, client, paypalId, CUSTOMER)).rejects.toThrow('mail queue down');
    expect(documentOf(db, orderId, 'invoice')).toBeUndefined();
    expect(db.select().from(orders).where(eq(orders.id, orderId)).get()?.paymentStatus).not.toBe('completed');
    db.$client.exec('drop trigger no_mail');
    await paid();
    expect(numbers('invoice')).toEqual([1]);
  });

  it('number a held payment when a later check finds it completed, and none while held', async () => {
    const { paypalId, orderId } = await started();
    fake.captureBehaviour = 'pending';
    expect(await capturePaypalOrder(db, client, paypalId, CUSTOMER)).toMatchObject({ paid: false });
    expect(documentOf(db, orderId, 'invoice')).toBeUndefined();
    fake.captureBehaviour = 'complete';
    const next = await paid();
    fake.settlePendingCaptures('COMPLETED');
    expect(await reconcilePendingPayments(db, client)).toMatchObject({ paid: 1 });
    expect(documentOf(db, next, 'invoice')?.number).toBe(1);
    expect(documentOf(db, orderId, 'invoice')?.number).toBe(2);
  });

  it('are never used by a test order', () => {
    const test = makeOrder(db, { payment: 'paid', testMode: true });
    expect(issueInvoice(db, test.id)).toBeNull();
    const real = makeOrder(db, { payment: 'paid' });
    expect(issueInvoice(db, real.id)?.number).toBe(1);
  });

  it('keep the supplier’s details as they were when issued', () => {
    const details = {
      legalName: 'Aoife Byrne Photography Ltd',
      tradingName: null,
      addressLine1: '1 Harbour Road',
      addressLine2: null,
      town: 'Wicklow',
      region: null,
      postcode: 'A67 X123',
      country: 'IE',
      vatNumber: 'IE1234567T',
      companyNumber: null,
      email: 'shop@example.ie',
      phone: null,
    };
    saveBusinessDetails(db, details);
    const order = makeOrder(db, { payment: 'paid' });
    const invoice = issueInvoice(db, order.id);
    saveBusinessDetails(db, { ...details, legalName: 'Someone Else Ltd' });
    expect(supplierOf(documentOf(db, order.id, 'invoice') ?? { supplier: null })?.legalName).toBe(
      'Aoife Byrne Photography Ltd',
    );
    expect(issueInvoice(db, order.id)?.id).toBe(invoice?.id);
  });
});

describe('credit notes', () => {
  it('are numbered in their own sequence by a refund, referring to the invoice', async () => {
    await paid();
    const orderId = await paid();
    await refundOrder(db, client, { orderId, changedBy: 'owner@example.com', now: new Date() });
    const invoice = documentOf(db, orderId, 'invoice');
    const note = documentOf(db, orderId, 'credit_note');
    expect(invoice?.number).toBe(2);
    expect(note).toMatchObject({ number: 1, refersToId: invoice?.id, amountCents: invoice?.amountCents });
  });

  it('go to the buyer attached to the refund mail, which names them', async () => {
    const orderId = await paid();
    await refundOrder(db, client, { orderId, changedBy: 'owner@example.com', now: new Date() });
    const note = documentOf(db, orderId, 'credit_note');
    const mail = db.select().from(mailQueue).where(sql`${mailQueue.subject} like '%has been refunded'`).get();
    expect(mail?.attachment).toBe(`invoice:${note?.id}`);
    expect(mail?.text).toContain('Your credit note CN-000001 is attached.');
    const file = await renderMailAttachment(db, mail?.attachment ?? '');
    expect(file).toMatchObject({ contentType: 'application/pdf' });
    expect(file?.filename).toMatch(/CN-000001/);
  });

  it('are not made for an order without an invoice', () => {
    const order = makeOrder(db, { payment: 'paid' });
    expect(issueCreditNote(db, order.id, 4500)).toBeNull();
    expect(numbers('credit_note')).toEqual([]);
  });

  it('leave no gap when the refund’s transaction fails', () => {
    const a = makeOrder(db, { payment: 'paid' });
    const b = makeOrder(db, { payment: 'paid' });
    issueInvoice(db, a.id);
    issueInvoice(db, b.id);
    expect(() =>
      db.transaction((tx) => {
        issueCreditNote(tx, a.id, 4500);
        throw new Error('refund not recorded');
      }),
    ).toThrow('refund not recorded');
    expect(issueCreditNote(db, b.id, 4500)?.number).toBe(1);
  });
});
