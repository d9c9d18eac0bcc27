// The delivery of a drone job as services over a real database, against the PayPal fake: the owner
// attaches a gallery (proofing until the balance is paid), invoices the balance (the accepted total
// less the deposit paid, from the shop's one invoice sequence, mailed with the job's link), the client
// pays it once however often the capture is repeated, and the gallery's downloads open by
// themselves; the deposit gets its own invoice; the reminders go once each; the Jobs tab's stages.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BALANCE_NOT_ACCEPTED,
  captureBalance,
  createBalanceOrder,
  invoiceBalance,
  NOT_INVOICED,
  UNKNOWN_BALANCE_PAYMENT,
} from '~/lib/jobs/balance.server';
import { BALANCE_INVOICED, captureDeposit, createDepositOrder } from '~/lib/jobs/deposits.server';
import { attachGallery, releaseJobGallery } from '~/lib/jobs/job-gallery.server';
import { renderJobInvoicePdf } from '~/lib/jobs/job-invoice-pdf.server';
import { balanceInvoiceOf } from '~/lib/jobs/job-invoices.server';
import { sendJobReminders } from '~/lib/jobs/job-reminders.server';
import { acceptQuote, quoteByToken } from '~/lib/jobs/quote-client.server';
import { getQuote, listQuotes } from '~/lib/jobs/quotes.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { galleries, galleryLinks, invoices, jobPayments, mailQueue } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { queuedMails } from '~tests/helpers/outbox';
import { paypalFake, TAKES_REAL_PAYMENTS } from '~tests/helpers/paypal';
import { pdfText } from '~tests/helpers/pdf-text';
import {
  CLIENT,
  DAY3,
  DAY5,
  DAY6,
  DAY8,
  DAY9,
  FARM_QUOTE,
  mailedQuoteToken,
  makeAcceptedQuote,
  makeSentQuote,
  ONE_LINE,
  refusalOf,
} from '~tests/helpers/quote-factories';

const acceptedQuote = (overrides = {}, vatRateBp = 0) => makeAcceptedQuote(db, overrides, vatRateBp);
const refusal = refusalOf;
tempDataDir('balance');

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
});
const backend = () => ({ client, testMode: false });

async function paidDeposit(overrides = {}, vatRateBp = 0) {
  const job = acceptedQuote(overrides, vatRateBp);
  const { id } = await createDepositOrder(db, backend(), job.token, DAY5);
  await captureDeposit(db, client, job.token, id, DAY6);
  return job;
}

/** Invoices the balance and answers the token mailed with it. */
function invoiced(id: string, at = DAY8) {
  invoiceBalance(db, id, at, TAKES_REAL_PAYMENTS);
  return mailedQuoteToken(db);
}

const galleryOf = (id: string) => {
  const galleryId = getQuote(db, id, DAY9).gallery?.id ?? '';
  return db.select().from(galleries).where(eq(galleries.id, galleryId)).get();
};

describe('attaching a gallery', () => {
  it('makes a new proofing gallery for the job with the client’s name, e-mail and shoot day, and a link for them', async () => {
    const { id } = await paidDeposit({ shootDate: '2026-12-10' });
    const view = attachGallery(db, id, { newGallery: true }, DAY8);
    expect(view.gallery).toMatchObject({ title: FARM_QUOTE.title, releasedDay: null });
    expect(galleryOf(id)).toMatchObject({
      clientName: 'Áine Byrne',
      clientEmail: FARM_QUOTE.clientEmail,
      shootDate: '2026-12-10',
      downloads: 'none',
      releasedAt: null,
    });
    const links = db.select().from(galleryLinks).all();
    expect(links).toEqual([expect.objectContaining({ recipientEmail: FARM_QUOTE.clientEmail })]);
  });

  it('holds a chosen gallery for proofing while the balance is unpaid; the owner may release it by hand', async () => {
    const { id } = await paidDeposit();
    const chosen = db
      .insert(galleries)
      .values({ title: 'Farm', clientName: 'Áine', downloads: 'original', releasedAt: DAY3 })
      .returning()
      .get();
    attachGallery(db, id, { galleryId: chosen.id }, DAY8);
    expect(galleryOf(id)).toMatchObject({ id: chosen.id, downloads: 'none', releasedAt: null });
    const mails = queuedMails(db).length;
    expect(releaseJobGallery(db, id, DAY9).gallery?.releasedDay).toBe('2026-12-09');
    expect(galleryOf(id)).toMatchObject({ downloads: 'original', releasedAt: DAY9 });
    // The client's link to it is mailed with the release.
    expect(
      queuedMails(db)
        .slice(mails)
        .map((m) => m.subject),
    ).toEqual(['Your photos are ready: Farm']);
  });

  it('refuses a quote not accepted and a gallery that does not exist', async () => {
    const { quote } = makeSentQuote(db, ONE_LINE, DAY3);
    expect((await refusal(() => attachGallery(db, quote.id, { newGallery: true }, DAY8))).status).toBe(409);
    const { id } = acceptedQuote({ clientEmail: 'b@example.ie' });
    expect(await refusal(() => attachGallery(db, id, { galleryId: 'nope' }, DAY8))).toEqual({
      status: 404,
      message: 'There is no such gallery.',
    });
    expect(await refusal(() => releaseJobGallery(db, id, DAY8))).toMatchObject({ status: 409 });
  });
});

describe('invoicing the balance', () => {
  it('issues the next number of the shop’s invoice sequence for the total less the deposit, and mails it with the job’s one link', async () => {
    const { id, token } = await paidDeposit();
    attachGallery(db, id, { newGallery: true }, DAY8);
    const view = invoiceBalance(db, id, DAY8, TAKES_REAL_PAYMENTS);
    expect(view.balance).toMatchObject({
      state: 'due',
      amountCents: 22_190,
      invoiceNumber: 'INV-000002',
      invoicedDay: '2026-12-08',
    });
    // The deposit's invoice came first, when it was paid.
    const docs = db.select().from(invoices).all();
    expect(docs.map((d) => [d.number, d.jobPart, d.amountCents, d.orderId])).toEqual([
      [1, 'deposit', 9_510, null],
      [2, 'balance', 22_190, null],
    ]);
    const mail = db.select().from(mailQueue).all().at(-1);
    expect(mail?.subject).toBe(`Invoice INV-000002: the balance for ${FARM_QUOTE.title}`);
    expect(mail?.attachment).toBe(`job-invoice:${docs[1]?.id}`);
    expect(mail?.text).toContain('Deposit paid on 6 December 2026: €95.10');
    expect(mail?.text).toContain('Balance: €221.90');
    // The link is the one the quote was sent with: the client's saved link keeps working.
    expect(mailedQuoteToken(db)).toBe(token);
    expect(mail?.text).not.toContain('no longer works');
    expect(quoteByToken(db, token)?.id).toBe(id);
  });

  it('refuses a second invoice, a quote not accepted and a job with nothing left to pay', async () => {
    const { id } = await paidDeposit();
    invoiceBalance(db, id, DAY8, TAKES_REAL_PAYMENTS);
    expect(await refusal(() => invoiceBalance(db, id, DAY9, TAKES_REAL_PAYMENTS))).toEqual({
      status: 409,
      message: 'The balance was invoiced on 8 December 2026.',
    });
    const sent = makeSentQuote(db, { ...ONE_LINE, clientEmail: 'c@example.ie' }, DAY3);
    expect((await refusal(() => invoiceBalance(db, sent.quote.id, DAY9, TAKES_REAL_PAYMENTS))).status).toBe(
      409,
    );
    const whole = await paidDeposit({ clientEmail: 'd@example.ie', depositPercent: 100 });
    expect(await refusal(() => invoiceBalance(db, whole.id, DAY9, TAKES_REAL_PAYMENTS))).toEqual({
      status: 409,
      message: 'Nothing remains to pay: the deposit paid covers the whole total.',
    });
    expect(
      db
        .select()
        .from(invoices)
        .all()
        .filter((d) => d.jobPart === 'balance'),
    ).toHaveLength(1);
  });

  it('splits the VAT so that the deposit’s and the balance’s add up to the quote’s', async () => {
    // €317.00 net at 23%: €389.91, VAT €72.91; deposit €116.97 (VAT €21.87), balance €272.94 (VAT €51.04).
    const { id, token } = await paidDeposit({}, 2_300);
    const view = invoiceBalance(db, id, DAY8, TAKES_REAL_PAYMENTS);
    expect(view.deposit).toMatchObject({ amountCents: 11_697, vatCents: 2_187 });
    expect(view.balance).toMatchObject({ amountCents: 27_294, vatCents: 5_104 });
    expect(view.deposit.vatCents + (view.balance?.vatCents ?? 0)).toBe(view.totals.vatCents);
    const fresh = mailedQuoteToken(db);
    const order = await createBalanceOrder(db, backend(), fresh, DAY9);
    expect(fake.orders.get(order.id)?.purchaseUnits[0]?.amount).toMatchObject({ value: '272.94' });
    expect(
      db.select().from(jobPayments).where(eq(jobPayments.providerOrderId, order.id)).get(),
    ).toMatchObject({
      kind: 'balance',
      amountCents: 27_294,
      vatCents: 5_104,
    });
    expect(fresh).toBe(token);
  });

  it('draws the invoice with the job’s lines, the deposit paid with its date, and the balance due', async () => {
    const { id } = await paidDeposit({}, 2_300);
    invoiceBalance(db, id, DAY8, TAKES_REAL_PAYMENTS);
    const doc = balanceInvoiceOf(db, id);
    if (!doc) throw new Error('no invoice');
    const text = pdfText(await renderJobInvoicePdf(db, doc, getQuote(db, id, DAY8), { compress: false }));
    expect(text).toContain('INV-000002');
    expect(text).toContain('Aerial photography, half day');
    expect(text).toContain('Deposit paid on 6 December 2026, invoice INV-000001');
    expect(text).toContain('Balance due (incl. VAT)');
    expect(text).toContain('€272.94');
    expect(text).toContain('VAT at 23% included in the balance');
  });
});

describe('paying the balance', () => {
  it('refuses before the invoice, before acceptance, and for another quote’s PayPal order', async () => {
    const { id, token } = await paidDeposit();
    expect(await refusal(() => createBalanceOrder(db, backend(), token, DAY8))).toEqual({
      status: 409,
      message: NOT_INVOICED,
    });
    const sent = makeSentQuote(db, { ...ONE_LINE, clientEmail: 'e@example.ie' }, DAY3);
    expect(await refusal(() => createBalanceOrder(db, backend(), sent.token, DAY8))).toEqual({
      status: 409,
      message: BALANCE_NOT_ACCEPTED,
    });
    const fresh = invoiced(id);
    const other = await paidDeposit({ clientEmail: 'f@example.ie' });
    invoiceBalance(db, other.id, DAY8, TAKES_REAL_PAYMENTS);
    const otherToken = mailedQuoteToken(db, 'f@example.ie');
    const order = await createBalanceOrder(db, backend(), otherToken, DAY9);
    expect(await refusal(() => captureBalance(db, client, fresh, order.id, DAY9))).toEqual({
      status: 404,
      message: UNKNOWN_BALANCE_PAYMENT,
    });
    // The deposit can no longer be paid once the whole balance is invoiced.
    const unpaid = acceptedQuote({ clientEmail: 'g@example.ie' });
    invoiceBalance(db, unpaid.id, DAY8, TAKES_REAL_PAYMENTS);
    const unpaidToken = mailedQuoteToken(db, 'g@example.ie');
    expect(await refusal(() => createDepositOrder(db, backend(), unpaidToken, DAY8))).toEqual({
      status: 409,
      message: BALANCE_INVOICED,
    });
    expect(getQuote(db, unpaid.id, DAY8).balance?.amountCents).toBe(31_700);
  });

  it('releases the gallery once, with the client’s link, the receipt and the owner’s notice', async () => {
    const { id } = await paidDeposit();
    attachGallery(db, id, { newGallery: true }, DAY8);
    const token = invoiced(id);
    const before = queuedMails(db).length;
    const order = await createBalanceOrder(db, backend(), token, DAY9);
    const outcome = await captureBalance(db, client, token, order.id, DAY9);
    expect(outcome).toMatchObject({
      newlyPaid: true,
      balance: { state: 'paid', amountCents: 22_190, paidDay: '2026-12-09' },
    });
    expect(galleryOf(id)).toMatchObject({ downloads: 'original', releasedAt: DAY9 });
    const mails = queuedMails(db).slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [FARM_QUOTE.clientEmail, `Your photos are ready: ${FARM_QUOTE.title}`],
      [FARM_QUOTE.clientEmail, `Balance received: ${FARM_QUOTE.title}`],
      ['owner@example.com', `Balance paid by Áine Byrne: ${FARM_QUOTE.title}`],
    ]);
    expect(mails[0]?.text).toMatch(/\/g\/[A-Za-z0-9_-]+/);
    // The same capture again, and again at once: nothing more is paid, mailed or released.
    const again = await Promise.all([
      captureBalance(db, client, token, order.id, DAY9),
      captureBalance(db, client, token, order.id, DAY9),
    ]);
    expect(again.map((a) => a.newlyPaid)).toEqual([false, false]);
    expect(queuedMails(db)).toHaveLength(before + 3);
    expect(
      db
        .select()
        .from(jobPayments)
        .all()
        .filter((p) => p.status === 'paid'),
    ).toHaveLength(2);
    // A new payment of a paid balance is refused with the day it was paid.
    expect(await refusal(() => createBalanceOrder(db, backend(), token, DAY9))).toEqual({
      status: 409,
      message: 'The balance was paid on 9 December 2026.',
    });
  });

  it('releases a gallery attached after the balance was paid at once', async () => {
    const { id } = await paidDeposit();
    const token = invoiced(id);
    const order = await createBalanceOrder(db, backend(), token, DAY9);
    await captureBalance(db, client, token, order.id, DAY9);
    expect(queuedMails(db).at(-1)?.text).toContain('No gallery is attached yet');
    const view = attachGallery(db, id, { newGallery: true }, new Date('2026-12-10T09:00:00Z'));
    expect(view.gallery?.releasedDay).toBe('2026-12-10');
    expect(galleryOf(id)?.downloads).toBe('original');
    expect(queuedMails(db).at(-1)?.subject).toBe(`Your photos are ready: ${FARM_QUOTE.title}`);
  });
});

describe('reminders', () => {
  const at = (iso: string) => new Date(iso);
  const subjects = () => queuedMails(db).map((m) => m.subject);

  it('reminds the client of the shoot two days before it, once', async () => {
    await paidDeposit({ shootDate: '2026-12-10', location: 'Aughrim, Co. Wicklow' });
    expect(sendJobReminders(db, at('2026-12-07T09:00:00Z'))).toBe(0);
    expect(sendJobReminders(db, at('2026-12-08T09:00:00Z'))).toBe(1);
    expect(sendJobReminders(db, at('2026-12-08T10:00:00Z'))).toBe(0);
    const mail = queuedMails(db).at(-1);
    expect(mail?.subject).toBe(`Your drone shoot on Thursday 10 December: ${FARM_QUOTE.title}`);
    expect(mail?.text).toContain('Your drone shoot is on Thursday 10 December at Aughrim, Co. Wicklow');
  });

  it('says in the shoot reminder that an unpaid deposit leaves the booking unconfirmed, with the link', () => {
    const { token } = acceptedQuote({ shootDate: '2026-12-10' });
    expect(sendJobReminders(db, at('2026-12-08T09:00:00Z'))).toBe(1);
    const text = queuedMails(db).at(-1)?.text ?? '';
    expect(text).toContain('The deposit of €95.10 is not paid yet: the booking is confirmed once it is.');
    expect(text).toContain(`Pay the deposit: http://localhost:4321/quote/${token}`);
    expect(text).not.toContain('no longer works');
  });

  it('never reminds a quote that was not accepted', () => {
    makeSentQuote(db, { ...ONE_LINE, shootDate: '2026-12-10' }, DAY3);
    expect(sendJobReminders(db, at('2026-12-08T09:00:00Z'))).toBe(0);
  });

  it('recalls an unpaid balance invoice 7 and 14 days after it was sent, once each, and not once paid', async () => {
    const { id } = await paidDeposit();
    invoiceBalance(db, id, DAY8, TAKES_REAL_PAYMENTS);
    expect(sendJobReminders(db, at('2026-12-14T09:00:00Z'))).toBe(0);
    expect(sendJobReminders(db, at('2026-12-15T10:00:00Z'))).toBe(1);
    expect(sendJobReminders(db, at('2026-12-15T11:00:00Z'))).toBe(0);
    expect(subjects().at(-1)).toBe(`Reminder: the balance for ${FARM_QUOTE.title}`);
    expect(queuedMails(db).at(-1)?.text).toContain('the balance of €221.90');
    expect(sendJobReminders(db, at('2026-12-22T10:00:00Z'))).toBe(1);
    expect(sendJobReminders(db, at('2026-12-29T10:00:00Z'))).toBe(0);
    // The reminder's link pays it.
    const token = mailedQuoteToken(db);
    const paid = await paidDeposit({ clientEmail: 'h@example.ie' });
    invoiceBalance(db, paid.id, DAY8, TAKES_REAL_PAYMENTS);
    const t = mailedQuoteToken(db, 'h@example.ie');
    const order = await createBalanceOrder(db, backend(), t, DAY9);
    await captureBalance(db, client, t, order.id, DAY9);
    expect(sendJobReminders(db, at('2026-12-16T10:00:00Z'))).toBe(0);
    expect(quoteByToken(db, token)?.id).toBe(id);
  });
});

describe('the Jobs tab’s stages', () => {
  it('follows a job from the quote sent to paid, with what is owed and since when', async () => {
    const stage = () => listQuotes(db, 'all', DAY9).map((q) => [q.stage, q.owedWords]);
    const { quote, token } = makeSentQuote(db, { ...ONE_LINE, shootDate: '2026-12-12' }, DAY3);
    expect(stage()).toEqual([['quote_sent', null]]);
    acceptQuote(
      db,
      token,
      { name: 'Áine Byrne', acceptTerms: true, totalCents: 31_700 },
      { ...CLIENT, now: DAY5 },
    );
    expect(stage()).toEqual([['accepted', 'Deposit €95.10 due since 5 Dec']]);
    const dep = await createDepositOrder(db, backend(), token, DAY5);
    await captureDeposit(db, client, token, dep.id, DAY6);
    expect(stage()).toEqual([['booked', 'Shoot 12 Dec · €221.90 to pay on delivery']]);
    attachGallery(db, quote.id, { newGallery: true }, DAY8);
    expect(stage()).toEqual([['delivered', '€221.90 to invoice']]);
    const fresh = invoiced(quote.id);
    expect(stage()).toEqual([['delivered', '€221.90 due since 8 Dec']]);
    expect(listQuotes(db, 'all', DAY9, 'delivered')).toHaveLength(1);
    expect(listQuotes(db, 'all', DAY9, 'paid')).toHaveLength(0);
    const order = await createBalanceOrder(db, backend(), fresh, DAY9);
    await captureBalance(db, client, fresh, order.id, DAY9);
    expect(stage()).toEqual([['paid', 'Paid in full']]);
    // The deposit's words no longer speak of a balance to pay.
    expect(listQuotes(db, 'all', DAY9)[0]?.depositWords).toBe('Deposit €95.10 paid 6 Dec');
    expect(getQuote(db, quote.id, DAY9).balance?.state).toBe('paid');
  });
});
