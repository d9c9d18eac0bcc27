// Limited editions over a real database: copies are held by the transaction that stores an order
// (across sizes and frames), a hold lapses after 30 minutes unpaid and is renewed at capture while
// copies remain, a sold-out edition is refused at creation and at capture (before PayPal is asked),
// numbers are given in order when orders are paid, and the owner's edition size follows its rules.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  capturePaypalOrder,
  createPaypalOrder,
  createPendingOrder,
  settleCapture,
} from '~/lib/checkout/place-order.server';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { CERTIFICATE_CODE_PATTERN, editionLine, RESERVATION_MS } from '~/lib/shop/editions';
import {
  assertEditionCopiesLeft,
  editionCaptureProblem,
  editionOf,
  editionStates,
  numberedCopiesOf,
  releaseEditionHolds,
  releaseLapsedHolds,
  setEditionSize,
} from '~/lib/shop/editions.server';
import { editionCopies, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeEditionCopy, makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { paypalFake } from '~tests/helpers/paypal';

// The order mails queued with a payment read the owner's address from a data directory's settings.
tempDataDir('editions');

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let photoId: string;
let small: string;
let large: string;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  photoId = makePhoto(db, { title: 'Lough Tay', editionSize: 5 }).id;
  small = makeVariant(db, { photoId, size: 'small' }).id;
  large = makeVariant(db, { photoId, size: 'large', finish: 'gloss' }).id;
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
});

const left = (at = new Date()) => editionStates(db, [photoId], at).get(photoId)?.left;
const line = (variantId: string, quantity = 1, framing: 'small' | 'large' | null = null) => ({
  variantId,
  framing,
  quantity,
});
/** Stores a pending order of these lines as the checkout does, holding its copies. */
const order = (lines: ReturnType<typeof line>[]) =>
  createPendingOrder(db, quoteCart(db, { lines, country: 'IE' }, new Date()));
const copiesOf = (orderId: string) =>
  db.select().from(editionCopies).where(eq(editionCopies.orderId, orderId)).all();

describe('holding copies', () => {
  it('holds the copies of an order across sizes and frames, and the shop counts them as taken', () => {
    expect(left()).toBe(5);
    const id = order([line(small, 2), line(large, 1, 'large')]);
    expect(copiesOf(id)).toHaveLength(3);
    expect(left()).toBe(2);
    expect(editionLine(editionOf(db, photoId) as never)).toBe('Limited edition of 5 · 2 left');
  });

  it('refuses an order for more copies than are left with a 409, and stores nothing of it', () => {
    order([line(small, 3)]);
    const before = db.select().from(orders).all().length;
    expect(() => order([line(large, 3)])).toThrow(
      expect.objectContaining({
        status: 409,
        message: 'Only 2 copies of “Lough Tay” are left. Please lower the quantity in your cart.',
      }),
    );
    order([line(large, 2)]);
    expect(() => order([line(small, 1)])).toThrow(
      expect.objectContaining({ status: 409, message: expect.stringMatching(/^“Lough Tay” is sold out/) }),
    );
    expect(db.select().from(orders).all().length).toBe(before + 1);
    expect(editionLine(editionOf(db, photoId) as never)).toBe('Limited edition of 5 · Sold out');
  });

  it('lets a hold lapse 30 minutes after the order, so the copies can be sold again', () => {
    const now = new Date();
    const first = makeEditionCopy(db, { photoId, reservedUntil: new Date(now.getTime() + RESERVATION_MS) });
    expect(left(now)).toBe(4);
    expect(left(new Date(now.getTime() + RESERVATION_MS - 1))).toBe(4);
    const later = new Date(now.getTime() + RESERVATION_MS);
    expect(left(later)).toBe(5);
    // Another buyer may take all five then; the lapsed hold is released by the sweep.
    expect(() => assertEditionCopiesLeft(db, [{ photoId, quantity: 5 }], later)).not.toThrow();
    expect(releaseLapsedHolds(db, later)).toBe(1);
    expect(db.select().from(editionCopies).where(eq(editionCopies.id, first.id)).get()).toBeUndefined();
  });

  it('checks before PayPal is asked to create the order, and asks PayPal nothing for a sold-out edition', async () => {
    order([line(small, 3)]);
    order([line(small, 2)]);
    await expect(
      createPaypalOrder(db, client, { lines: [line(small)], country: 'IE' }),
    ).rejects.toMatchObject({ status: 409 });
    expect(fake.orders.size).toBe(0);
  });
});

describe('capturing an edition', () => {
  /** An order started through PayPal, its hold moved `agoMs` into the past. */
  async function started(quantity = 1, lapsedMsAgo = 0) {
    const created = await createPaypalOrder(db, client, { lines: [line(small, quantity)], country: 'IE' });
    if (lapsedMsAgo) {
      db.update(editionCopies)
        .set({ reservedUntil: new Date(Date.now() - lapsedMsAgo) })
        .where(eq(editionCopies.orderId, created.orderId))
        .run();
    }
    return created;
  }

  it('renews a lapsed hold at capture while copies remain, and numbers the copy', async () => {
    const { id, orderId } = await started(1, 60_000);
    const before = Date.now();
    expect(editionCaptureProblem(db, orderId)).toBeNull();
    const [held] = copiesOf(orderId);
    expect(held?.reservedUntil.getTime()).toBeGreaterThanOrEqual(before + RESERVATION_MS);
    await capturePaypalOrder(db, client, id, CUSTOMER);
    expect(numberedCopiesOf(db, orderId)).toEqual([
      expect.objectContaining({
        number: 1,
        editionSize: 5,
        certificateCode: expect.stringMatching(CERTIFICATE_CODE_PATTERN),
      }),
    ]);
  });

  it('refuses the capture before PayPal is asked when the edition sold out while the hold had lapsed', async () => {
    const late = await started(1, 60_000);
    order([line(large, 3)]);
    order([line(large, 2)]);
    const captures = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;
    await expect(capturePaypalOrder(db, client, late.id, CUSTOMER)).rejects.toMatchObject({
      status: 409,
      message:
        '“Lough Tay” sold out while your payment was open, so no payment was taken. Please remove it from your cart.',
    });
    expect(captures()).toBe(0);
    // Its lapsed hold counts for nothing: no copy of it is live or numbered.
    expect(
      copiesOf(late.orderId).every((c) => c.number === null && c.reservedUntil.getTime() <= Date.now()),
    ).toBe(true);
    expect(db.select().from(orders).where(eq(orders.id, late.orderId)).get()?.paymentStatus).toBe('pending');
  });

  it('gives numbers in the order orders are paid, each once, with a certificate code of its own', async () => {
    const a = await started(2);
    const b = await started(1);
    const c = await started(1);
    for (const o of [b, a, c]) await capturePaypalOrder(db, client, o.id, CUSTOMER);
    const numbers = (o: { orderId: string }) => numberedCopiesOf(db, o.orderId).map((x) => x.number);
    expect(numbers(b)).toEqual([1]);
    expect(numbers(a)).toEqual([2, 3]);
    expect(numbers(c)).toEqual([4]);
    const codes = [a, b, c].flatMap((o) => numberedCopiesOf(db, o.orderId).map((x) => x.certificateCode));
    expect(new Set(codes).size).toBe(4);
    // Captured again: paid once, numbered once.
    await capturePaypalOrder(db, client, a.id, CUSTOMER);
    expect(numbers(a)).toEqual([2, 3]);
    expect(editionOf(db, photoId)).toMatchObject({ sold: 4, reserved: 0, left: 1 });
  });

  /** An order whose capture PayPal holds for review (PENDING), settled later by `settle`. */
  async function reviewed() {
    const held = await started(1);
    fake.captureBehaviour = 'pending';
    await capturePaypalOrder(db, client, held.id, CUSTOMER);
    const settle = async () => {
      fake.settlePendingCaptures();
      const stored = db.select().from(orders).where(eq(orders.id, held.orderId)).get();
      if (!stored) throw new Error('order missing');
      settleCapture(db, stored, await client.getOrder(held.id));
    };
    return { ...held, settle };
  }

  it('keeps a copy held while PayPal reviews its capture, past 30 minutes, and numbers it once paid', async () => {
    const held = await reviewed();
    const later = new Date(Date.now() + RESERVATION_MS + 60_000);
    // The money may still come: neither the sweep nor another buyer takes the copy.
    expect(releaseLapsedHolds(db, later)).toBe(0);
    expect(copiesOf(held.orderId)).toHaveLength(1);
    expect(editionOf(db, photoId, later)).toMatchObject({ reserved: 1, left: 4 });
    await held.settle();
    expect(numberedCopiesOf(db, held.orderId).map((x) => x.number)).toEqual([1]);
  });

  it('numbers a payment settled after its hold was given back, while the edition has room', async () => {
    const held = await reviewed();
    releaseEditionHolds(db, held.orderId);
    expect(copiesOf(held.orderId)).toHaveLength(0);
    await held.settle();
    expect(numberedCopiesOf(db, held.orderId).map((x) => x.number)).toEqual([1]);
  });
});

describe('the edition size', () => {
  it('takes 1 to 30 whole copies or null, and refuses anything else with a 400', () => {
    for (const bad of [0, 31, 2.5, -1]) {
      expect(() => setEditionSize(db, photoId, bad)).toThrow(expect.objectContaining({ status: 400 }));
    }
    expect(setEditionSize(db, photoId, 30)).toMatchObject({ editionSize: 30, left: 30 });
    expect(setEditionSize(db, photoId, 1)).toMatchObject({ editionSize: 1, left: 1 });
    expect(setEditionSize(db, photoId, null)).toEqual({
      editionSize: null,
      sold: 0,
      reserved: 0,
      left: null,
    });
    expect(() => setEditionSize(db, 'no-such-photo', 3)).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('cannot go below the copies sold, nor back to open once a copy is sold', () => {
    makeEditionCopy(db, { photoId, number: 1, soldAt: new Date(), certificateCode: 'a'.repeat(24) });
    makeEditionCopy(db, { photoId, number: 2, soldAt: new Date(), certificateCode: 'b'.repeat(24) });
    expect(() => setEditionSize(db, photoId, 1)).toThrow(
      expect.objectContaining({
        status: 409,
        message: expect.stringMatching(/2 copies .* cannot be smaller than 2/),
      }),
    );
    expect(() => setEditionSize(db, photoId, null)).toThrow(
      expect.objectContaining({
        status: 409,
        message: expect.stringMatching(/cannot become an open edition/),
      }),
    );
    expect(editionOf(db, photoId)).toMatchObject({ editionSize: 5, sold: 2 });
    expect(setEditionSize(db, photoId, 2)).toMatchObject({ editionSize: 2, sold: 2, left: 0 });
  });
});
