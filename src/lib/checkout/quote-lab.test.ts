// The checkout's quote of prints the print lab makes: the lab's delivery charge, asked of the lab
// (a local double of Prodigi's API) once for all the cart's lab prints and kept for an hour, beside
// the owner's shipping for the owner's prints; a lab that cannot be asked refuses the lab's prints
// rather than guessing; and an order made from the quote keeps who makes each line.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderBreakdown } from '~/lib/checkout/order-breakdown';
import { LAB_PARCEL_TEXT, orderMailTexts } from '~/lib/checkout/order-mail.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { createPendingOrder } from '~/lib/checkout/place-order.server';
import { LAB_CANNOT_PRICE, quoteAnswer, quoteCartWithLab } from '~/lib/checkout/quote-cart.server';
import { quoteSchema } from '~/lib/checkout/schemas';
import { forgetLabQuotes } from '~/lib/lab/lab-quotes.server';
import { ProdigiClient } from '~/lib/lab/prodigi-client.server';
import { startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { labProducts, labSettings, orderItems, orders } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';

const NOW = new Date('2026-11-29T12:00:00Z');
let fake: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let lab: ProdigiClient;
let db: Db;
let fineArt: string;
let mine: string;
let canvas: string;

beforeAll(async () => {
  fake = await startProdigiFakeServer();
  lab = new ProdigiClient({ apiKey: fake.fake.apiKey, baseUrl: fake.url, timeoutMs: 2000 });
});
afterAll(() => fake.stop());

beforeEach(() => {
  forgetLabQuotes();
  fake.fake.requests.length = 0;
  fake.fake.down = false;
  db = memoryDb();
  const photo = makePhoto(db, { title: 'Lough Tay', width: 6000, height: 4000 }).id;
  fineArt = makeVariant(db, { photoId: photo, size: 'large', finish: 'matte', priceCents: 11000 }).id;
  mine = makeVariant(db, { photoId: photo, size: 'small', finish: 'matte', priceCents: 4500 }).id;
  canvas = makeVariant(db, { photoId: photo, size: 'large', finish: 'gloss', priceCents: 15000 }).id;
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
  db.insert(labProducts)
    .values([
      { size: 'large', finish: 'matte', framed: false, sku: 'GLOBAL-FAP-16X20' },
      {
        size: 'large',
        finish: 'gloss',
        framed: false,
        sku: 'GLOBAL-CAN-16X20',
        attributes: { wrap: 'ImageWrap' },
        description: 'Standard canvas on quality stretcher bar, 16x20"',
      },
    ])
    .run();
});

const line = (variantId: string, quantity = 1) => ({ variantId, framing: null, quantity });
const quotes = () => fake.fake.requests.filter((r) => r.path.endsWith('/quotes'));
const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    return err as { status: number; message: string; extra?: { field?: string } };
  }
  throw new Error('the quote was not refused');
};

describe('quoting prints the lab makes', () => {
  it("charges the lab's delivery beside the owner's shipping, and says who sends what", async () => {
    const cart = await quoteCartWithLab(db, { lines: [line(fineArt), line(mine)], country: 'DE' }, NOW, lab);
    const answer = quoteAnswer(cart);
    // The owner's shipping to the EU for one print (€15), and the lab's Standard delivery (€9.50).
    expect(answer.shippingParts).toEqual([
      { by: 'owner', amount: '15.00' },
      {
        by: 'lab',
        amount: '9.50',
        method: 'Standard',
        madeIn: ['NL'],
        madeInWords: ['the Netherlands'],
        options: [{ method: 'Standard', amount: '9.50' }],
      },
    ]);
    expect(answer).toMatchObject({ itemTotal: '155.00', shipping: '24.50', total: '179.50' });
    expect(answer.lines.map((l) => l.madeBy)).toEqual(['lab', 'owner']);
    const asked = quotes()[0]?.body as { destinationCountryCode: string; items: { sku: string }[] };
    expect(asked.destinationCountryCode).toBe('DE');
    expect(asked.items.map((i) => i.sku)).toEqual(['GLOBAL-FAP-16X20']);
  });

  it("asks the lab once for all the cart's lab prints, and not again within the hour", async () => {
    const lines = [line(fineArt, 2), line(canvas)];
    const first = quoteAnswer(await quoteCartWithLab(db, { lines, country: 'IE' }, NOW, lab));
    // Only lab prints: no shipping of the owner's; the lab's €9.50 and €1.50 for each further copy.
    expect(first.shippingParts).toEqual([
      {
        by: 'lab',
        amount: '12.50',
        method: 'Standard',
        madeIn: ['NL'],
        madeInWords: ['the Netherlands'],
        options: [{ method: 'Standard', amount: '12.50' }],
      },
    ]);
    const again = quoteAnswer(await quoteCartWithLab(db, { lines, country: 'IE' }, NOW, lab));
    expect(again).toEqual(first);
    expect(quotes()).toHaveLength(1);
    const asked = quotes()[0]?.body as { items: { sku: string; copies: number; attributes: object }[] };
    expect(asked.items).toEqual([
      expect.objectContaining({ sku: 'GLOBAL-FAP-16X20', copies: 2 }),
      expect.objectContaining({ sku: 'GLOBAL-CAN-16X20', copies: 1, attributes: { wrap: 'ImageWrap' } }),
    ]);
  });

  it('quotes with the delivery speed the owner chose', async () => {
    db.insert(labSettings)
      .values({ id: 1, shippingMethod: 'Express', offeredMethods: ['Express'] })
      .run();
    const answer = quoteAnswer(
      await quoteCartWithLab(db, { lines: [line(fineArt)], country: 'FR' }, NOW, lab),
    );
    expect(answer.shippingParts).toEqual([
      {
        by: 'lab',
        amount: '19.00',
        method: 'Express',
        madeIn: ['NL'],
        madeInWords: ['the Netherlands'],
        options: [{ method: 'Express', amount: '19.00' }],
      },
    ]);
    expect(quotes()[0]?.body).toMatchObject({ shippingMethod: 'Express' });
  });

  it('lets the buyer choose among the speeds offered, priced by the lab in one call', async () => {
    db.insert(labSettings)
      .values({ id: 1, shippingMethod: 'Standard', offeredMethods: ['Budget', 'Standard', 'Express'] })
      .run();
    const lines = [line(fineArt), line(mine)];
    const first = quoteAnswer(await quoteCartWithLab(db, { lines, country: 'DE' }, NOW, lab));
    expect(first.shippingParts[1]).toEqual({
      by: 'lab',
      amount: '9.50',
      method: 'Standard',
      madeIn: ['NL'],
      madeInWords: ['the Netherlands'],
      options: [
        { method: 'Budget', amount: '6.50' },
        { method: 'Standard', amount: '9.50' },
        { method: 'Express', amount: '19.00' },
      ],
    });
    const express = await quoteCartWithLab(
      db,
      { lines, country: 'DE', labShippingMethod: 'Express' },
      NOW,
      lab,
    );
    expect(quoteAnswer(express)).toMatchObject({ shipping: '34.00', total: '189.00' });
    // One call priced every speed: no speed named in it, and none asked again for another speed.
    expect(quotes()).toHaveLength(1);
    expect(quotes()[0]?.body).not.toHaveProperty('shippingMethod');
    const id = createPendingOrder(db, express);
    expect(db.select().from(orders).where(eq(orders.id, id)).get()).toMatchObject({
      labShippingCents: 1900,
      labShippingMethod: 'Express',
    });
  });

  it('takes only a known speed name from the browser, with a sentence for anything else', () => {
    const body = { lines: [line(fineArt)], country: 'de' };
    expect(quoteSchema.parse({ ...body, labShippingMethod: 'Express' }).labShippingMethod).toBe('Express');
    expect(quoteSchema.parse(body).labShippingMethod).toBeUndefined();
    const wrong = quoteSchema.safeParse({ ...body, labShippingMethod: 'Teleport' });
    expect(wrong.error?.issues[0]?.message).toBe(
      "Choose the print lab's delivery speed: one of Budget, Standard, Express, Overnight.",
    );
  });

  it('refuses a speed not offered, or one the lab does not deliver by there, on its own field', async () => {
    const lines = [line(fineArt)];
    const notOffered = await refusal(
      quoteCartWithLab(db, { lines, country: 'DE', labShippingMethod: 'Overnight' }, NOW, lab),
    );
    expect(notOffered).toMatchObject({ status: 422, extra: { field: 'labShippingMethod' } });
    expect(notOffered.message).toBe(
      "Overnight delivery is not offered for the print lab's prints. Please choose Standard delivery.",
    );
    db.insert(labSettings)
      .values({ id: 1, shippingMethod: 'Standard', offeredMethods: ['Standard', 'Overnight'] })
      .run();
    const us = quoteAnswer(await quoteCartWithLab(db, { lines, country: 'US' }, NOW, lab));
    expect(us.shippingParts[0]).toMatchObject({ options: [{ method: 'Standard', amount: '9.50' }] });
    const far = await refusal(
      quoteCartWithLab(db, { lines, country: 'US', labShippingMethod: 'Overnight' }, NOW, lab),
    );
    expect(far).toMatchObject({ status: 422, extra: { field: 'labShippingMethod' } });
    expect(far.message).toBe(
      'Our print lab does not deliver to the United States by Overnight delivery. Please choose Standard delivery.',
    );
  });

  it('refuses the lab prints, with a reason, when the lab is down, and asks again next time', async () => {
    fake.fake.down = true;
    const err = await refusal(quoteCartWithLab(db, { lines: [line(fineArt)], country: 'IE' }, NOW, lab));
    expect(err).toMatchObject({ status: 503, message: LAB_CANNOT_PRICE });
    fake.fake.down = false;
    const answer = quoteAnswer(
      await quoteCartWithLab(db, { lines: [line(fineArt)], country: 'IE' }, NOW, lab),
    );
    expect(answer.shipping).toBe('9.50');
  });

  it('refuses the lab prints when the site has no lab, but quotes the owner prints as before', async () => {
    const err = await refusal(quoteCartWithLab(db, { lines: [line(fineArt)], country: 'IE' }, NOW, null));
    expect(err).toMatchObject({ status: 503, message: LAB_CANNOT_PRICE });
    const answer = quoteAnswer(await quoteCartWithLab(db, { lines: [line(mine)], country: 'IE' }, NOW, null));
    expect(answer).toMatchObject({ shipping: '8.00', shippingParts: [{ by: 'owner', amount: '8.00' }] });
  });

  it('refuses a country the lab does not deliver to, on the country field', async () => {
    const err = await refusal(quoteCartWithLab(db, { lines: [line(fineArt)], country: 'JP' }, NOW, lab));
    expect(err).toMatchObject({ status: 422, extra: { field: 'country' } });
    expect(err.message).toContain('cannot deliver them to Japan');
  });

  it('keeps who makes each line, and the lab delivery, on the order made from the quote', async () => {
    const cart = await quoteCartWithLab(db, { lines: [line(canvas), line(mine)], country: 'DE' }, NOW, lab);
    const id = createPendingOrder(db, cart);
    expect(db.select().from(orders).where(eq(orders.id, id)).get()).toMatchObject({
      shippingCents: 2450,
      labShippingCents: 950,
      labShippingMethod: 'Standard',
      totalAmountCents: 15000 + 4500 + 2450,
    });
    const items = db.select().from(orderItems).where(eq(orderItems.orderId, id)).all();
    const bySku = Object.fromEntries(items.map((i) => [i.labSku ?? 'mine', i]));
    expect(bySku['GLOBAL-CAN-16X20']?.description).toBe(
      'Lough Tay, large (16x20 inches) gloss — Standard canvas on quality stretcher bar, 16x20"',
    );
    expect(bySku['GLOBAL-CAN-16X20']).toMatchObject({
      labAttributes: { wrap: 'ImageWrap' },
      labSizing: 'fillPrintArea',
    });
    expect(bySku.mine).toMatchObject({ labSku: null, labAttributes: null, labSizing: null });
  });

  it("names the lab's delivery and the lab's prints on every surface after the checkout", async () => {
    const mixed = createPendingOrder(
      db,
      await quoteCartWithLab(db, { lines: [line(canvas), line(mine)], country: 'DE' }, NOW, lab),
    );
    const order = getOrderWithItems(db, mixed);
    if (!order) throw new Error('no order');
    expect(orderBreakdown(order).filter((r) => r.kind === 'shipping')).toEqual([
      {
        kind: 'shipping',
        label: 'Shipping of our own prints to European Union and Northern Ireland',
        cents: 1500,
      },
      { kind: 'shipping', label: "Print lab's delivery", cents: 950 },
    ]);
    const { customer, owner } = orderMailTexts(order, 'Wicklow Light');
    expect(customer).toContain('(made and sent by our print lab): €150.00 each');
    expect(customer).toContain(LAB_PARCEL_TEXT);
    expect(owner).toContain('go to the lab by themselves');
    // Only the lab's prints: no row of the owner's shipping.
    const labOnly = getOrderWithItems(
      db,
      createPendingOrder(db, await quoteCartWithLab(db, { lines: [line(fineArt)], country: 'IE' }, NOW, lab)),
    );
    if (!labOnly) throw new Error('no order');
    expect(orderBreakdown(labOnly).filter((r) => r.kind === 'shipping')).toEqual([
      { kind: 'shipping', label: "Print lab's delivery", cents: 950 },
    ]);
    // An order the owner makes whole reads as before.
    const mine_ = getOrderWithItems(
      db,
      createPendingOrder(db, await quoteCartWithLab(db, { lines: [line(mine)], country: 'IE' }, NOW, lab)),
    );
    if (!mine_) throw new Error('no order');
    expect(orderBreakdown(mine_).filter((r) => r.kind === 'shipping')).toEqual([
      { kind: 'shipping', label: 'Shipping to Ireland', cents: 800 },
    ]);
    expect(orderMailTexts(mine_, 'Wicklow Light').customer).not.toContain(LAB_PARCEL_TEXT);
  });
});
