// Payments PayPal held for review. A capture can come back PENDING (an eCheck, a review by PayPal);
// the money may still arrive hours or days later, and PayPal does not call this site back (no
// webhooks reach a box behind a home router). So the site asks again: every few minutes it reads the
// PayPal order of each payment still pending, and settles it by the same rules as the capture
// (services/orders.ts settleCapture): paid and mailed when COMPLETED for the right amount, failed
// and mailed when PayPal gave up. Only orders with a PENDING capture are asked about, for 30 days.
import { and, asc, eq, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '~/lib/server/db';
import type { PaypalClient } from '~/lib/server/payments/paypal-client';
import { orders } from '~db/schema';
import { sendOrderMails, sendPaymentNotCompletedMails } from './order-mail';
import { settleCapture } from './orders';

const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const PER_RUN = 20;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
}

export async function reconcilePendingPayments(
  db: Db,
  client: PaypalClient,
  now = new Date(),
): Promise<ReconcileReport> {
  const rows = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        isNotNull(orders.paymentId),
        isNotNull(orders.paypalOrderId),
        gte(orders.createdAt, new Date(now.getTime() - MAX_AGE_MS)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(PER_RUN)
    .all();
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0 };
  for (const order of rows) {
    try {
      const outcome = settleCapture(db, order, await client.getOrder(order.paypalOrderId ?? ''));
      report.checked++;
      if (outcome.paid && outcome.newlyPaid) {
        report.paid++;
        await sendOrderMails(db, order.id);
      } else if (!outcome.paid && (outcome.reason === 'mismatch' || outcome.status !== 'PENDING')) {
        report.failed++;
        await sendPaymentNotCompletedMails(db, order.id, outcome.reason);
      }
    } catch (err) {
      console.error(`Could not ask PayPal about pending order ${order.id}; will ask again.`, err);
    }
  }
  return report;
}

/** Asks again every `everyMs`, first a few seconds after start; never keeps the process alive. */
export function startPaymentReconciler(db: Db, client: () => PaypalClient, everyMs: number): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await reconcilePendingPayments(db, client());
      if (report.paid || report.failed) {
        console.log(`Pending payments: ${report.paid} completed, ${report.failed} not completed.`);
      }
    } catch (err) {
      console.error('Checking pending payments failed.', err);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, Math.min(everyMs, 5000));
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
