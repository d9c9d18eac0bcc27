// The lab's costs, asked of the lab (the Prodigi fake) and kept, price the lab's prints of the
// price lists that set a margin over them; a lab that cannot answer leaves costs and prices as they
// were, and says which products it could not price.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProdigiClient } from '~/lib/lab/prodigi-client.server';
import { startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { gridPrice } from '~/lib/shop/price-lists';
import {
  createPriceList,
  listPriceLists,
  setCollectionPriceLists,
  updateDefaultPriceList,
} from '~/lib/shop/price-lists.server';
import { createVariantsForPhoto } from '~/lib/shop/products.server';
import { labProducts, productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';
import { refreshLabCosts } from './lab-costs.server';

let fake: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let lab: ProdigiClient;
let db: Db;

beforeAll(async () => {
  fake = await startProdigiFakeServer();
  lab = new ProdigiClient({ apiKey: fake.fake.apiKey, baseUrl: fake.url, timeoutMs: 2000 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.fake.down = false;
  db = memoryDb();
  db.insert(labProducts)
    .values({ size: 'large', finish: 'matte', framed: false, sku: 'GLOBAL-FAP-16X20' })
    .run();
});

const grid = (small: number, medium: number, large: number) => ({
  small: { matte: small, gloss: small },
  medium: { matte: medium, gloss: medium },
  large: { matte: large, gloss: large },
});

function photo(category: 'coastal' | 'mountains') {
  const p = makePhoto(db, { category, width: 6000, height: 4000 });
  createVariantsForPhoto(db, p.id);
  return p.id;
}

const price = (photoId: string, size: string, finish: string) =>
  db
    .select()
    .from(productVariants)
    .where(eq(productVariants.photoId, photoId))
    .all()
    .find((v) => v.size === size && v.finish === finish)?.priceCents;

describe('prices from the lab’s costs', () => {
  it('keeps the lab’s cost and prices the lab’s prints of a list with a margin, and no others', async () => {
    const coast = photo('coastal');
    const hills = photo('mountains');
    const gallery = createPriceList(db, {
      name: 'Gallery',
      prices: grid(6000, 9000, 12000),
      editionPercent: 200,
      labMarkupPercent: 150,
    });
    setCollectionPriceLists(db, { coastal: gallery.id });
    // No cost known yet: the fixed price stands.
    expect(price(coast, 'large', 'matte')).toBe(12000);

    const refreshed = await refreshLabCosts(db, lab, new Date('2026-11-29T12:00:00Z'));
    expect(refreshed).toMatchObject({ checked: 1, failed: [], repriced: 1 });
    expect(db.select().from(labProducts).get()).toMatchObject({ costCents: 1800 });
    // €18.00 + 150% = €45; the owner's own prints and the default list keep their fixed prices.
    expect(price(coast, 'large', 'matte')).toBe(4500);
    expect(price(coast, 'large', 'gloss')).toBe(12000);
    expect(price(hills, 'large', 'matte')).toBe(11000);
    const view = listPriceLists(db).lists[0];
    expect(view).toMatchObject({ labMarkupPercent: 150, labPriced: ['large-matte'] });
    expect(view && gridPrice(view.fixedPrices, 'large', 'matte')).toBe(12000);
    expect(view && gridPrice(view.prices, 'large', 'matte')).toBe(4500);
    // Edition copies take the list's edition rule over the marked-up price.
    expect(view && gridPrice(view.editionPrices, 'large', 'matte')).toBe(9000);

    // The default list can price the lab's prints the same way.
    updateDefaultPriceList(db, {
      prices: grid(4500, 7500, 11000),
      editionPercent: null,
      labMarkupPercent: 200,
    });
    expect(price(hills, 'large', 'matte')).toBe(5400);
  });

  it('leaves costs and prices as they were when the lab cannot answer, naming the product', async () => {
    const coast = photo('coastal');
    updateDefaultPriceList(db, {
      prices: grid(4500, 7500, 11000),
      editionPercent: null,
      labMarkupPercent: 100,
    });
    await refreshLabCosts(db, lab);
    expect(price(coast, 'large', 'matte')).toBe(3600);
    fake.fake.down = true;
    const refreshed = await refreshLabCosts(db, lab);
    expect(refreshed).toMatchObject({ checked: 0, repriced: 0 });
    expect(refreshed.failed).toEqual([
      { sku: 'GLOBAL-FAP-16X20', reason: expect.stringContaining('unavailable') },
    ]);
    expect(db.select().from(labProducts).get()).toMatchObject({ costCents: 1800 });
    expect(price(coast, 'large', 'matte')).toBe(3600);
  });
});
