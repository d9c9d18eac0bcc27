// The client pays the deposit of an accepted quote through the link's page. The amount is the
// server's alone (depositAmounts of the accepted total at the quote's percentage): the order asked
// of the payment provider carries it, the stored payment keeps it, and a capture is recorded as
// paid only when it is COMPLETED for exactly that amount in euro. A payment is marked paid once, by
// the conditional update of a row still pending, and a quote holds at most one paid deposit (a
// partial unique index). Every refusal is a sentence and changes nothing.
import { and, eq } from 'drizzle-orm';
import { isPaypalApiError, type PaypalClient, type PaypalOrder } from '~/lib/payments/paypal-client.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { newRowId } from '~/lib/platform/server/row-id';
import { centsToDecimal, decimalStringToCents } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { CURRENCY } from '~/lib/site/constants';
import { type JobPayment, jobPayments, type Quote } from '~db/schema';
import { queueDepositPaidMails } from './deposit-mails.server';
import { paidDeposit } from './deposit-payments.server';
import { type DepositView, fullDay } from './deposit-rules';
import { acceptRefusal, quoteByToken, UNKNOWN_LINK } from './quote-client.server';
import { depositAmounts } from './quote-totals';
import { quoteView } from './quote-view.server';

export const NOT_ACCEPTED = 'Accept the quote before paying its deposit.';
export const NO_DEPOSIT = 'This quote asks for no deposit: there is nothing to pay now.';
export const UNKNOWN_PAYMENT = 'This payment is not one of this quote’s deposit payments.';

const paidOnMessage = (paid: JobPayment) =>
  `The deposit was paid on ${paid.paidAt ? fullDay(irishDay(paid.paidAt)) : 'an earlier day'}.`;

function openQuote(db: Db | Tx, token: string): Quote {
  const quote = quoteByToken(db, token);
  if (!quote) throw new HttpError(404, UNKNOWN_LINK);
  return quote;
}

/** Why the deposit of this quote cannot be paid now, or null when it can. */
function depositRefusal(db: Db | Tx, quote: Quote, now: Date): HttpError | null {
  if (quote.status !== 'accepted') {
    const refusal = acceptRefusal(quote, now);
    // Withdrawn or expired: the quote's own sentence (410). Otherwise it waits for an acceptance.
    return refusal && refusal.status === 410 ? refusal : new HttpError(409, NOT_ACCEPTED);
  }
  if (quote.depositPercent <= 0 || quote.acceptedTotalCents === null) return new HttpError(409, NO_DEPOSIT);
  const paid = paidDeposit(db, quote.id);
  if (paid) return new HttpError(409, paidOnMessage(paid));
  return null;
}

/** The Orders v2 body of a deposit: one item, the deposit, whose price is the whole amount. */
export function depositOrderBody(paymentId: string, quote: Quote, amountCents: number) {
  const money = { currency_code: CURRENCY, value: centsToDecimal(amountCents) };
  return {
    intent: 'CAPTURE' as const,
    purchase_units: [
      {
        custom_id: paymentId,
        amount: { ...money, breakdown: { item_total: money } },
        items: [
          {
            name: `Deposit (${quote.depositPercent}%): ${quote.title}`.slice(0, 127),
            quantity: '1',
            unit_amount: money,
          },
        ],
      },
    ],
  };
}

export interface PaymentBackend {
  client: PaypalClient;
  /** The provider is test mode's fake: no money is taken, and the payment is stored as a test. */
  testMode: boolean;
}

/**
 * POST /api/quotes/{token}/deposit: creates the provider's order for the server's deposit of the
 * accepted quote and stores the payment as pending. Answers the provider's order id.
 */
export async function createDepositOrder(
  db: Db,
  backend: PaymentBackend,
  token: string,
  now = new Date(),
): Promise<{ id: string; amountCents: number }> {
  const quote = openQuote(db, token);
  const refusal = depositRefusal(db, quote, now);
  if (refusal) throw refusal;
  const amounts = depositAmounts(quote.acceptedTotalCents ?? 0, quote.depositPercent, quote.vatRateBp);
  if (amounts.amountCents <= 0) throw new HttpError(409, NO_DEPOSIT);
  const paymentId = newRowId();
  let order: { id: string };
  try {
    order = await backend.client.createOrder(
      depositOrderBody(paymentId, quote, amounts.amountCents),
      `deposit-${paymentId}`,
    );
  } catch (err) {
    getLog().error({ err }, 'PayPal order for a deposit failed');
    throw new HttpError(502, 'PayPal could not start the payment. Please try again in a moment.');
  }
  db.insert(jobPayments)
    .values({
      id: paymentId,
      quoteId: quote.id,
      kind: 'deposit',
      provider: 'paypal',
      amountCents: amounts.amountCents,
      vatCents: amounts.vatCents,
      status: 'pending',
      providerOrderId: order.id,
      testMode: backend.testMode,
      createdAt: now,
    })
    .run();
  return { id: order.id, amountCents: amounts.amountCents };
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
async function captureOrRead(client: PaypalClient, orderId: string): Promise<PaypalOrder> {
  try {
    return await client.captureOrder(orderId, `deposit-capture-${orderId}-${newRowId()}`);
  } catch (err) {
    if (isPaypalApiError(err) && err.issue === 'ORDER_ALREADY_CAPTURED') return client.getOrder(orderId);
    throw err;
  }
}

// Captures of one quote's deposit in this process run one after another, so that a second payment
// of the same deposit finds the first one paid before PayPal is asked to take more money.
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

export interface DepositOutcome {
  deposit: DepositView;
  /** True only for the capture that recorded the payment. */
  newlyPaid: boolean;
}

function paymentOf(db: Db | Tx, quote: Quote, providerOrderId: string): JobPayment {
  const payment = db
    .select()
    .from(jobPayments)
    .where(
      and(
        eq(jobPayments.providerOrderId, providerOrderId),
        eq(jobPayments.quoteId, quote.id),
        eq(jobPayments.kind, 'deposit'),
      ),
    )
    .get();
  if (!payment) throw new HttpError(404, UNKNOWN_PAYMENT);
  return payment;
}

const paidOutcome = (db: Db, token: string, newlyPaid: boolean, now: Date): DepositOutcome => ({
  deposit: quoteView(db, openQuote(db, token), now).deposit,
  newlyPaid,
});

function markFailed(db: Db, paymentId: string): void {
  db.update(jobPayments)
    .set({ status: 'failed' })
    .where(and(eq(jobPayments.id, paymentId), eq(jobPayments.status, 'pending')))
    .run();
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * POST /api/quotes/{token}/deposit/{paypalOrderId}/capture: captures the deposit's order and records
 * it as paid when PayPal's capture is COMPLETED for the stored amount in euro, with the client's
 * receipt and the owner's notice queued in the same transaction. A deposit already paid through this
 * order answers paid again and changes nothing. PayPal's errors (INSTRUMENT_DECLINED among them) are
 * thrown as they are, for the endpoint to answer.
 */
export async function captureDeposit(
  db: Db,
  client: PaypalClient,
  token: string,
  providerOrderId: string,
  now = new Date(),
): Promise<DepositOutcome> {
  const quote = openQuote(db, token);
  return oneAtATime(quote.id, async () => {
    const payment = paymentOf(db, quote, providerOrderId);
    if (payment.status === 'paid') return paidOutcome(db, token, false, now);
    const other = paidDeposit(db, quote.id);
    if (other) throw new HttpError(409, paidOnMessage(other));
    if (payment.status === 'failed') {
      throw new HttpError(409, 'This payment did not go through. Please pay the deposit again.');
    }
    const answer = await captureOrRead(client, providerOrderId);
    const capture = firstCapture(answer);
    const status = capture?.status ?? answer.status ?? 'UNKNOWN';
    if (status !== 'COMPLETED') {
      if (status === 'DECLINED' || status === 'FAILED') markFailed(db, payment.id);
      throw new HttpError(
        422,
        status === 'PENDING'
          ? 'PayPal is reviewing this payment. The photographer will confirm the deposit once PayPal has.'
          : 'PayPal did not complete the payment: nothing was taken. Please try again.',
        { status },
      );
    }
    const cents = capture?.amount ? decimalStringToCents(capture.amount.value) : null;
    if (cents !== payment.amountCents || capture?.amount?.currency_code !== CURRENCY) {
      getLog().error(
        { paymentId: payment.id, providerOrderId, captured: capture?.amount },
        'A deposit capture does not match the stored amount',
      );
      markFailed(db, payment.id);
      throw new HttpError(
        409,
        'The payment PayPal reported is not the deposit asked, so it was not recorded. Please contact the photographer.',
      );
    }
    let newlyPaid: boolean;
    try {
      newlyPaid = db.transaction((tx) => {
        const done = tx
          .update(jobPayments)
          .set({ status: 'paid', captureId: capture?.id ?? null, paidAt: now })
          .where(and(eq(jobPayments.id, payment.id), eq(jobPayments.status, 'pending')))
          .run();
        if (done.changes !== 1) return false;
        const view = quoteView(tx, openQuote(tx, token), now);
        queueDepositPaidMails(tx, view, token);
        return true;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another payment of this deposit was recorded meanwhile by another process: this capture is
      // money taken twice, which the owner must refund by hand.
      getLog().error(
        { paymentId: payment.id, providerOrderId, captureId: capture?.id },
        'A second deposit was captured for a quote already paid: refund it',
      );
      const paid = paidDeposit(db, quote.id);
      throw new HttpError(409, paid ? paidOnMessage(paid) : 'The deposit was paid already.');
    }
    return paidOutcome(db, token, newlyPaid, now);
  });
}
