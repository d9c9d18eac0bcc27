// Cancelling an accepted drone job as services over a real database, against the PayPal fake and a
// card-refund double: the refund is bounded by what was paid, taken from the balance before the
// deposit, through the provider that took each payment (none for a test payment); a refusal or a
// timeout changes nothing and a retry never refunds twice; the credit notes follow the invoices'
// sequence with the VAT inside at the quote's rate; the client is mailed; reminders stop.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureBalance, createBalanceOrder, invoiceBalance } from '~/lib/jobs/balance.server';
import { captureDeposit, createDepositOrder } from '~/lib/jobs/deposits.server';
import { cancelJob, NOT_ACCEPTED_TO_CANCEL } from '~/lib/jobs/job-cancel.server';
import { renderJobCreditNotePdf } from '~/lib/jobs/job-cancel-pdf.server';
import { jobRefundRequestId } from '~/lib/jobs/job-cancel-refunds.server';
import { jobCancelSchema, ownerCancelWords, shareRefund } from '~/lib/jobs/job-cancel-rules';
import { jobCreditNotes } from '~/lib/jobs/job-cancel-view.server';
import { sendJobReminders } from '~/lib/jobs/job-reminders.server';
import { jobInvoiceAttachmentName } from '~/lib/jobs/quote-attachment.server';
import { getQuote, listQuotes } from '~/lib/jobs/quotes.server';
import { ordersCsvChunks } from '~/lib/orders/orders-export.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { CardRefund } from '~/lib/payments/stripe-refunds.server';
import type { Db } from '~/lib/platform/server/db';
import { vatReport } from '~/lib/selling/vat-report.server';
import { invoices, jobPayments, mailQueue } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { queuedMails } from '~tests/helpers/outbox';
import { paypalFake, TAKES_REAL_PAYMENTS } from '~tests/helpers/paypal';
import { pdfText } from '~tests/helpers/pdf-text';
import {
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
tempDataDir('job-cancel');
const REASON = 'The client’s event was called off.';

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let cardCalls: { jobPaymentId: string; attempt: number; paymentIntentId: string; amountCents: number }[];
const card = async (p: (typeof cardCalls)[number]): Promise<CardRefund> => {
  cardCalls.push(p);
  return { id: `re_${p.jobPaymentId.slice(0, 8)}`, status: 'COMPLETED', amountCents: p.amountCents };
};
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  cardCalls = [];
});
const refunders = () => ({ paypal: client, card });
const cancel = (id: string, refundCents: number, at = DAY9) =>
  cancelJob(db, refunders(), id, { refundCents, reason: REASON }, at);

async function paidDeposit(overrides = {}, vatRateBp = 0, testMode = false) {
  const job = acceptedQuote(overrides, vatRateBp);
  const { id } = await createDepositOrder(db, { client, testMode }, job.token, DAY5);
  await captureDeposit(db, client, job.token, id, DAY6);
  return job;
}

/** Deposit and balance both paid through PayPal. */
async function paidInFull(vatRateBp = 0, overrides = {}) {
  const job = await paidDeposit(overrides, vatRateBp);
  invoiceBalance(db, job.id, DAY8, TAKES_REAL_PAYMENTS);
  const token = mailedQuoteToken(db);
  const order = await createBalanceOrder(db, { client, testMode: false }, token, DAY8);
  await captureBalance(db, client, token, order.id, DAY8);
  return job;
}

const payments = (quoteId: string) =>
  db.select().from(jobPayments).where(eq(jobPayments.quoteId, quoteId)).all();
const paymentOf = (quoteId: string, kind: 'deposit' | 'balance') =>
  payments(quoteId).find((p) => p.kind === kind && p.status === 'paid');
const refundCalls = () => fake.calls.filter((c) => c.path.endsWith('/refund'));

describe('the payload', () => {
  it('needs a reason and a whole, non-negative number of cents, and nothing else', () => {
    expect(jobCancelSchema.safeParse({ refundCents: 0, reason: ' ' }).error?.issues[0]?.message).toBe(
      'Please give the reason for cancelling the job.',
    );
    expect(jobCancelSchema.safeParse({ refundCents: -1, reason: 'x' }).success).toBe(false);
    expect(jobCancelSchema.safeParse({ refundCents: 1.5, reason: 'x' }).success).toBe(false);
    expect(jobCancelSchema.safeParse({ refundCents: 1, reason: 'x', amount: 2 }).success).toBe(false);
  });

  it('shares a refund out over the balance first, then the deposit', () => {
    const paid = [
      { id: 'd', kind: 'deposit' as const, amountCents: 9_510, refundedCents: 0, refunded: false },
      { id: 'b', kind: 'balance' as const, amountCents: 22_190, refundedCents: 0, refunded: false },
    ];
    expect(shareRefund(paid, 25_000)).toEqual([
      { paymentId: 'b', cents: 22_190 },
      { paymentId: 'd', cents: 2_810 },
    ]);
    expect(shareRefund(paid, 0)).toEqual([]);
    expect(shareRefund(paid, 31_701)).toBeNull();
    // A balance refunded by an earlier attempt counts first; the rest comes from the deposit.
    const halfWay = [paid[0]!, { ...paid[1]!, refundedCents: 22_190, refunded: true }];
    expect(shareRefund(halfWay, 31_700)).toEqual([{ paymentId: 'd', cents: 9_510 }]);
    expect(shareRefund(halfWay, 100)).toBeNull();
  });
});

describe('the accountants’ export', () => {
  const DECEMBER = { from: '2026-12-01', to: '2026-12-31' };

  it('lists the job’s invoices and credit notes with the orders, and the VAT report takes the refund off', async () => {
    const { id } = await paidInFull(2_300);
    expect(vatReport(db, DECEMBER).rates).toEqual([{ rateBp: 2_300, grossCents: 38_991, vatCents: 7_291 }]);
    await cancel(id, 38_991);
    // The credit notes take the whole sale off: nothing remains at 23%.
    expect(vatReport(db, DECEMBER).rates).toEqual([]);
    const csv = [...ordersCsvChunks(db, DECEMBER)].join('');
    const numbers = csv
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split(',')[2]);
    expect(numbers).toEqual(['INV-000001', 'INV-000002', 'CN-000001', 'CN-000002']);
    expect(csv).toContain(
      `"Credit note, drone job balance: ${FARM_QUOTE.title}",1,23%,-221.90,-51.04,-272.94`,
    );
  });

  it('reports the VAT each document states, when the balance’s is a cent off the VAT of its amount', async () => {
    // €100.20 net at 23%: €123.25 with €23.05 of VAT. The deposit €36.98 (VAT €6.91); the balance
    // €86.27, whose VAT is the quote's less the deposit's, €16.14 (€16.13 on its amount alone).
    const lines = [{ ...ONE_LINE.lines[0], unitPriceCents: 10_020 }];
    const { id } = await paidInFull(2_300, { lines });
    expect(
      db
        .select()
        .from(invoices)
        .all()
        .map((i) => [i.jobPart, i.amountCents, i.vatCents]),
    ).toEqual([
      ['deposit', 3_698, 691],
      ['balance', 8_627, 1_614],
    ]);
    // The two invoices add up to the quote's VAT, to the cent.
    expect(vatReport(db, DECEMBER).rates).toEqual([{ rateBp: 2_300, grossCents: 12_325, vatCents: 2_305 }]);
    expect([...ordersCsvChunks(db, DECEMBER)].join('')).toContain(
      `Drone job balance: ${FARM_QUOTE.title},1,23%,70.13,16.14,86.27`,
    );
    // Refunded in full, each credit note takes back exactly the VAT its invoice charged.
    await cancel(id, 12_325);
    expect(jobCreditNotes(db, id).map((n) => [n.jobPart, n.vatCents])).toEqual([
      ['balance', 1_614],
      ['deposit', 691],
    ]);
    expect(vatReport(db, DECEMBER).rates).toEqual([]);
  });
});

describe('cancelling a job', () => {
  it('refuses a quote that is not accepted, and one cancelled already', async () => {
    const { quote } = makeSentQuote(db, ONE_LINE, DAY3);
    expect(await refusal(() => cancel(quote.id, 0))).toEqual({
      status: 409,
      message: NOT_ACCEPTED_TO_CANCEL,
    });
    const { id } = await paidDeposit({ clientEmail: 'b@example.ie' });
    await cancel(id, 0);
    expect(await refusal(() => cancel(id, 0))).toEqual({
      status: 409,
      message: 'This job was cancelled on 9 December 2026.',
    });
  });

  it('refuses to refund more than the client paid, and changes nothing', async () => {
    const { id } = await paidDeposit();
    expect(await refusal(() => cancel(id, 9_511))).toEqual({
      status: 422,
      message: 'At most €95.10 can be refunded: that is what the client paid on this job.',
    });
    const unpaid = acceptedQuote({ clientEmail: 'u@example.ie' });
    expect((await refusal(() => cancel(unpaid.id, 1)))?.status).toBe(422);
    expect(getQuote(db, id, DAY9).status).toBe('accepted');
    expect(refundCalls()).toHaveLength(0);
  });

  it('cancels an unpaid job with nothing refunded: no credit note, and the mail says so', async () => {
    const { id } = acceptedQuote({ shootDate: '2026-12-10' });
    const view = await cancel(id, 0);
    expect(view.status).toBe('cancelled');
    expect(view.cancellation).toMatchObject({ refundedCents: 0, creditNotes: [], reason: REASON });
    expect(db.select().from(invoices).where(eq(invoices.kind, 'credit_note')).all()).toHaveLength(0);
    const mail = queuedMails(db).at(-1);
    expect(mail?.subject).toBe(`Your drone job is cancelled: ${FARM_QUOTE.title}`);
    expect(mail?.text).toContain('Nothing was refunded.');
    // The reminders stop: no shoot reminder two days before.
    expect(sendJobReminders(db, new Date('2026-12-08T09:00:00Z'))).toBe(0);
  });

  it('refunds the balance before the deposit through PayPal, in part, with the amount in the body', async () => {
    const { id } = await paidInFull();
    const view = await cancel(id, 25_000);
    expect(view.cancellation?.refundedCents).toBe(25_000);
    expect(paymentOf(id, 'balance')).toMatchObject({ refundedCents: 22_190 });
    expect(paymentOf(id, 'deposit')).toMatchObject({ refundedCents: 2_810 });
    const refunds = [...fake.refunds.values()].map((r) => r.amountCents);
    expect(refunds).toEqual([22_190, 2_810]);
    expect(refundCalls().map((c) => c.requestId)).toEqual([
      jobRefundRequestId(paymentOf(id, 'balance')!),
      jobRefundRequestId(paymentOf(id, 'deposit')!),
    ]);
    expect(listQuotes(db, 'all', DAY9, 'cancelled').map((q) => q.id)).toEqual([id]);
    expect(ownerCancelWords(view.cancellation!)).toBe(
      'Cancelled 9 Dec · €250.00 refunded (CN-000001, CN-000002)',
    );
  });

  it('issues a credit note per refunded payment from the credit-note sequence, with the VAT inside at the quote’s rate', async () => {
    // €317.00 net at 23%: €389.91; the deposit €116.97 (VAT €21.87), the balance €272.94.
    const { id } = await paidInFull(2_300);
    await cancel(id, 38_991);
    const notes = jobCreditNotes(db, id);
    expect(notes.map((n) => [n.jobPart, n.number, n.amountCents])).toEqual([
      ['balance', 1, 27_294],
      ['deposit', 2, 11_697],
    ]);
    const balanceInvoice = db.select().from(invoices).where(eq(invoices.id, notes[0]!.refersToId!)).get();
    expect(balanceInvoice).toMatchObject({ kind: 'invoice', jobPart: 'balance' });
    const view = getQuote(db, id, DAY9);
    const text = pdfText(await renderJobCreditNotePdf(db, notes[0]!, view, { compress: false }));
    expect(text).toContain('Credit note');
    expect(text).toContain('CN-000001');
    expect(text).toContain('VAT at 23% included');
    // 27294 × 23 / 123 = 5103.7 → €51.04 of VAT inside.
    expect(text).toContain('-€51.04');
    const mail = queuedMails(db).at(-1);
    expect(mail?.text).toContain('Refunded to you: €389.91.');
    expect(mail?.text).toContain(
      'Credit note CN-000001 for the balance: €272.94, VAT at 23% included: €51.04.',
    );
    expect(mail?.text).toContain(
      'Credit note CN-000002 for the deposit: €116.97, VAT at 23% included: €21.87.',
    );
    // Both credit notes travel with the mail, the balance's first.
    const queued = db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.subject, mail?.subject ?? ''))
      .get();
    expect(queued?.attachment?.split('\n')).toEqual(notes.map((n) => jobInvoiceAttachmentName(n.id)));
  });

  it('changes nothing when PayPal refuses, and refunds once when tried again', async () => {
    const { id } = await paidDeposit();
    fake.refundBehaviour = 'refused';
    expect(await refusal(() => cancel(id, 9_510))).toEqual({
      status: 422,
      message: 'PayPal refused the refund. The job was not changed.',
    });
    expect(getQuote(db, id, DAY9).status).toBe('accepted');
    expect(paymentOf(id, 'deposit')).toMatchObject({ refundedCents: 0, refundId: null });
    fake.refundBehaviour = 'complete';
    // A refusal refunded nothing, so trying again is a new request, answered afresh.
    const view = await cancel(id, 9_510);
    expect(view.cancellation?.refundedCents).toBe(9_510);
    expect(fake.refunds.size).toBe(1);
    expect(refundCalls().map((c) => c.requestId)).toEqual([
      `job-refund-${paymentOf(id, 'deposit')!.id}`,
      `job-refund-${paymentOf(id, 'deposit')!.id}-1`,
    ]);
  });

  it('finishes a cancellation that stopped half-way without refunding the first payment twice', async () => {
    const { id } = await paidInFull();
    const real = client.refundCapture.bind(client);
    const spy = vi
      .spyOn(client, 'refundCapture')
      .mockImplementationOnce(real)
      .mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await refusal(() => cancel(id, 31_700))).toEqual({
      status: 502,
      message:
        'PayPal did not answer, so the refund may not have been made. Please try again: trying again never refunds twice.',
    });
    expect(getQuote(db, id, DAY9).status).toBe('accepted');
    expect(paymentOf(id, 'balance')?.refundedCents).toBe(22_190);
    spy.mockRestore();
    const view = await cancel(id, 31_700);
    expect(view.cancellation?.refundedCents).toBe(31_700);
    expect([...fake.refunds.values()].map((r) => r.amountCents)).toEqual([22_190, 9_510]);
    // Once cancelled, another attempt is refused.
    expect((await refusal(() => cancel(id, 31_700)))?.status).toBe(409);
  });

  it('refunds a card payment through Stripe with a key of its own, and a test payment through no provider', async () => {
    const { id } = await paidDeposit();
    db.update(jobPayments)
      // As a card payment is stored: the PaymentIntent as the provider's order, its charge as the capture.
      .set({ provider: 'stripe', providerOrderId: 'pi_3Qabc', captureId: 'ch_3Qabc' })
      .where(eq(jobPayments.quoteId, id))
      .run();
    await cancel(id, 5_000);
    expect(cardCalls).toEqual([
      {
        jobPaymentId: paymentOf(id, 'deposit')!.id,
        attempt: 0,
        paymentIntentId: 'pi_3Qabc',
        amountCents: 5_000,
      },
    ]);
    expect(refundCalls()).toHaveLength(0);

    const test = await paidDeposit({ clientEmail: 't@example.ie' }, 0, true);
    const view = await cancel(test.id, 9_510);
    expect(refundCalls()).toHaveLength(0);
    expect(cardCalls).toHaveLength(1);
    expect(view.cancellation).toMatchObject({ refundedCents: 9_510, testMode: true, creditNotes: [] });
    expect(paymentOf(test.id, 'deposit')?.refundId).toMatch(/^test-refund-/);
  });

  it('fails a payment the client started but did not finish, so it can no longer be captured', async () => {
    const job = acceptedQuote();
    const { id: orderId } = await createDepositOrder(db, { client, testMode: false }, job.token, DAY5);
    await cancel(job.id, 0);
    expect(payments(job.id).map((p) => p.status)).toEqual(['failed']);
    // The link the cancellation mail brings refuses the capture.
    const link = mailedQuoteToken(db);
    expect((await refusal(() => captureDeposit(db, client, link, orderId, DAY9)))?.status).toBe(409);
    expect(fake.orders.get(orderId)?.status).not.toBe('COMPLETED');
  });

  it('cancels at Stripe a card payment the client started, and stays cancelled when Stripe cannot', async () => {
    const startCard = async (email: string, intentId: string) => {
      const job = acceptedQuote({ clientEmail: email });
      await createDepositOrder(db, { client, testMode: false }, job.token, DAY5);
      // As the card flow stores a payment it started: its PaymentIntent as the provider's order.
      db.update(jobPayments)
        .set({ provider: 'stripe', providerOrderId: intentId })
        .where(eq(jobPayments.quoteId, job.id))
        .run();
      return job;
    };
    /** Cancels the job with nothing refunded, Stripe's cancelling of intents being `cancelIntent`. */
    const cancelWith = (jobId: string, cancelIntent: (id: string) => Promise<void>) =>
      cancelJob(db, { ...refunders(), cancelIntent }, jobId, { refundCents: 0, reason: REASON }, DAY9);
    const cancelled: string[] = [];
    const noteCancelled = async (id: string) => void cancelled.push(id);
    const first = await startCard('a@example.ie', 'pi_open1');
    await cancelWith(first.id, noteCancelled);
    expect(cancelled).toEqual(['pi_open1']);
    expect(payments(first.id).map((p) => p.status)).toEqual(['failed']);

    // Stripe refuses (the client paid a moment before): the job is cancelled all the same.
    const second = await startCard('b@example.ie', 'pi_paid2');
    const view = await cancelWith(second.id, async () => {
      throw new Error('You cannot cancel this PaymentIntent because it has a status of succeeded.');
    });
    expect(view.status).toBe('cancelled');
    // A PayPal payment started is only failed here: PayPal's order cannot be captured without this site.
    const third = acceptedQuote({ clientEmail: 'c@example.ie' });
    await createDepositOrder(db, { client, testMode: false }, third.token, DAY5);
    await cancelWith(third.id, noteCancelled);
    expect(cancelled).toEqual(['pi_open1']);
  });

  it('stops the balance reminders of a cancelled job', async () => {
    const { id } = await paidDeposit();
    invoiceBalance(db, id, DAY8, TAKES_REAL_PAYMENTS);
    await cancel(id, 0, DAY9);
    expect(sendJobReminders(db, new Date('2026-12-15T10:00:00Z'))).toBe(0);
    expect(sendJobReminders(db, new Date('2026-12-22T10:00:00Z'))).toBe(0);
  });
});
