// Orders and their payment: the server quotes the cart from the database (the prints, shipping to the
// chosen country, a discount code, the VAT in each part: quote-cart.server.ts), asks PayPal for
// exactly that amount with a breakdown that adds up, stores the pending order with its items and
// those figures, and marks the order paid only when a capture is COMPLETED with the stored amount in
// EUR (the same flow for real PayPal and the test-mode fake; an order made in test mode is stored
// as a test order, which no sales figure counts). What a payment uses up that is limited (a use of a
// discount code, copies of a limited edition) is taken just before PayPal is asked to capture, in the
// statement that checks the limit, and given back at once when PayPal refuses or fails.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CustomerData } from '~/lib/checkout/schemas';
import { queueLabOrder } from '~/lib/lab/lab-outbox.server';
import { isPaypalApiError, type PaypalClient, type PaypalOrder } from '~/lib/payments/paypal-client.server';
import type { Db } from '~/lib/platform/server/db';
import { commitGrouped } from '~/lib/platform/server/grouped-commits';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { placeholderFor, preparedOnce } from '~/lib/platform/server/prepared';
import { newRowId } from '~/lib/platform/server/row-id';
import { centsToDecimal, formatEuro } from '~/lib/platform/shared/format';
import {
  assertEditionCopiesLeft,
  editionCaptureProblem,
  numberEditionCopies,
  releaseEditionHolds,
  reserveEditionCopies,
} from '~/lib/shop/editions.server';
import { decimalToCents } from '~/lib/shop/pricing';
import { CURRENCY } from '~/lib/site/constants';
import { discountCodes, orderItems, orders } from '~db/schema';
import { countryName } from '../selling/countries';
import { DISCOUNT_MESSAGES, discountProblem } from '../selling/discount';
import { storedShippingVat } from '../selling/order-vat';
import { issueInvoice } from './invoices.server';
import { queueOrderMails, queuePaymentNotCompletedMails } from './order-mail.server';
import { type CartInput, type CartQuote, quoteCartWithLab } from './quote-cart.server';

/** The internal payment errors, worded as the owner wrote them; keep them word for word. */
export const PAYMENT_ERRORS = {
  notCompleted: 'Payment was not completed successfully',
  noOrder: 'Order creation failed on server',
  noCustomer: 'Customer data is required for order creation',
  provider: 'PayPal payment failed',
  other: 'Payment processing failed',
} as const;

/** Said when a discount brings an order to nothing, which PayPal cannot be asked to take. */
export const FREE_ORDER_MESSAGE =
  'With this code the order comes to €0.00, which cannot be paid through PayPal. Please contact us to place it.';

/**
 * What an order is stored with besides its lines: its id, PayPal's order id or a failed payment,
 * and whether it is a test order (made in test mode: no money is taken).
 */
export interface StoredOrderFields {
  id?: string;
  paypalOrderId?: string;
  /** The provider the buyer pays through: PayPal unless said otherwise. */
  paymentProvider?: 'paypal' | 'stripe';
  /** The Stripe PaymentIntent of an order paid by card. */
  stripePaymentIntentId?: string;
  paymentStatus?: 'pending' | 'failed';
  testMode?: boolean;
  /** The buyer's address (client IP): its unpaid orders together hold a few copies of an edition. */
  clientIp?: string;
}

/**
 * Stores an order (pending unless `fields` say failed) and its items in one transaction, with the
 * quote's figures: the items, shipping, discount and total, the destination and its zone, the code,
 * and each item's share of the discount and the VAT in its print and frame. Returns its id.
 */
export function createPendingOrder(db: Db, cart: CartQuote, fields: StoredOrderFields = {}): string {
  const insertOrder = preparedOnce(db, 'orders: insert order', () =>
    db
      .insert(orders)
      .values({
        id: sql.placeholder('id'),
        paypalOrderId: sql.placeholder('paypalOrderId'),
        paymentStatus: sql.placeholder('paymentStatus'),
        customerName: '',
        totalAmountCents: sql.placeholder('totalAmountCents'),
        currency: CURRENCY,
        paymentProvider: sql.placeholder('paymentProvider'),
        stripePaymentIntentId: sql.placeholder('stripePaymentIntentId'),
        testMode: placeholderFor('testMode', orders.testMode),
        itemTotalCents: sql.placeholder('itemTotalCents'),
        shippingCents: sql.placeholder('shippingCents'),
        discountCents: sql.placeholder('discountCents'),
        shipCountry: sql.placeholder('shipCountry'),
        shippingZone: sql.placeholder('shippingZone'),
        shippingVatRateBp: sql.placeholder('shippingVatRateBp'),
        shippingVatCents: sql.placeholder('shippingVatCents'),
        shippingVatParts: sql.placeholder('shippingVatParts'),
        ossCountry: sql.placeholder('ossCountry'),
        discountCode: sql.placeholder('discountCode'),
        discountCodeId: sql.placeholder('discountCodeId'),
        galleryId: sql.placeholder('galleryId'),
        galleryLinkId: sql.placeholder('galleryLinkId'),
        labShippingCents: sql.placeholder('labShippingCents'),
        labShippingMethod: sql.placeholder('labShippingMethod'),
      })
      .prepare(),
  );
  const insertItem = preparedOnce(db, 'orders: insert item', () =>
    db
      .insert(orderItems)
      .values({
        id: sql.placeholder('id'),
        orderId: sql.placeholder('orderId'),
        productVariantId: sql.placeholder('productVariantId'),
        quantity: sql.placeholder('quantity'),
        priceCents: sql.placeholder('priceCents'),
        framingSize: sql.placeholder('framingSize'),
        framingPriceCents: sql.placeholder('framingPriceCents'),
        description: sql.placeholder('description'),
        discountCents: sql.placeholder('discountCents'),
        vatRateBp: sql.placeholder('vatRateBp'),
        vatCents: sql.placeholder('vatCents'),
        framingVatRateBp: sql.placeholder('framingVatRateBp'),
        framingVatCents: sql.placeholder('framingVatCents'),
        framingDiscountCents: sql.placeholder('framingDiscountCents'),
        editionSize: sql.placeholder('editionSize'),
        labSku: sql.placeholder('labSku'),
        // Written as given (JSON text, or null for the owner's lines): a placeholder of a JSON
        // column would store a missing value as the text "null".
        labAttributes: sql`${sql.placeholder('labAttributes')}`,
        labSizing: sql.placeholder('labSizing'),
        cropPosition: sql.placeholder('cropPosition'),
      })
      .prepare(),
  );
  const { priced, quote } = cart;
  const orderId = fields.id ?? newRowId();
  return db.transaction(() => {
    insertOrder.run({
      id: orderId,
      paypalOrderId: fields.paypalOrderId ?? null,
      paymentProvider: fields.paymentProvider ?? 'paypal',
      stripePaymentIntentId: fields.stripePaymentIntentId ?? null,
      paymentStatus: fields.paymentStatus ?? 'pending',
      totalAmountCents: quote.totalCents,
      testMode: fields.testMode ?? false,
      itemTotalCents: quote.itemTotalCents,
      shippingCents: quote.shippingCents,
      discountCents: quote.discountCents,
      shipCountry: cart.country,
      shippingZone: quote.zone.id,
      ...storedShippingVat(quote.shipping),
      ossCountry: cart.ossCountry,
      discountCode: cart.discount?.code ?? null,
      discountCodeId: cart.discount?.id ?? null,
      galleryId: priced.gallery?.galleryId ?? null,
      galleryLinkId: priced.gallery?.linkId ?? null,
      labShippingCents: quote.labShippingCents,
      labShippingMethod: cart.lab?.method ?? null,
    });
    const editionLines = [];
    for (const [i, item] of priced.items.entries()) {
      const line = quote.lines[i];
      const itemId = newRowId();
      editionLines.push({ ...item, orderItemId: itemId });
      insertItem.run({
        id: itemId,
        orderId,
        productVariantId: item.galleryFileId ? null : item.variantId,
        quantity: item.quantity,
        priceCents: item.unitCents,
        framingSize: item.framing,
        framingPriceCents: item.framingPriceCents,
        description: item.description,
        discountCents: line?.discountCents ?? 0,
        vatRateBp: line?.print.rateBp ?? null,
        vatCents: line?.print.vatCents ?? null,
        framingVatRateBp: line?.frame?.rateBp ?? null,
        framingVatCents: line?.frame?.vatCents ?? null,
        framingDiscountCents: line?.frame ? line.frameUnitCents * line.quantity - line.frame.grossCents : 0,
        editionSize: item.editionSize,
        labSku: item.lab?.sku ?? null,
        labAttributes: item.lab ? JSON.stringify(item.lab.attributes) : null,
        labSizing: item.lab?.sizing ?? null,
        cropPosition: item.cropPosition,
      });
    }
    // The copies of limited editions are held in this transaction: a 409 (sold out) undoes the order.
    if ((fields.paymentStatus ?? 'pending') === 'pending')
      reserveEditionCopies(db, orderId, editionLines, new Date(), fields.clientIp);
    return orderId;
  });
}

/**
 * The Orders v2 body for a quoted cart: the amount is the server's, with the breakdown PayPal checks
 * it against (value = item_total + shipping − discount, and item_total = Σ unit_amount × quantity),
 * which holds by construction of the quote.
 */
export function paypalOrderBody(orderId: string, { priced, quote }: CartQuote) {
  const money = (cents: number) => ({ currency_code: CURRENCY, value: centsToDecimal(cents) });
  return {
    intent: 'CAPTURE' as const,
    purchase_units: [
      {
        custom_id: orderId,
        amount: {
          ...money(quote.totalCents),
          breakdown: {
            item_total: money(quote.itemTotalCents),
            shipping: money(quote.shippingCents),
            discount: money(quote.discountCents),
          },
        },
        items: priced.items.map((i) => ({
          name: i.description.slice(0, 127),
          quantity: String(i.quantity),
          unit_amount: money(i.unitCents),
        })),
      },
    ],
  };
}

/**
 * POST /api/paypal/order: quote the cart (quoteCartWithLab, at `now`), create the PayPal order for that
 * total, and store the order with PayPal's id. The order's id is chosen first (PayPal keeps it as custom_id), so the order and its
 * items are written in one commit after PayPal answers, or as a failed order when PayPal cannot
 * create it; the write then waits for no outside call, and is committed with the other writes of
 * the moment (grouped-commits.ts). The buyer is answered once it is committed, without waiting for
 * its disk sync: a PayPal order whose write a power cut lost cannot be paid, since the capture finds
 * no order and calls nobody; and the capture's own first write waits for a sync that covers this
 * commit too, so an order is on disk before PayPal is ever asked to take money for it.
 * `testMode` (the client is test mode's PayPal fake) stores it as a test order.
 */
export async function createPaypalOrder(
  db: Db,
  client: PaypalClient,
  input: CartInput,
  {
    testMode = false,
    now = new Date(),
    clientIp,
  }: { testMode?: boolean; now?: Date; clientIp?: string } = {},
): Promise<{ id: string; orderId: string; totalCents: number }> {
  const priced = await quoteCartWithLab(db, input, now);
  // PayPal takes no payment of nothing: a code that covers the whole order has no way through it.
  if (priced.quote.totalCents <= 0) throw new HttpError(422, FREE_ORDER_MESSAGE);
  // A sold-out edition is refused before PayPal is asked; the guard that counts is in the commit below.
  assertEditionCopiesLeft(db, priced.priced.items, now);
  const orderId = newRowId();
  let paypal: { id: string };
  try {
    paypal = await client.createOrder(paypalOrderBody(orderId, priced), `create-${orderId}`);
  } catch (err) {
    getLog().error({ err }, 'PayPal order creation failed');
    await commitGrouped(
      db,
      () => createPendingOrder(db, priced, { id: orderId, paymentStatus: 'failed', testMode }),
      {
        beforeSync: true,
      },
    );
    throw new HttpError(502, PAYMENT_ERRORS.provider);
  }
  await commitGrouped(
    db,
    () => createPendingOrder(db, priced, { id: orderId, paypalOrderId: paypal.id, testMode, clientIp }),
    {
      beforeSync: true,
    },
  );
  return { id: paypal.id, orderId, totalCents: priced.quote.totalCents };
}

function formatAddress(c: CustomerData): string {
  return [c.street, `${c.postalCode} ${c.city}`, countryName(c.country.toUpperCase()) ?? c.country].join(
    '\n',
  );
}

/** The first capture of a PayPal order answer, if any. */
function firstCapture(order: PaypalOrder) {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

export type CaptureOutcome =
  | { paid: true; orderId: string; captureId: string; newlyPaid: boolean }
  | {
      paid: false;
      orderId: string;
      reason: 'not-completed' | 'mismatch';
      status: string;
      /** True when this answer moved the order from pending to failed. */
      newlyFailed: boolean;
    };

/** Judges a capture against the stored order: COMPLETED, the same cents, EUR. */
export function judgeCapture(
  totalCents: number,
  order: PaypalOrder,
): { ok: boolean; status: string; mismatch: boolean; captureId?: string } {
  const capture = firstCapture(order);
  const status = capture?.status ?? order.status ?? 'UNKNOWN';
  if (capture?.status !== 'COMPLETED') return { ok: false, status, mismatch: false, captureId: capture?.id };
  const cents = capture.amount ? decimalToCents(capture.amount.value) : null;
  const sameMoney = cents === totalCents && capture.amount?.currency_code === CURRENCY;
  return { ok: sameMoney, status, mismatch: !sameMoney, captureId: capture.id };
}

// Captures of one PayPal order in this process run one after another: the second waits for the first
// and then finds the order paid. The conditional update below keeps it right across processes too.
const inFlight = new Map<string, Promise<unknown>>();

async function serialised<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = inFlight.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(fn);
  inFlight.set(key, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(key) === run) inFlight.delete(key);
  }
}

/**
 * POST /api/paypal/order/{id}/capture. Stores the customer, captures, and marks the order paid only
 * for a COMPLETED capture of exactly the stored amount in EUR. The customer is committed before
 * PayPal is asked: if the process dies after PayPal captured, the order settled at the next start
 * still knows whom to mail and where to ship. Idempotent: an already paid order answers paid without
 * another capture; ORDER_ALREADY_CAPTURED is reconciled by reading the order.
 * Before anything is written or PayPal is asked, an unpaid order is refused (422) when the buyer's
 * country is not the one its shipping was priced for, or when its discount code can no longer be
 * used at `now` (captureProblem).
 */
export async function capturePaypalOrder(
  db: Db,
  client: PaypalClient,
  paypalOrderId: string,
  customer: CustomerData,
  now = new Date(),
): Promise<CaptureOutcome> {
  return serialised(paypalOrderId, async () => {
    const { order, soldOut } = await commitGrouped(db, () => {
      const found = recordCustomer(db, paypalOrderId, customer, now);
      // The order's edition copies are held again for the capture, or the payment is refused here,
      // before PayPal takes any money, when an edition sold out while its hold had lapsed.
      const pending = found.paymentStatus === 'pending';
      const short = pending ? editionCaptureProblem(db, found.id, now) : null;
      // The use of its discount code is taken here too, by the statement that checks the code's
      // limit: of many captures at once, only as many as the code has uses left reach PayPal. A
      // refusal throws, which undoes this transaction's writes.
      if (pending && !short && !takeCodeUse(db, found)) {
        throw new HttpError(422, codeGoneMessage(DISCOUNT_MESSAGES.usedUp));
      }
      return { order: found, soldOut: short };
    });
    if (order.paymentStatus === 'completed') {
      return { paid: true, orderId: order.id, captureId: order.paymentId ?? '', newlyPaid: false };
    }
    if (soldOut) throw new HttpError(409, soldOut);
    let answer: PaypalOrder;
    try {
      answer = await captureOrRead(client, paypalOrderId);
    } catch (err) {
      const known = await afterCaptureError(db, client, order, err);
      if (known) return known;
      throw err;
    }
    // The outcome is answered once committed, without waiting for the disk sync: PayPal holds the
    // capture, and should a power cut lose this commit, the next start asks PayPal about every
    // pending order and settles it by the same rules (payment-reconcile.ts), as after a crash
    // between PayPal's capture and this commit. The customer above is what PayPal cannot give back,
    // so that write does wait for the disk.
    return commitGrouped(db, () => settleCapture(db, order, answer), { beforeSync: true });
  });
}

/** Whether the country the buyer gave (a code, or its English name) is `code`. */
function sameCountry(code: string, given: string): boolean {
  const typed = given.trim();
  return typed.toUpperCase() === code || typed.toLowerCase() === countryName(code)?.toLowerCase();
}

/** The message a buyer reads when the order's code can no longer be used: nothing was charged. */
export const codeGoneMessage = (problem: string) =>
  `${problem}, so this order cannot be paid as it was priced. You have not been charged: please remove the code or apply another one, and pay again.`;

/** What the buyer reads when the delivery country is not the one the order's shipping was priced for. */
export const countryChangedMessage = (priced: string) =>
  `This order's shipping was priced for delivery to ${countryName(priced) ?? priced}, not to the country in your details. You have not been charged: please review the new shipping in the order summary and pay again.`;

/**
 * Why an unpaid order may not be captured now, or null: the buyer's country is not the order's
 * destination, or its discount code was used up, expired, switched off or deleted meanwhile. Orders
 * made before shipping was charged have no destination or code, and pass.
 */
export function captureProblem(
  db: Db,
  order: Pick<
    typeof orders.$inferSelect,
    'shipCountry' | 'discountCodeId' | 'itemTotalCents' | 'totalAmountCents'
  > &
    Partial<Pick<typeof orders.$inferSelect, 'discountUseTaken'>>,
  customer: CustomerData,
  now: Date,
): string | null {
  if (order.shipCountry && !sameCountry(order.shipCountry, customer.country)) {
    return countryChangedMessage(order.shipCountry);
  }
  if (!order.discountCodeId) return null;
  const code = preparedOnce(db, 'orders: discount code by id', () =>
    db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id: order.discountCodeId });
  // An order that already holds one of the code's uses (a payment held for review, paid again) is
  // not refused for that use.
  const rule = code && order.discountUseTaken ? { ...code, uses: code.uses - 1 } : code;
  const problem = discountProblem(
    rule ?? null,
    order.itemTotalCents ?? order.totalAmountCents,
    now,
    formatEuro,
  );
  return problem === null ? null : codeGoneMessage(problem);
}

/**
 * The order of a PayPal order id (404 without one), with the buyer written onto it unless it is paid;
 * an unpaid order that may not be captured (captureProblem) is a 422, and nothing is written.
 */
function recordCustomer(db: Db, paypalOrderId: string, customer: CustomerData, now: Date) {
  const byPaypalId = preparedOnce(db, 'orders: by PayPal id', () =>
    db
      .select()
      .from(orders)
      .where(eq(orders.paypalOrderId, sql.placeholder('paypalOrderId')))
      .prepare(),
  );
  const order = byPaypalId.get({ paypalOrderId });
  if (!order) throw new HttpError(404, 'No order was found for this payment.');
  if (order.paymentStatus === 'completed') return order;
  const problem = captureProblem(db, order, customer, now);
  if (problem) throw new HttpError(422, problem);
  setOrderCustomer(db, order.id, customer);
  return order;
}

/** Writes the buyer's name, contacts and delivery address onto an order. */
export function setOrderCustomer(db: Db, orderId: string, customer: CustomerData): void {
  const setCustomer = preparedOnce(db, 'orders: set customer', () =>
    db
      .update(orders)
      .set({
        customerName: placeholderFor('name', orders.customerName),
        customerEmail: placeholderFor('email', orders.customerEmail),
        phoneNumber: placeholderFor('phone', orders.phoneNumber),
        customerAddress: placeholderFor('address', orders.customerAddress),
        shipStreet: placeholderFor('street', orders.shipStreet),
        shipPostalCode: placeholderFor('postalCode', orders.shipPostalCode),
        shipCity: placeholderFor('city', orders.shipCity),
        updatedAt: placeholderFor('updatedAt', orders.updatedAt),
      })
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare(),
  );
  setCustomer.run({
    id: orderId,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    address: formatAddress(customer),
    street: customer.street,
    postalCode: customer.postalCode,
    city: customer.city,
    updatedAt: new Date(),
  });
}

/**
 * Captures the order; one PayPal already captured is read instead (its capture is the answer). Each
 * attempt has its own request id: PayPal answers a request id it has seen with its first answer, so
 * after a refused card (INSTRUMENT_DECLINED) the buyer's next card would get the refusal again. The
 * client's own retries of one attempt keep its id, and PayPal never captures an order twice.
 */
async function captureOrRead(client: PaypalClient, paypalOrderId: string): Promise<PaypalOrder> {
  try {
    return await client.captureOrder(paypalOrderId, `capture-${paypalOrderId}-${newRowId()}`);
  } catch (err) {
    if (isPaypalApiError(err) && err.issue === 'ORDER_ALREADY_CAPTURED')
      return client.getOrder(paypalOrderId);
    throw err;
  }
}

/**
 * After PayPal refused a capture or could not be reached: the order's discount code use and its
 * edition copies are given back at once when PayPal surely took no money (it refused the capture,
 * or the order read back has no capture), so the buyer may try again while they remain. When the
 * order read back does show a capture, it is settled by it and the outcome returned. When PayPal
 * cannot be read either, the holds stay: the payment check asks PayPal again a few minutes later.
 */
async function afterCaptureError(
  db: Db,
  client: PaypalClient,
  order: typeof orders.$inferSelect,
  err: unknown,
): Promise<CaptureOutcome | null> {
  const refused = isPaypalApiError(err) && err.status >= 400 && err.status < 500;
  if (!refused) {
    let read: PaypalOrder;
    try {
      read = await client.getOrder(order.paypalOrderId ?? '');
    } catch {
      return null;
    }
    if (firstCapture(read)) return commitGrouped(db, () => settleCapture(db, order, read));
  }
  await commitGrouped(db, () => db.transaction(() => releaseCaptureHolds(db, order.id)));
  return null;
}

/**
 * Takes one use of the order's discount code for its capture, in the one statement that checks the
 * code's limit; true when the order has no code, is a test order (it uses nothing), already holds
 * its use, or took it now; false when the code has no use left.
 */
export function takeCodeUse(
  db: Db,
  order: Pick<typeof orders.$inferSelect, 'id' | 'discountCodeId' | 'testMode' | 'discountUseTaken'>,
): boolean {
  if (!order.discountCodeId || order.testMode || order.discountUseTaken) return true;
  const taken = preparedOnce(db, 'orders: take code use', () =>
    db.$client.prepare(
      `update discount_codes set uses = uses + 1
       where id = ? and active = 1 and (max_uses is null or uses < max_uses)`,
    ),
  ).run(order.discountCodeId).changes;
  if (taken !== 1) return false;
  preparedOnce(db, 'orders: mark code use taken', () =>
    db.$client.prepare('update orders set discount_use_taken = 1 where id = ?'),
  ).run(order.id);
  return true;
}

/** Gives back the discount code use an unpaid order took for its capture, if it holds one. */
export function releaseCodeUse(db: Db, orderId: string): void {
  const released = preparedOnce(db, 'orders: release code use', () =>
    db.$client.prepare(
      `update orders set discount_use_taken = 0
       where id = ? and discount_use_taken = 1 and payment_status <> 'completed'`,
    ),
  ).run(orderId).changes;
  if (released !== 1) return;
  preparedOnce(db, 'orders: give back code use', () =>
    db.$client.prepare(
      `update discount_codes set uses = max(uses - 1, 0)
       where id = (select discount_code_id from orders where id = ?)`,
    ),
  ).run(orderId);
}

/**
 * Gives back what an unpaid order holds for its payment: its discount code use and its edition
 * copies. For a capture PayPal refused or failed; runs inside the caller's transaction.
 */
export function releaseCaptureHolds(db: Db, orderId: string): void {
  releaseCodeUse(db, orderId);
  releaseEditionHolds(db, orderId);
}

export interface SettleOptions {
  /**
   * Queue the notices of a payment PayPal did not complete (for the customer and the owner) when
   * this answer fails the order. The checkout answers the buyer itself, so only the later checks
   * (payment-reconcile.ts) ask for them.
   */
  mailFailure?: boolean;
}

/**
 * Applies PayPal's answer about an order's capture to the stored order: paid only for a COMPLETED
 * capture of exactly the stored amount in EUR; DECLINED, FAILED or another amount is final (failed);
 * PENDING stays pending with the capture id kept, so payment-reconcile.ts can ask again later; no
 * capture at all (the buyer never approved) changes nothing. The change and its mails (the
 * confirmation and the owner's notice when paid) are written in one transaction, and only by the
 * answer that made the change: settling the same order twice queues its mails once.
 */
export function settleCapture(
  db: Db,
  order: { id: string; totalAmountCents: number; paypalOrderId: string | null },
  result: PaypalOrder,
  options: SettleOptions = {},
): CaptureOutcome {
  const verdict = judgeCapture(order.totalAmountCents, result);
  if (!verdict.ok) {
    const reason = verdict.mismatch ? 'mismatch' : 'not-completed';
    const failed = verdict.mismatch || verdict.status === 'DECLINED' || verdict.status === 'FAILED';
    const newlyFailed = db.transaction((tx) => {
      if (failed) {
        const changed = tx
          .update(orders)
          .set({ paymentStatus: 'failed', updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')))
          .run().changes;
        if (changed === 1) releaseCaptureHolds(db, order.id);
        if (changed === 1 && options.mailFailure) queuePaymentNotCompletedMails(tx, order.id, reason);
        return changed === 1;
      }
      // No capture at all: PayPal took no money, so a code use taken for a capture is given back.
      // The order's edition copies stay held for their time: its buyer may still be at PayPal.
      if (!firstCapture(result)) releaseCodeUse(db, order.id);
      tx.update(orders)
        .set({
          paymentStatus: 'pending',
          ...(verdict.status === 'PENDING' && verdict.captureId ? { paymentId: verdict.captureId } : {}),
        })
        .where(and(eq(orders.id, order.id), ne(orders.paymentStatus, 'completed')))
        .run();
      return false;
    });
    if (verdict.mismatch) {
      getLog().error(
        `PayPal capture of ${order.paypalOrderId} does not match order ${order.id} (${order.totalAmountCents} cents EUR): left unpaid for the owner to check.`,
      );
    }
    return { paid: false, orderId: order.id, reason, status: verdict.status, newlyFailed };
  }
  const newlyPaid = markOrderPaid(db, order.id, verdict.captureId ?? null);
  return { paid: true, orderId: order.id, captureId: verdict.captureId ?? '', newlyPaid };
}

/**
 * Marks an order paid, once: the one conditional update that moves it to completed, and with it,
 * in the same transaction, its edition numbers, its discount code's use, its VAT invoice, the
 * confirmation and the owner's notice, and its order to the print lab. True only for the call that
 * made the change: paying the same order again (a capture retried, a webhook delivered twice, the
 * return page and the webhook both) changes nothing and queues nothing. Every payment provider
 * marks its orders paid through here, after checking the amount and currency itself.
 */
export function markOrderPaid(db: Db, orderId: string, paymentId: string | null): boolean {
  const markPaid = preparedOnce(db, 'orders: mark paid', () =>
    db
      .update(orders)
      .set({
        paymentStatus: 'completed',
        paymentId: placeholderFor('paymentId', orders.paymentId),
        paidAt: placeholderFor('now', orders.paidAt),
        updatedAt: placeholderFor('now', orders.updatedAt),
      })
      .where(and(eq(orders.id, sql.placeholder('id')), ne(orders.paymentStatus, 'completed')))
      .prepare(),
  );
  // For a PayPal order the use of its discount code was taken just before PayPal was asked
  // (takeCodeUse), and for a card order before its payment form was made; it is kept. An order paid
  // without one (PayPal settled it after its use was given back, a card payment made after its
  // hold lapsed, or an order started before uses were taken that way) is counted now, even past
  // the limit, since the buyer paid: the owner is told. A test order (nothing was paid) uses nothing.
  const countCodeUse = preparedOnce(db, 'orders: count discount code use', () =>
    db.$client.prepare(
      `update discount_codes set uses = uses + 1
       where id = (select discount_code_id from orders where id = @id and test_mode = 0
         and discount_use_taken = 0)
       returning code, uses, max_uses as maxUses`,
    ),
  );
  const markCodeUse = preparedOnce(db, 'orders: code use counted', () =>
    db.$client.prepare(
      'update orders set discount_use_taken = 1 where id = ? and test_mode = 0 and discount_code_id is not null',
    ),
  );
  // The connection itself (not drizzle's transaction handle) inside the transaction, so that the
  // mails are queued with statements prepared once for it.
  return db.transaction(() => {
    const changed = markPaid.run({
      id: orderId,
      paymentId,
      now: new Date(),
    }).changes;
    if (changed === 1) {
      // Edition numbers are given here, in order, by the one answer that marks the order paid.
      numberEditionCopies(db, orderId);
      const counted = countCodeUse.get({ id: orderId }) as
        | { code: string; uses: number; maxUses: number | null }
        | undefined;
      if (counted && counted.maxUses !== null && counted.uses > counted.maxUses) {
        getLog().error(
          `Order ${orderId} was paid with the code ${counted.code} after its last use was taken: it now shows ${counted.uses} uses of ${counted.maxUses}.`,
        );
      }
      markCodeUse.run(orderId);
      // The VAT invoice is numbered here, so a rollback of this transaction takes its number back.
      issueInvoice(db, orderId);
      queueOrderMails(db, orderId);
      // The order to the print lab, for its lines the lab makes, is written with the payment.
      queueLabOrder(db, orderId, new Date());
    }
    return changed === 1;
  });
}
