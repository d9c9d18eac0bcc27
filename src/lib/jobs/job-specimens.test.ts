// The specimens of a drone job's invoices, as services over a real database against the PayPal fake.
// A deposit paid in test mode takes no number of the invoice sequence: its receipt carries a
// specimen (marked, "none (specimen)", the amount, a test payment), served at the deposit invoice's
// address; a live deposit still gets its numbered invoice. On a site that takes only test payments
// the balance is invoiced by a specimen: no number taken, due, paid, recalled and refused to the
// deposit as an invoiced balance is, and a cancelled test job gets no credit note.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureBalance, createBalanceOrder, invoiceBalance } from '~/lib/jobs/balance.server';
import { BALANCE_INVOICED, captureDeposit, createDepositOrder } from '~/lib/jobs/deposits.server';
import { cancelJob } from '~/lib/jobs/job-cancel.server';
import { jobInvoiceResponse } from '~/lib/jobs/job-invoice-files.server';
import { sendJobReminders } from '~/lib/jobs/job-reminders.server';
import { renderQuoteAttachment } from '~/lib/jobs/quote-attachment.server';
import { getQuote, listQuotes } from '~/lib/jobs/quotes.server';
import { SPECIMEN_MARK } from '~/lib/orders/invoice-pdf.server';
import { takesOnlyTestPayments } from '~/lib/payments/payments-mode.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import { resetStripeAccess } from '~/lib/payments/stripe-access.server';
import { resetConfigForTests } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { invoices, mailQueue } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { paypalFake, TAKES_REAL_PAYMENTS } from '~tests/helpers/paypal';
import { pdfPlacedLines, pdfText } from '~tests/helpers/pdf-text';
import {
  DAY5,
  DAY6,
  DAY8,
  DAY9,
  FARM_QUOTE,
  mailedQuoteToken,
  makeAcceptedQuote,
  refusalOf,
} from '~tests/helpers/quote-factories';

tempDataDir('job-specimens');

let db: Db;
let client: PaypalClient;
beforeEach(() => {
  db = memoryDb();
  ({ client } = paypalFake());
});

/** A quote of €317.00 accepted on DAY5, its deposit of €95.10 paid on DAY6, in test mode or not. */
async function paidDeposit(testMode: boolean, overrides = {}) {
  const job = makeAcceptedQuote(db, overrides);
  const { id } = await createDepositOrder(db, { client, testMode }, job.token, DAY5);
  await captureDeposit(db, client, job.token, id, DAY6);
  return job;
}

const issued = () => db.select().from(invoices).all();
const mails = () => db.select().from(mailQueue).all();
const ref = (quoteId: string) => quoteId.slice(-6).toUpperCase();
/** The text of a PDF, its line breaks as spaces (a sentence may wrap). */
const words = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

async function attachedTo(subject: RegExp) {
  const mail = mails().findLast((m) => subject.test(m.subject));
  const file = mail?.attachment ? await renderQuoteAttachment(db, mail.attachment) : null;
  if (!mail || !file) throw new Error(`No mail matching ${subject} with a document attached`);
  return { mail, file, text: words(file.content) };
}

describe('a deposit paid in test mode', () => {
  it('takes no number and attaches a specimen of its invoice to the client’s receipt', async () => {
    const { id } = await paidDeposit(true);
    expect(issued()).toEqual([]);
    const { mail, file, text } = await attachedTo(/^Deposit received/);
    expect(mail.attachment).toBe(`job-specimen:${id}:deposit`);
    expect(mail.text).toContain('This was a test payment: no money was taken.');
    expect(mail.text).toContain('Its invoice is a specimen, not a VAT invoice.');
    expect(file).toMatchObject({
      filename: `specimen-deposit-${ref(id)}.pdf`,
      contentType: 'application/pdf',
    });
    expect(text).toContain(SPECIMEN_MARK);
    expect(text).toContain('Number: none (specimen)');
    expect(text).toContain('€95.10');
    expect(text).toContain('a test payment, no money was taken');
    // The owner's notice has nothing attached.
    expect(mails().find((m) => m.to === 'owner@example.com')?.attachment).toBeNull();
  });

  it('is served at the deposit invoice’s address, to the client and to the owner', async () => {
    const { id, token } = await paidDeposit(true);
    for (const by of [{ token }, { quoteId: id }]) {
      const res = await jobInvoiceResponse(db, by, 'deposit');
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `inline; filename="specimen-deposit-${ref(id)}.pdf"`,
      );
      const text = words(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('Number: none (specimen)');
      expect(text).toContain('€95.10');
    }
  });
});

describe('a deposit paid in test mode, with the balance invoiced for real later', () => {
  it('is not deducted: the VAT invoice asks for the whole total, and says why', async () => {
    // €317.00 with no VAT; the test deposit of €95.10 took no money.
    const { id } = await paidDeposit(true);
    invoiceBalance(db, id, DAY8, TAKES_REAL_PAYMENTS);
    const [doc, ...more] = issued();
    expect(more).toEqual([]);
    expect(doc).toMatchObject({ kind: 'invoice', number: 1, jobPart: 'balance', amountCents: 31_700 });
    expect(getQuote(db, id, DAY8).balance).toMatchObject({ state: 'due', amountCents: 31_700 });
    const { mail, text } = await attachedTo(/balance/i);
    expect(mail.text).toContain('a test payment, no money was taken, not deducted');
    expect(mail.text).toContain('Balance: €317.00');
    expect(text).toContain('a test payment, no money was taken, not deducted');
    expect(text).toContain('Balance due (incl. VAT) €317.00');
    // That line wraps, and its second line stays clear of the rule and the total below it.
    const placed = pdfPlacedLines((await attachedTo(/balance/i)).file.content);
    const wrapped = placed.find((l) => l.text === 'deducted');
    const due = placed.find((l) => l.text === 'Balance due (incl. VAT)');
    if (!wrapped || !due) throw new Error(`lines not found: ${placed.map((l) => l.text).join(' | ')}`);
    expect(wrapped.y - due.y).toBeGreaterThanOrEqual(due.size + 6);
    // The client pays the whole total: the amount asked comes from the invoice.
    const token = mailedQuoteToken(db);
    const order = await createBalanceOrder(db, { client, testMode: false }, token, DAY9);
    await captureBalance(db, client, token, order.id, DAY9);
    expect(getQuote(db, id, DAY9).balance).toMatchObject({ state: 'paid', amountCents: 31_700 });
  });
});

describe('a deposit paid in test mode, the balance invoiced by a specimen, the site then taking real payments', () => {
  const LIVE_CARDS = {
    STRIPE_SECRET_KEY: 'sk_live_specimen0123456789',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_specimen0123456789',
    STRIPE_ALLOW_LIVE: '1',
  };
  /** The site takes real payments from here on: live card keys. */
  function goLive() {
    Object.assign(process.env, LIVE_CARDS);
    resetConfigForTests();
    resetStripeAccess();
  }
  afterEach(() => {
    for (const name of Object.keys(LIVE_CARDS)) delete process.env[name];
    resetConfigForTests();
    resetStripeAccess();
  });

  it('asks for the whole total, which the test deposit never paid, and invoices it', async () => {
    // €317.00 with no VAT; the test deposit of €95.10 took no money.
    const { id } = await paidDeposit(true);
    invoiceBalance(db, id, DAY8);
    expect(getQuote(db, id, DAY8).balance).toMatchObject({
      state: 'due',
      amountCents: 22_190,
      invoiceSpecimen: true,
    });
    goLive();
    // The client's page and the owner's Jobs tab say what will be asked.
    const view = getQuote(db, id, DAY9);
    expect(view.balance).toMatchObject({ state: 'due', amountCents: 31_700, invoiceSpecimen: true });
    expect(view.deposit).toMatchObject({ testMode: true, balanceCents: 31_700 });
    expect(listQuotes(db, 'all', DAY9).map((q) => q.owedWords)).toEqual(['€317.00 due since 8 Dec']);
    const token = mailedQuoteToken(db);
    const order = await createBalanceOrder(db, { client, testMode: false }, token, DAY9);
    expect(order.amountCents).toBe(31_700);
    await captureBalance(db, client, token, order.id, DAY9);
    expect(issued()).toEqual([
      expect.objectContaining({ number: 1, jobPart: 'balance', amountCents: 31_700 }),
    ]);
    expect(getQuote(db, id, DAY9).balance).toMatchObject({
      state: 'paid',
      amountCents: 31_700,
      invoiceNumber: 'INV-000001',
    });
    const { text } = await attachedTo(/^Balance received/);
    expect(text).toContain('€317.00');
  });
});

describe('a deposit paid for real', () => {
  it('still issues its numbered invoice, attached to the receipt', async () => {
    const { id } = await paidDeposit(false);
    const [doc, ...more] = issued();
    expect(more).toEqual([]);
    expect(doc).toMatchObject({
      kind: 'invoice',
      number: 1,
      quoteId: id,
      jobPart: 'deposit',
      amountCents: 9_510,
    });
    const { mail, file, text } = await attachedTo(/^Deposit received/);
    expect(mail.attachment).toBe(`job-invoice:${doc?.id}`);
    expect(mail.text).not.toContain('specimen');
    expect(file.filename).toBe('INV-000001.pdf');
    expect(text).toContain('Number: INV-000001');
    expect(text).not.toContain('SPECIMEN');
  });
});

describe('the balance on a site that takes only test payments', () => {
  /** "Invoice the balance" on this test's site: the service asks the site's payments itself. */
  const invoiceAsTheSite = (id: string, at = DAY8) => invoiceBalance(db, id, at);

  it('is invoiced by a specimen that takes no number, is due, and says so in its mail', async () => {
    // This test's site: PayPal's built-in fake and no cards.
    expect(takesOnlyTestPayments(db)).toBe(true);
    const { id } = await paidDeposit(false);
    const view = invoiceAsTheSite(id);
    expect(view.balance).toMatchObject({
      state: 'due',
      amountCents: 22_190,
      invoiceNumber: null,
      invoicedDay: '2026-12-08',
      invoiceSpecimen: true,
    });
    expect(issued().map((d) => [d.number, d.jobPart])).toEqual([[1, 'deposit']]);
    const { mail, file, text } = await attachedTo(/the balance for/);
    expect(mail.subject).toBe(`Invoice (specimen): the balance for ${FARM_QUOTE.title}`);
    expect(mail.text).toContain('It is a specimen, not a VAT invoice: this site takes only test payments.');
    expect(mail.text).toContain('Balance: €221.90');
    expect(mail.attachment).toBe(`job-specimen:${id}:balance`);
    expect(file.filename).toBe(`specimen-balance-${ref(id)}.pdf`);
    expect(text).toContain(SPECIMEN_MARK);
    expect(text).toContain('Number: none (specimen)');
    expect(text).toContain('Deposit paid on 6 December 2026, invoice INV-000001');
    expect(text).toContain('€221.90');
    // The owner's Jobs tab: delivered, the balance due since the specimen's day.
    expect(listQuotes(db, 'all', DAY9).map((q) => [q.stage, q.owedWords])).toEqual([
      ['delivered', '€221.90 due since 8 Dec'],
    ]);
    // It is invoiced once, and the next real invoice takes the next number: none was used.
    expect(await refusalOf(() => invoiceAsTheSite(id, DAY9))).toEqual({
      status: 409,
      message: 'The balance was invoiced on 8 December 2026.',
    });
    await paidDeposit(false, { clientEmail: 'next@example.ie' });
    expect(issued().map((d) => d.number)).toEqual([1, 2]);
    // Its PDF is served where the invoice would be.
    const res = await jobInvoiceResponse(db, { quoteId: id }, 'balance');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="specimen-balance-${ref(id)}.pdf"`);
  });

  it('refuses the deposit, is recalled while unpaid, and is paid for the specimen’s amount', async () => {
    const { id } = makeAcceptedQuote(db);
    invoiceAsTheSite(id);
    const token = mailedQuoteToken(db);
    expect(await refusalOf(() => createDepositOrder(db, { client, testMode: true }, token, DAY8))).toEqual({
      status: 409,
      message: BALANCE_INVOICED,
    });
    expect(sendJobReminders(db, new Date('2026-12-15T10:00:00Z'))).toBe(1);
    expect(mails().at(-1)?.text).toContain('the balance of €317.00');
    const order = await createBalanceOrder(db, { client, testMode: true }, token, DAY9);
    expect(order.amountCents).toBe(31_700);
    const paid = await captureBalance(db, client, token, order.id, DAY9);
    expect(paid.balance).toMatchObject({ state: 'paid', amountCents: 31_700, invoiceSpecimen: true });
    expect(mails().findLast((m) => /^Balance received/.test(m.subject))?.text).not.toContain('Invoice:');
    expect(getQuote(db, id, DAY9).balance?.invoiceNumber).toBeNull();
    expect(issued()).toEqual([]);
  });

  it('gets its VAT invoice when it is paid with real money after all', async () => {
    // Invoiced while the site took only test payments; paid once it takes real ones. At 23% VAT:
    // €317.00 net, €389.91 in all, €72.91 of it VAT.
    const { id } = makeAcceptedQuote(db, {}, 2300);
    invoiceAsTheSite(id);
    const token = mailedQuoteToken(db);
    const order = await createBalanceOrder(db, { client, testMode: false }, token, DAY9);
    await captureBalance(db, client, token, order.id, DAY9);
    const [doc, ...more] = issued();
    expect(more).toEqual([]);
    expect(doc).toMatchObject({
      kind: 'invoice',
      number: 1,
      jobPart: 'balance',
      amountCents: 38_991,
      vatCents: 7_291,
    });
    expect(getQuote(db, id, DAY9).balance).toMatchObject({
      state: 'paid',
      invoiceNumber: 'INV-000001',
      invoiceSpecimen: false,
    });
    const { mail, file, text } = await attachedTo(/^Balance received/);
    expect(mail.attachment).toBe(`job-invoice:${doc?.id}`);
    expect(mail.text).toContain('Invoice: INV-000001 (attached)');
    expect(mail.text).not.toContain('test payment');
    expect(file.filename).toBe('INV-000001.pdf');
    expect(text).not.toContain('SPECIMEN');
    expect(text).toContain('€389.91');
    expect(text).toContain('€72.91');
    // Captured again, it changes nothing: one invoice.
    await captureBalance(db, client, token, order.id, DAY9);
    expect(issued()).toHaveLength(1);
  });

  it('gives a cancelled test job no credit note', async () => {
    const { id } = await paidDeposit(true);
    invoiceAsTheSite(id);
    const token = mailedQuoteToken(db);
    const order = await createBalanceOrder(db, { client, testMode: true }, token, DAY9);
    await captureBalance(db, client, token, order.id, DAY9);
    const view = await cancelJob(
      db,
      { paypal: client },
      id,
      { refundCents: 31_700, reason: 'The event was called off.' },
      new Date('2026-12-10T09:00:00Z'),
    );
    expect(view.cancellation).toMatchObject({ refundedCents: 31_700, testMode: true, creditNotes: [] });
    expect(issued()).toEqual([]);
  });
});
