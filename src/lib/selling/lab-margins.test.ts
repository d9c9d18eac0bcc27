// What each print the lab makes leaves the owner: price − VAT inside it − the lab's cost, with the
// lab's delivery beside it; a lab that cannot be asked says so for each product, never a guess.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProdigiClient } from '~/lib/lab/prodigi-client.server';
import { startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { createPriceList } from '~/lib/shop/price-lists.server';
import { labProducts } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFramings } from '~tests/helpers/factories';
import { labMargins as marginsView } from './lab-margins.server';

/** The margins under the default price list, of open prints. */
const labMargins = async (db: Db, lab: ProdigiClient | null, now: number) =>
  (await marginsView(db, lab, {}, now)).margins;

let fake: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let lab: ProdigiClient;
let db: Db;
let now = 0;

beforeAll(async () => {
  fake = await startProdigiFakeServer();
  lab = new ProdigiClient({ apiKey: fake.fake.apiKey, baseUrl: fake.url, timeoutMs: 2000 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.fake.down = false;
  // A new hour each test, so no answer is kept from the one before.
  now += 2 * 60 * 60 * 1000;
  db = memoryDb();
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
  db.insert(labProducts)
    .values([
      { size: 'large', finish: 'matte', framed: false, sku: 'GLOBAL-FAP-16X20' },
      {
        size: 'large',
        finish: 'gloss',
        framed: true,
        sku: 'GLOBAL-CAN-16X20',
        attributes: { wrap: 'Black' },
      },
    ])
    .run();
});

describe("the lab's prints' margins", () => {
  it('takes the VAT and the lab’s cost from the price, and shows the delivery the buyer pays', async () => {
    const margins = await labMargins(db, lab, now);
    expect(margins).toContainEqual({
      size: 'large',
      finish: 'matte',
      framed: false,
      sku: 'GLOBAL-FAP-16X20',
      // The default large print, €110.00, with 23% VAT inside (€20.57), made by the lab for €18.00.
      priceCents: 11000,
      vatCents: 2057,
      labCostCents: 1800,
      labDeliveryCents: 950,
      leftCents: 11000 - 2057 - 1800,
      problem: null,
    });
    // Framed: the frame's price is part of the price.
    expect(margins.find((m) => m.framed)).toMatchObject({ priceCents: 15000, labCostCents: 4200 });
  });

  it('asks the lab once an hour per product', async () => {
    const before = fake.fake.requests.length;
    await labMargins(db, lab, now);
    await labMargins(db, lab, now + 1000);
    expect(fake.fake.requests.length - before).toBe(2);
  });

  it('says the lab cannot price a product now, and shows no figure it does not have', async () => {
    fake.fake.down = true;
    const first = (await labMargins(db, lab, now)).find((m) => m.finish === 'matte');
    expect(first).toMatchObject({ labCostCents: null, leftCents: null, priceCents: 11000 });
    expect(first?.problem).toContain('could not price it just now');
    expect((await labMargins(db, null, now))[0]?.problem).toBe('No lab is set up.');
  });
});

describe('the margins under each price list', () => {
  const grid = (small: number, medium: number, large: number) => ({
    small: { matte: small, gloss: small },
    medium: { matte: medium, gloss: medium },
    large: { matte: large, gloss: large },
  });

  it('prices the lab’s prints by the list chosen, and its edition copies when it has edition prices', async () => {
    const gallery = createPriceList(db, {
      name: 'Gallery',
      prices: grid(9000, 14000, 20000),
      editionPercent: 200,
    });
    const open = await marginsView(db, lab, { listId: gallery.id }, now);
    expect(open.list).toEqual({ id: gallery.id, name: 'Gallery', editionPrices: true });
    expect(open.lists.map((l) => l.name)).toEqual(['Default', 'Gallery']);
    const matte = open.margins.find((m) => m.finish === 'matte');
    // €200 with 23% VAT inside (€37.40), made by the lab for €18.00.
    expect(matte).toMatchObject({ priceCents: 20000, vatCents: 3740, leftCents: 20000 - 3740 - 1800 });
    const copies = await marginsView(db, lab, { listId: gallery.id, edition: true }, now);
    expect(copies.edition).toBe(true);
    expect(copies.margins.find((m) => m.finish === 'matte')).toMatchObject({ priceCents: 40000 });
    // A list without edition prices sells copies at the open price, and says it is showing open prints.
    const plain = await marginsView(db, lab, { edition: true }, now);
    expect(plain).toMatchObject({ edition: false, list: { name: 'Default', editionPrices: false } });
  });

  it('answers 404 for a price list that does not exist', async () => {
    await expect(marginsView(db, lab, { listId: 'nope' }, now)).rejects.toMatchObject({ status: 404 });
  });
});
