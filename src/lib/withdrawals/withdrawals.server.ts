// A buyer's withdrawal from an order, sent in two steps from the withdrawal page. The page answers
// the same whether or not the order number and e-mail address belong to an order, so it cannot be
// used to find orders: only a paid order (a test order included) whose number and address both
// match is withdrawn from, once, and only then are the buyer's acknowledgement and the owner's
// notice queued, in the transaction that records it. The one different answer, a period that has
// ended, is given only for such a match, to the person who knows both.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailBlock, mailLine } from '~/lib/platform/server/mail/mail-text';
import { shortOrderId } from '~/lib/platform/shared/format';
import { mailSenderName } from '~/lib/site/business.server';
import { type Order, orderStatusHistory, orders, orderWithdrawals } from '~db/schema';
import type { WithdrawalInput } from './schemas';
import {
  formatDay,
  formatIrishDateTime,
  REFUND_DAYS,
  refundBy,
  WITHDRAW_PATH,
  withdrawalPeriod,
} from './withdrawal-period';

/** What the page tells the visitor: the one answer for every unknown or repeated request, or the end of the period. */
export type WithdrawalAnswer = { kind: 'received' } | { kind: 'ended'; lastDay: string };

/** The withdrawal page as a full address, for the buyer's mails. */
export function withdrawUrl(): string {
  return new URL(WITHDRAW_PATH, getConfig().siteUrl).href;
}

/** The paid order (not cancelled nor refunded) with this number and buyer's address, newest first. */
function findOrder(db: Db | Tx, input: WithdrawalInput): Order | undefined {
  const number = input.orderNumber;
  return db
    .select()
    .from(orders)
    .where(
      and(
        number.length === 6
          ? sql`substr(lower(${orders.id}), -6) = ${number}`
          : sql`lower(${orders.id}) = ${number}`,
        sql`lower(trim(${orders.customerEmail})) = ${input.email}`,
        eq(orders.paymentStatus, 'completed'),
        ne(orders.status, 'cancelled'),
        isNull(orders.refundId),
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`)
    .get();
}

/**
 * When the withdrawal period began: the first time the order was marked delivered, else the first
 * time it was marked shipped; null while neither was recorded (not on its way yet).
 */
export function periodStart(db: Db | Tx, orderId: string): Date | null {
  const marks = db
    .select({ to: orderStatusHistory.toStatus, at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        inArray(orderStatusHistory.toStatus, ['shipped', 'delivered']),
      ),
    )
    .orderBy(asc(orderStatusHistory.createdAt))
    .all();
  return (marks.find((m) => m.to === 'delivered') ?? marks[0])?.at ?? null;
}

function withdrawalOf(db: Db | Tx, orderId: string) {
  return db.select().from(orderWithdrawals).where(eq(orderWithdrawals.orderId, orderId)).get();
}

/** Step one: what the confirmation would answer, recording nothing. */
export function checkWithdrawal(db: Db | Tx, input: WithdrawalInput, now = new Date()): WithdrawalAnswer {
  const order = findOrder(db, input);
  if (!order || withdrawalOf(db, order.id)) return { kind: 'received' };
  const period = withdrawalPeriod(periodStart(db, order.id), now);
  return period.open ? { kind: 'received' } : { kind: 'ended', lastDay: period.lastDay };
}

/** Step two: records the withdrawal and queues both mails when the order matches and may still be withdrawn from. */
export function withdrawFromOrder(db: Db, input: WithdrawalInput, now = new Date()): WithdrawalAnswer {
  return db.transaction((tx) => {
    const order = findOrder(tx, input);
    if (!order || withdrawalOf(tx, order.id)) return { kind: 'received' } as const;
    const period = withdrawalPeriod(periodStart(tx, order.id), now);
    if (!period.open) return { kind: 'ended', lastDay: period.lastDay } as const;
    tx.insert(orderWithdrawals)
      .values({ orderId: order.id, note: input.note ?? null, createdAt: now })
      .run();
    queueWithdrawalMails(tx, order, input.note ?? null, now);
    return { kind: 'received' } as const;
  });
}

function queueWithdrawalMails(tx: Tx, order: Order, note: string | null, at: Date): void {
  const ref = shortOrderId(order.id);
  const when = formatIrishDateTime(at);
  const refundDay = formatDay(refundBy(at));
  const noteLines = note ? ['', 'Your note:', mailBlock(note, '  ')] : [];
  const name = mailLine(order.customerName);
  if (order.customerEmail) {
    queueMail(tx, {
      to: order.customerEmail,
      subject: `Your withdrawal from order ${ref} is received`,
      text: [
        name ? `Dear ${name},` : 'Hello,',
        '',
        `We received your withdrawal from order ${ref} on ${when} (Irish time).`,
        ...noteLines,
        '',
        'What happens next:',
        `- We refund the price you paid, including the standard delivery cost, within ${REFUND_DAYS} days of your withdrawal, by ${refundDay}, to the account you paid with.`,
        '- If the prints have reached you, we may ask you to send them back first, unused and in their packaging, to the address we give you in our reply; we may then wait for them, or for proof that you sent them, before refunding.',
        '',
        'Keep this e-mail: it is your acknowledgement of the withdrawal.',
        'If you have any question, reply to this e-mail.',
        '',
        mailSenderName(tx),
      ].join('\n'),
    });
  }
  queueMail(tx, {
    to: getConfig().ownerEmail,
    subject: `Withdrawal from order ${ref}: refund by ${refundDay}`,
    text: [
      `${order.testMode ? 'Test order' : 'Order'} ${ref} (${order.id}) was withdrawn from by its buyer on ${when} (Irish time).`,
      `Buyer: ${name} <${mailLine(order.customerEmail)}>`,
      `Refund the payment by ${refundDay} (${REFUND_DAYS} days after the withdrawal); you may ask for the prints back first.`,
      ...(note ? ['', 'The buyer’s note:', mailBlock(note, '  ')] : []),
    ].join('\n'),
    replyTo: order.customerEmail ?? undefined,
  });
}

/** The withdrawal recorded for an order, for the owner's order details; null when none. */
export function orderWithdrawal(db: Db | Tx, orderId: string) {
  const row = withdrawalOf(db, orderId);
  return row ? { withdrawnAt: row.createdAt, refundBy: refundBy(row.createdAt), note: row.note } : null;
}
