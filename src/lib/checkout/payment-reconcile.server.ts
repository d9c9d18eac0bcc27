// Payments not yet settled, asked about again. PayPal does not call this site back (no webhooks
// reach a box behind a home router), so the site asks, with `GET /v2/checkout/orders/{id}`, and
// settles each order by the same rules as the capture (lib/checkout/place-order.server.ts settleCapture): paid when
// COMPLETED for the right amount, failed when PayPal gave up or took another amount. The change and
// its mails are written in one transaction, so an order settled twice is mailed once.
//
// - At start, every order that holds a PayPal order id and is still pending (with or without a
//   capture id) from the last 30 days is asked about: a capture PayPal completed just before the
//   process stopped is found and the order marked paid. An order whose buyer never approved the
//   payment (CREATED or APPROVED, no capture) stays pending: the site never captures on a buyer's
//   behalf, and the abandoned-order cleanup removes it after 7 days.
// - Then, every few minutes, the payments PayPal held for review (a PENDING capture: an eCheck, a
//   review by PayPal) are asked about again, since the money may arrive hours or days later; and so
//   are the orders that took a use of their discount code for a capture whose outcome the site never
//   heard (PayPal failed and could not be read back): a use of a payment PayPal never took is given
//   back, so an abandoned capture does not keep a code used up.
import { and, asc, eq, gte, isNotNull, lt, or } from 'drizzle-orm';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { orders } from '~db/schema';
import { settleCapture } from './place-order.server';

const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A capture's call to PayPal is over well within this (its timeout is 20 s, one retry). */
const CAPTURE_SETTLED_MS = 2 * 60_000;
const PER_RUN = 20;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
}

type Unsettled = typeof orders.$inferSelect;

async function settleEach(db: Db, client: PaypalClient, rows: Unsettled[]): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0 };
  for (const order of rows) {
    try {
      const answer = await client.getOrder(order.paypalOrderId ?? '');
      const outcome = settleCapture(db, order, answer, { mailFailure: true });
      report.checked++;
      if (outcome.paid && outcome.newlyPaid) report.paid++;
      else if (!outcome.paid && outcome.newlyFailed) report.failed++;
    } catch (err) {
      getLog().error({ err }, `Could not ask PayPal about pending order ${order.id}; will ask again.`);
    }
  }
  return report;
}

/** Unpaid orders with a PayPal order id from the last 30 days, oldest first. */
function unsettledOrders(db: Db, now: Date, opts: { heldOnly: boolean; limit?: number }) {
  const query = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        opts.heldOnly
          ? or(
              isNotNull(orders.paymentId),
              and(
                eq(orders.discountUseTaken, true),
                lt(orders.updatedAt, new Date(now.getTime() - CAPTURE_SETTLED_MS)),
              ),
            )
          : undefined,
        isNotNull(orders.paypalOrderId),
        gte(orders.createdAt, new Date(now.getTime() - MAX_AGE_MS)),
      ),
    )
    .orderBy(asc(orders.createdAt));
  return opts.limit ? query.limit(opts.limit).all() : query.all();
}

/**
 * The recurring check: orders whose capture PayPal held for review (PENDING), and those holding a
 * discount code use for a capture not heard of for two minutes, oldest first.
 */
export async function reconcilePendingPayments(
  db: Db,
  client: PaypalClient,
  now = new Date(),
): Promise<ReconcileReport> {
  return settleEach(db, client, unsettledOrders(db, now, { heldOnly: true, limit: PER_RUN }));
}

/**
 * The check at start: every pending order that holds a PayPal order id from the last 30 days,
 * with or without a capture id, so that a capture completed just before a crash is settled.
 */
export async function settleUnsettledPayments(
  db: Db,
  client: PaypalClient,
  now = new Date(),
): Promise<ReconcileReport> {
  return settleEach(db, client, unsettledOrders(db, now, { heldOnly: false }));
}

function logReport(when: string, report: ReconcileReport): void {
  if (report.paid || report.failed) {
    getLog().info(`${when}: ${report.paid} completed, ${report.failed} not completed.`);
  }
}

/**
 * Settles what a stopped process left unsettled (now), then asks again about held payments every
 * `everyMs`; never keeps the process alive. Returns the stop function.
 */
export function startPaymentReconciler(db: Db, client: () => PaypalClient, everyMs: number): () => void {
  let running = false;
  const guarded = (task: () => Promise<void>) => async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (err) {
      getLog().error({ err }, 'Checking pending payments failed.');
    } finally {
      running = false;
    }
  };
  const atStart = guarded(async () => {
    logReport('Payments settled at start', await settleUnsettledPayments(db, client()));
  });
  const recurring = guarded(async () => {
    logReport('Pending payments', await reconcilePendingPayments(db, client()));
  });
  const first = setTimeout(atStart, 0);
  const timer = setInterval(recurring, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
