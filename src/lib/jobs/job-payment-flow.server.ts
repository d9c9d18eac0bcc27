// One way to take a payment of a drone job (its deposit, its balance), shared by both kinds and by
// both providers (PayPal here, cards through Stripe in job-card-flow.server.ts): the amount is the
// server's alone (the provider is asked for it, the stored payment keeps it), and a payment is
// recorded as paid only when the provider reports exactly that amount in euro. A payment is marked
// paid once, by the conditional update of a row still pending, inside one transaction with what
// follows from it (the kind's `onPaid`: receipts, invoices, a release); a quote holds at most one
// paid payment of each kind (a partial unique index). Every refusal is a sentence and changes nothing.
import { and, eq } from 'drizzle-orm';
import { isPaypalApiError, type PaypalClient, type PaypalOrder } from '~/lib/payments/paypal-client.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { newRowId } from '~/lib/platform/server/row-id';
import { centsToDecimal, decimalStringToCents } from '~/lib/platform/shared/format';
import { CURRENCY } from '~/lib/site/constants';
import { type JobPayment, jobPayments, type Quote, quotes } from '~db/schema';
import { paidJobPayment } from './deposit-payments.server';
import { quoteByToken, UNKNOWN_LINK } from './quote-client.server';
import { heldQuoteToken } from './quote-link.server';

export type JobPaymentKind = JobPayment['kind'];

export interface PaymentBackend {
  client: PaypalClient;
  /** The provider is test mode's fake: no money is taken, and the payment is stored as a test. */
  testMode: boolean;
}

/** What makes one kind of job payment: its refusals, its amount, its name and what follows when paid. */
export interface JobPaymentKindRules {
  kind: JobPaymentKind;
  /** "deposit", "balance": in the sentences of the refusals. */
  noun: string;
  /** Why this payment cannot be made now (including "paid already"), or null. */
  refusal(db: Db | Tx, quote: Quote, now: Date): HttpError | null;
  /**
   * The amount to charge, VAT included, and the VAT inside it; `realMoney` when the payment takes
   * real money (not a test mode's).
   */
  amounts(db: Db | Tx, quote: Quote, realMoney: boolean): { amountCents: number; vatCents: number };
  /** The one item PayPal shows. */
  itemName(quote: Quote): string;
  /** The refusal once a payment of this kind is paid. */
  paidRefusal(paid: JobPayment): HttpError;
  /**
   * What follows from the payment, in the transaction that records it as paid. `token` is the
   * quote link's when the client is on it; null when the provider told the server alone (a webhook).
   */
  onPaid(tx: Tx, quote: Quote, payment: JobPayment, token: string | null, now: Date): void;
}

export const unknownPayment = (noun: string) => `This payment is not one of this quote’s ${noun} payments.`;

export function openQuote(db: Db | Tx, token: string): Quote {
  const quote = quoteByToken(db, token);
  if (!quote) throw new HttpError(404, UNKNOWN_LINK);
  return quote;
}

/** The Orders v2 body of a job payment: one item, whose price is the whole amount. */
export function jobOrderBody(paymentId: string, name: string, amountCents: number) {
  const money = { currency_code: CURRENCY, value: centsToDecimal(amountCents) };
  return {
    intent: 'CAPTURE' as const,
    purchase_units: [
      {
        custom_id: paymentId,
        amount: { ...money, breakdown: { item_total: money } },
        items: [{ name: name.slice(0, 127), quantity: '1', unit_amount: money }],
      },
    ],
  };
}

/** A payment about to be asked of a provider: its quote, its id and the server's amounts. */
export interface JobPaymentStart {
  quote: Quote;
  paymentId: string;
  amountCents: number;
  vatCents: number;
}

/**
 * The quote the link opens, checked by the kind's refusals, and the amount to ask for in a payment
 * that takes real money or, `testMode`, none.
 */
export function startJobPayment(
  db: Db,
  rules: JobPaymentKindRules,
  token: string,
  now: Date,
  testMode: boolean,
): JobPaymentStart {
  const quote = openQuote(db, token);
  const refusal = rules.refusal(db, quote, now);
  if (refusal) throw refusal;
  const amounts = rules.amounts(db, quote, !testMode);
  if (amounts.amountCents <= 0) throw new HttpError(409, `There is no ${rules.noun} to pay on this quote.`);
  return { quote, paymentId: newRowId(), ...amounts };
}

/** Stores the payment as pending once its provider has made the order (or intent) for it. */
export function storePendingJobPayment(
  db: Db,
  start: JobPaymentStart,
  kind: JobPaymentKind,
  provider: JobPayment['provider'],
  providerOrderId: string,
  testMode: boolean,
  now: Date,
): void {
  db.insert(jobPayments)
    .values({
      id: start.paymentId,
      quoteId: start.quote.id,
      kind,
      provider,
      amountCents: start.amountCents,
      vatCents: start.vatCents,
      status: 'pending',
      providerOrderId,
      testMode,
      createdAt: now,
    })
    .run();
}

/**
 * Creates the PayPal order for the server's amount of this kind of payment and stores the payment
 * as pending. Answers PayPal's order id.
 */
export async function createJobPaymentOrder(
  db: Db,
  backend: PaymentBackend,
  rules: JobPaymentKindRules,
  token: string,
  now = new Date(),
): Promise<{ id: string; amountCents: number }> {
  const start = startJobPayment(db, rules, token, now, backend.testMode);
  let order: { id: string };
  try {
    order = await backend.client.createOrder(
      jobOrderBody(start.paymentId, rules.itemName(start.quote), start.amountCents),
      `${rules.kind}-${start.paymentId}`,
    );
  } catch (err) {
    getLog().error({ err, kind: rules.kind }, 'PayPal order for a job payment failed');
    throw new HttpError(502, 'PayPal could not start the payment. Please try again in a moment.');
  }
  storePendingJobPayment(db, start, rules.kind, 'paypal', order.id, backend.testMode, now);
  return { id: order.id, amountCents: start.amountCents };
}

/** The first capture of a PayPal order answer, if any. */
const firstCapture = (order: PaypalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0];

/**
 * Captures the order; one PayPal already captured is read instead (its capture is the answer). Each
 * attempt has a request id of its own: PayPal replays the answer to a request id it has seen, so
 * after a declined card (INSTRUMENT_DECLINED) the client's next approval with another card would
 * otherwise get the same refusal. A capture twice over is no risk: the second meets
 * ORDER_ALREADY_CAPTURED and reads the order.
 */
async function captureOrRead(client: PaypalClient, orderId: string, kind: string): Promise<PaypalOrder> {
  try {
    return await client.captureOrder(orderId, `${kind}-capture-${orderId}-${newRowId()}`);
  } catch (err) {
    if (isPaypalApiError(err) && err.issue === 'ORDER_ALREADY_CAPTURED') return client.getOrder(orderId);
    throw err;
  }
}

// Captures of one quote's payment of a kind run one after another in this process, so that a
// second payment finds the first one paid before PayPal is asked to take more money.
const inFlight = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = inFlight.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(fn);
  inFlight.set(key, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(key) === run) inFlight.delete(key);
  }
}

function paymentOf(db: Db | Tx, quote: Quote, kind: JobPaymentKind, noun: string, orderId: string) {
  const payment = db
    .select()
    .from(jobPayments)
    .where(
      and(
        eq(jobPayments.providerOrderId, orderId),
        eq(jobPayments.quoteId, quote.id),
        eq(jobPayments.kind, kind),
      ),
    )
    .get();
  if (!payment) throw new HttpError(404, unknownPayment(noun));
  return payment;
}

/** A pending payment that cannot be paid any more (declined, or reported for another amount). */
export function markFailed(db: Db, paymentId: string): void {
  db.update(jobPayments)
    .set({ status: 'failed' })
    .where(and(eq(jobPayments.id, paymentId), eq(jobPayments.status, 'pending')))
    .run();
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * Captures the order of a payment of this kind and records it as paid when PayPal's capture is
 * COMPLETED for the stored amount in euro, running `onPaid` in the same transaction. A payment
 * already paid through this order answers `newlyPaid: false` and changes nothing. PayPal's errors
 * (INSTRUMENT_DECLINED among them) are thrown as they are, for the endpoint to answer.
 */
export async function captureJobPayment(
  db: Db,
  client: PaypalClient,
  rules: JobPaymentKindRules,
  token: string,
  providerOrderId: string,
  now = new Date(),
): Promise<{ newlyPaid: boolean }> {
  const quote = openQuote(db, token);
  const { kind, noun } = rules;
  return oneAtATime(`${quote.id}:${kind}`, async () => {
    const payment = paymentOf(db, quote, kind, noun, providerOrderId);
    if (payment.status === 'paid') return { newlyPaid: false };
    const other = paidJobPayment(db, quote.id, kind);
    if (other) throw rules.paidRefusal(other);
    if (payment.status === 'failed') {
      throw new HttpError(409, `This payment did not go through. Please pay the ${noun} again.`);
    }
    const answer = await captureOrRead(client, providerOrderId, kind);
    const capture = firstCapture(answer);
    const status = capture?.status ?? answer.status ?? 'UNKNOWN';
    if (status !== 'COMPLETED') {
      if (status === 'DECLINED' || status === 'FAILED') markFailed(db, payment.id);
      throw new HttpError(
        422,
        status === 'PENDING'
          ? `PayPal is reviewing this payment. The photographer will confirm the ${noun} once PayPal has.`
          : 'PayPal did not complete the payment: nothing was taken. Please try again.',
        { status },
      );
    }
    const cents = capture?.amount ? decimalStringToCents(capture.amount.value) : null;
    if (cents !== payment.amountCents || capture?.amount?.currency_code !== CURRENCY) {
      getLog().error(
        { paymentId: payment.id, providerOrderId, captured: capture?.amount, kind },
        'A job payment capture does not match the stored amount',
      );
      markFailed(db, payment.id);
      throw new HttpError(
        409,
        `The payment PayPal reported is not the ${noun} asked, so it was not recorded. Please contact the photographer.`,
      );
    }
    return { newlyPaid: recordJobPaymentPaid(db, rules, payment, capture?.id ?? null, token, now) };
  });
}

/**
 * Records a pending payment as paid, with the kind's `onPaid` in the same transaction: the one
 * once-only step of both providers. False when it was no longer pending (paid by an earlier call).
 * When another payment of this kind was recorded meanwhile (another process, another card), this
 * one is money taken twice, which the owner must refund by hand: it is logged, and the kind's
 * refusal is thrown.
 */
export function recordJobPaymentPaid(
  db: Db,
  rules: JobPaymentKindRules,
  payment: JobPayment,
  captureId: string | null,
  token: string | null,
  now: Date,
): boolean {
  try {
    return db.transaction((tx) => {
      const done = tx
        .update(jobPayments)
        .set({ status: 'paid', captureId, paidAt: now })
        .where(and(eq(jobPayments.id, payment.id), eq(jobPayments.status, 'pending')))
        .returning()
        .get();
      if (!done) return false;
      const quote = tx.select().from(quotes).where(eq(quotes.id, payment.quoteId)).get();
      if (!quote) throw new HttpError(404, UNKNOWN_LINK);
      // A payment the provider told the server of alone has no token from the client; the quote's
      // link is made again when it is the one the client holds.
      rules.onPaid(tx, quote, done, token ?? heldQuoteToken(quote), now);
      return true;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    getLog().error(
      { paymentId: payment.id, providerOrderId: payment.providerOrderId, captureId, kind: rules.kind },
      'A second job payment was taken for a quote already paid: refund it',
    );
    const paid = paidJobPayment(db, payment.quoteId, rules.kind);
    throw paid ? rules.paidRefusal(paid) : new HttpError(409, `The ${rules.noun} was paid already.`);
  }
}
