// A drone job's deposit and balance paid by card, as services over a real database against the
// local Stripe double: the PaymentIntent carries the server's amount (its ids and kind in the
// metadata); a signed payment_intent.succeeded pays it once with its receipts and invoice, and a
// replay changes nothing; a payment for another amount is refused; an event about an unknown intent
// is ignored; a declined card leaves it unpaid; the client's return settles a payment whose webhook
// never came; and the balance paid by card releases the job's gallery.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleStripeEvent } from '~/lib/checkout/stripe-checkout.server';
import { invoiceBalance } from '~/lib/jobs/balance.server';
import { cancelJob } from '~/lib/jobs/job-cancel.server';
import {
  createBalanceCardIntent,
  createDepositCardIntent,
  settleJobCardIntent,
  settleJobCardReturn,
} from '~/lib/jobs/job-card-payments.server';
import { attachGallery } from '~/lib/jobs/job-gallery.server';
import { getQuote } from '~/lib/jobs/quotes.server';
import { makeStripe } from '~/lib/payments/stripe-client.server';
import {
  DECLINED_CARD,
  type DoubleIntent,
  type StripeDouble,
  startStripeDouble,
} from '~/lib/payments/stripe-double.server';
import { cancelCardIntent } from '~/lib/payments/stripe-intent-cancel.server';
import type { Db } from '~/lib/platform/server/db';
import { galleries, invoices, jobPayments } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { queuedMails } from '~tests/helpers/outbox';
import { paypalFake, TAKES_REAL_PAYMENTS } from '~tests/helpers/paypal';
import {
  DAY3,
  DAY5,
  DAY8,
  mailedQuoteToken,
  makeAcceptedQuote,
  makeSentQuote,
  ONE_LINE,
} from '~tests/helpers/quote-factories';

const acceptedQuote = (overrides = {}, vatRateBp = 0) => makeAcceptedQuote(db, overrides, vatRateBp);
tempDataDir('job-card-payments');
const SECRET = 'whsec_jobcards0123456789';

let double: StripeDouble;
let stripe: Stripe;
let db: Db;
beforeAll(async () => {
  double = await startStripeDouble();
  stripe = makeStripe('sk_test_jobcards0123456789', double.url);
});
afterAll(() => double.close());
beforeEach(() => {
  db = memoryDb();
});

/** Stripe's event for the intent as it is now, signed and checked as the webhook route checks it. */
function event(type: string, intent: DoubleIntent): Stripe.Event {
  const signed = double.signedEvent(type, intent, SECRET);
  return stripe.webhooks.constructEvent(signed.payload, signed.signature, SECRET);
}
/** The webhook route's handling of a checked event: print orders first, then the jobs. */
const webhook = (e: Stripe.Event) => handleStripeEvent(db, e, settleJobCardIntent);
const paymentOf = (intentId: string) =>
  db.select().from(jobPayments).where(eq(jobPayments.providerOrderId, intentId)).get();
const subjects = () => queuedMails(db).map((m) => m.subject);

async function depositIntent(token: string) {
  const created = await createDepositCardIntent(db, stripe, token, { now: DAY5 });
  return { ...created, intent: double.intents.get(created.intentId) as DoubleIntent };
}

describe('the deposit by card', () => {
  it('makes the PaymentIntent for the server’s deposit in EUR cents, and stores the payment pending', async () => {
    const job = acceptedQuote();
    const { clientSecret, intent } = await depositIntent(job.token);
    const payment = paymentOf(intent.id);
    expect(intent).toMatchObject({
      amount: 9510,
      currency: 'eur',
      metadata: { quoteId: job.id, jobPaymentId: payment?.id, kind: 'deposit' },
    });
    expect(clientSecret).toBe(intent.client_secret);
    expect(payment).toMatchObject({
      provider: 'stripe',
      kind: 'deposit',
      status: 'pending',
      amountCents: 9510,
    });
  });

  it('is refused before acceptance, without asking Stripe', async () => {
    const { token } = makeSentQuote(db, ONE_LINE, DAY3);
    const before = double.intents.size;
    await expect(createDepositCardIntent(db, stripe, token, { now: DAY5 })).rejects.toMatchObject({
      status: 409,
      message: 'Accept the quote before paying its deposit.',
    });
    expect(double.intents.size).toBe(before);
  });

  it('is paid once by a signed webhook, with the receipt and the invoice; a replay changes nothing', async () => {
    const job = acceptedQuote();
    const { intent } = await depositIntent(job.token);
    double.confirm(intent.id);
    const succeeded = event('payment_intent.succeeded', intent);
    expect(webhook(succeeded)).toBe('handled');
    expect(paymentOf(intent.id)).toMatchObject({ status: 'paid' });
    expect(subjects()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Deposit received'),
        expect.stringContaining('Deposit paid by'),
      ]),
    );
    const receipt = queuedMails(db).find((m) => m.subject.includes('Deposit received'));
    expect(receipt?.text).toContain('€95.10');
    // The webhook brings no link, but the quote's own is made again: the receipt carries it.
    expect(receipt?.text).toContain(`/quote/${job.token}`);
    expect(db.select().from(invoices).all()).toHaveLength(1);
    const mails = queuedMails(db).length;

    expect(webhook(succeeded)).toBe('duplicate');
    expect(webhook(event('payment_intent.succeeded', intent))).toBe('handled');
    expect(queuedMails(db)).toHaveLength(mails);
    expect(db.select().from(invoices).all()).toHaveLength(1);
    expect(getQuote(db, job.id, DAY8).deposit.state).toBe('paid');
    // A second deposit is refused with a sentence.
    await expect(createDepositCardIntent(db, stripe, job.token, { now: DAY8 })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^The deposit was paid on /),
    });
  });

  it('is refused for another amount or currency: logged, the payment failed, nothing sent', async () => {
    const job = acceptedQuote();
    const { intent } = await depositIntent(job.token);
    double.confirm(intent.id);
    const short = { ...intent, amount: 9410, amount_received: 9410 };
    expect(settleJobCardIntent(db, short)).toMatchObject({ paid: false, status: 'mismatch' });
    expect(paymentOf(intent.id)?.status).toBe('failed');
    const other = await depositIntent(acceptedQuote().token);
    double.confirm(other.intent.id);
    const dollars = { ...other.intent, currency: 'usd' };
    expect(settleJobCardIntent(db, dollars)).toMatchObject({ paid: false, status: 'mismatch' });
    expect(paymentOf(other.intent.id)?.status).toBe('failed');
    expect(queuedMails(db).filter((m) => m.subject.includes('Deposit'))).toHaveLength(0);
    expect(getQuote(db, job.id, DAY8).deposit.state).toBe('due');
  });

  it('never records a card payment that succeeds after its payment was closed (a cancelled job)', async () => {
    const job = acceptedQuote();
    const { intent } = await depositIntent(job.token);
    // The owner cancelled the job while the client was paying: the pending payment was closed.
    db.update(jobPayments).set({ status: 'failed' }).where(eq(jobPayments.providerOrderId, intent.id)).run();
    const succeeded = double.confirm(intent.id);
    expect(settleJobCardIntent(db, succeeded)).toMatchObject({ paid: false, status: 'closed' });
    expect(paymentOf(intent.id)?.status).toBe('failed');
    expect(queuedMails(db).filter((m) => m.subject.includes('Deposit'))).toHaveLength(0);
  });

  it('is cancelled at Stripe when the owner cancels the job, so the open form can no longer pay', async () => {
    const job = acceptedQuote();
    const { intent } = await depositIntent(job.token);
    const { client } = paypalFake();
    await cancelJob(
      db,
      { paypal: client, cancelIntent: (id) => cancelCardIntent(stripe, id) },
      job.id,
      { refundCents: 0, reason: 'The shoot was called off.' },
      DAY8,
    );
    expect(double.intents.get(intent.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    // What Stripe.js sends when the client presses Pay on the page left open.
    await expect(stripe.paymentIntents.confirm(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(paymentOf(intent.id)?.status).toBe('failed');
  });

  it('ignores an event about an intent no order and no job has', async () => {
    const job = acceptedQuote();
    const { intent } = await depositIntent(job.token);
    const stranger = { ...double.confirm(intent.id), id: 'pi_unknown' };
    expect(webhook(event('payment_intent.succeeded', stranger))).toBe('ignored');
    expect(paymentOf(intent.id)?.status).toBe('pending');
  });

  it('stays unpaid after a declined card, and the client may pay again', async () => {
    const job = acceptedQuote();
    const { intent } = await depositIntent(job.token);
    double.confirm(intent.id, DECLINED_CARD);
    expect(webhook(event('payment_intent.payment_failed', intent))).toBe('handled');
    expect(paymentOf(intent.id)?.status).toBe('pending');
    const again = await depositIntent(job.token);
    expect(again.intent.id).not.toBe(intent.id);
  });

  it('is settled when the client comes back, when no webhook came; the receipt links the quote', async () => {
    const job = acceptedQuote();
    const { intent } = await depositIntent(job.token);
    expect(await settleJobCardReturn(db, stripe, job.token, 'deposit')).toBe(false);
    double.confirm(intent.id);
    expect(await settleJobCardReturn(db, stripe, job.token, 'deposit')).toBe(true);
    expect(paymentOf(intent.id)?.status).toBe('paid');
    const receipt = queuedMails(db).find((m) => m.subject.includes('Deposit received'));
    expect(receipt?.text).toContain(`/quote/${job.token}`);
    // The webhook arriving later changes nothing.
    const mails = queuedMails(db).length;
    expect(webhook(event('payment_intent.succeeded', intent))).toBe('handled');
    expect(queuedMails(db)).toHaveLength(mails);
  });
});

describe('the balance by card', () => {
  it('is refused before it is invoiced, then charged the invoice’s amount and releases the gallery once paid', async () => {
    const job = acceptedQuote();
    const deposit = await depositIntent(job.token);
    double.confirm(deposit.intent.id);
    webhook(event('payment_intent.succeeded', deposit.intent));
    await expect(createBalanceCardIntent(db, stripe, job.token, { now: DAY8 })).rejects.toMatchObject({
      status: 409,
    });
    attachGallery(db, job.id, { newGallery: true }, DAY8);
    invoiceBalance(db, job.id, DAY8, TAKES_REAL_PAYMENTS);
    const token = mailedQuoteToken(db);
    const { intentId } = await createBalanceCardIntent(db, stripe, token, { now: DAY8 });
    const intent = double.intents.get(intentId) as DoubleIntent;
    expect(intent).toMatchObject({ amount: 22_190, metadata: { kind: 'balance', quoteId: job.id } });
    const galleryId = getQuote(db, job.id, DAY8).gallery?.id ?? '';
    const gallery = () => db.select().from(galleries).where(eq(galleries.id, galleryId)).get();
    expect(gallery()?.releasedAt).toBeNull();

    double.confirm(intentId);
    expect(webhook(event('payment_intent.succeeded', intent))).toBe('handled');
    expect(gallery()?.releasedAt).not.toBeNull();
    expect(getQuote(db, job.id, DAY8).balance?.state).toBe('paid');
    const receipt = queuedMails(db).find((m) => m.subject.includes('Balance received'));
    expect(receipt?.text).toContain('€221.90');
    expect(subjects()).toEqual(expect.arrayContaining([expect.stringMatching(/^Your photos are ready/)]));
    const mails = queuedMails(db).length;
    expect(webhook(event('payment_intent.succeeded', intent))).toBe('handled');
    expect(queuedMails(db)).toHaveLength(mails);
  });
});
