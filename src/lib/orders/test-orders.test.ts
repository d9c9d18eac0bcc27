// Test orders and limited editions: a test order (test mode, no money taken) holds its copies only
// while its checkout is open and numbers none when "paid", so no certificate is made for it and the
// edition stays the owner's to change. The owner clears test orders with their items, held copies
// and unsent mails; real orders and their mails are never touched.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { capturePaypalOrder, createPaypalOrder } from '~/lib/checkout/place-order.server';
import { clearTestOrders, countTestOrders } from '~/lib/orders/test-orders.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { Db } from '~/lib/platform/server/db';
import { editionOf, numberedCopiesOf, setEditionSize } from '~/lib/shop/editions.server';
import { editionCopies, mailQueue, orderItems, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { paypalFake } from '~tests/helpers/paypal';

tempDataDir('test-orders');

let db: Db;
let client: PaypalClient;
let photoId: string;
let variantId: string;
beforeEach(() => {
  db = memoryDb();
  ({ client } = paypalFake());
  photoId = makePhoto(db, { title: 'Lough Dan', editionSize: 2 }).id;
  variantId = makeVariant(db, { photoId, size: 'small' }).id;
});

async function paidOrder(testMode: boolean, quantity = 2) {
  const made = await createPaypalOrder(
    db,
    client,
    { lines: [{ variantId, framing: null, quantity }], country: 'IE' },
    { testMode },
  );
  expect(await capturePaypalOrder(db, client, made.id, CUSTOMER)).toMatchObject({ paid: true });
  return made.orderId;
}
const copiesOf = (orderId: string) =>
  db.select().from(editionCopies).where(eq(editionCopies.orderId, orderId)).all();

describe('a test order of a limited edition', () => {
  it('numbers no copy, makes no certificate, and holds none once paid', async () => {
    const orderId = await paidOrder(true);
    expect(numberedCopiesOf(db, orderId)).toEqual([]);
    expect(copiesOf(orderId)).toEqual([]);
    expect(editionOf(db, photoId)).toMatchObject({ editionSize: 2, sold: 0, reserved: 0, left: 2 });
  });

  it('leaves the edition the owner’s to change', async () => {
    await paidOrder(true);
    expect(setEditionSize(db, photoId, 1)).toMatchObject({ editionSize: 1, left: 1 });
    expect(setEditionSize(db, photoId, null)).toMatchObject({ editionSize: null });
  });

  it('while a real order still numbers its copies', async () => {
    const orderId = await paidOrder(false);
    expect(numberedCopiesOf(db, orderId).map((c) => c.number)).toEqual([1, 2]);
  });
});

describe('clearing test orders', () => {
  it('removes test orders, their items, copies and unsent mails, and nothing of real orders', async () => {
    makePhoto(db, { id: 'p-open', title: 'Open' });
    const open = makeVariant(db, { photoId: 'p-open', size: 'small' }).id;
    const real = await paidOrder(false, 1);
    const test = await paidOrder(true, 1);
    // A test order still at the checkout, holding a copy.
    const started = await createPaypalOrder(
      db,
      client,
      {
        lines: [
          { variantId, framing: null, quantity: 1 },
          { variantId: open, framing: null, quantity: 1 },
        ],
        country: 'IE',
      },
      { testMode: true },
    );
    expect(copiesOf(started.orderId)).toHaveLength(1);
    // One of the test order's mails already went out: it stays as the record of what was sent.
    const mailsBefore = db.select().from(mailQueue).all();
    const sentTestMail = mailsBefore.find((m) => m.subject.startsWith('New test order'))!;
    db.update(mailQueue).set({ status: 'sent' }).where(eq(mailQueue.id, sentTestMail.id)).run();
    expect(countTestOrders(db)).toBe(2);

    expect(clearTestOrders(db)).toEqual({ orders: 2, mails: 1 });

    expect(db.select({ id: orders.id }).from(orders).all()).toEqual([{ id: real }]);
    expect(
      db
        .select()
        .from(orderItems)
        .all()
        .every((i) => i.orderId === real),
    ).toBe(true);
    expect(copiesOf(test)).toEqual([]);
    expect(copiesOf(started.orderId)).toEqual([]);
    expect(numberedCopiesOf(db, real)).toHaveLength(1);
    const left = db.select().from(mailQueue).all();
    expect(left.map((m) => m.subject).sort()).toEqual(
      [
        ...mailsBefore.filter((m) => !m.subject.includes('test order')).map((m) => m.subject),
        sentTestMail.subject,
      ].sort(),
    );
    expect(countTestOrders(db)).toBe(0);
    expect(clearTestOrders(db)).toEqual({ orders: 0, mails: 0 });
  });
});
