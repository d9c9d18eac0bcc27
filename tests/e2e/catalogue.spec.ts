// The owner's "Products the shop sells" in the browser: the owner opens Canvas, ticks 16 × 24 in,
// types its price in the default list and saves; the card says so and how many photos the canvas is
// offered for (at least the 3:2 photo made here). Matte, on sale, lists only its sizes on sale until
// the owner asks for all of them. The card fits 1280 and 390 px, axe clean. What
// the test makes it removes (the browser tests share one site).
import { expect, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { printPriceKey } from '~/lib/shop/default-price-list.server';
import { createVariantsForPhoto } from '~/lib/shop/products.server';
import { appMeta, catalogueOffers, photos, productVariants } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makePhoto } from '../helpers/factories';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const TITLE = `Glendalough canvas ${Date.now().toString(36)}`;
const SIZE = '16 × 24 in (41 × 61 cm)';

/** Takes canvas 16x24 back off the shop, with its price and variants, and the photo made here. */
function forget() {
  withSiteDb(DATA_DIR, (db) => {
    const canvas = (t: typeof catalogueOffers | typeof productVariants) =>
      and(eq(t.size, '16x24'), eq(t.finish, 'canvas'));
    db.delete(catalogueOffers).where(canvas(catalogueOffers)).run();
    db.delete(productVariants).where(canvas(productVariants)).run();
    db.delete(appMeta)
      .where(eq(appMeta.key, printPriceKey('16x24', 'canvas')))
      .run();
    db.delete(photos).where(eq(photos.title, TITLE)).run();
  });
}

test('the owner sells canvas 16 × 24 in and sees how many photos it is offered for', async ({ page }) => {
  test.setTimeout(90_000);
  forget();
  withSiteDb(DATA_DIR, (db) => {
    const photo = makePhoto(db, { title: TITLE, width: 6000, height: 4000 });
    createVariantsForPhoto(db, photo.id);
  });
  try {
    await signInTo(page, '/admin?tab=products');
    const card = page.getByRole('region', { name: 'Products the shop sells' });
    await expect(card.getByRole('checkbox', { name: /^Matte Small, 8 × 12 in/ })).toBeChecked();
    await expect(card.getByText(/^Offered for \d+ of \d+ photos\.$/).first()).toBeVisible();
    // A material on sale lists its sizes on sale; the rest of the catalogue is one press away.
    const matte16x24 = card.getByRole('checkbox', { name: `Matte ${SIZE}` });
    await expect(matte16x24).toHaveCount(0);
    await card.getByRole('button', { name: 'Show all 25 Matte sizes' }).click();
    await expect(matte16x24).not.toBeChecked();
    await card.getByRole('button', { name: 'Show only the Matte sizes on sale' }).click();
    await expect(matte16x24).toHaveCount(0);

    await card
      .locator('summary')
      .filter({ hasText: /^Canvas/ })
      .click();
    const tick = page.getByRole('checkbox', { name: `Canvas ${SIZE}` });
    await card.locator(tick).check();
    const row = card.getByRole('listitem').filter({ has: tick });
    await expect(row.getByText('Offered once saved.')).toBeVisible();
    await row.getByLabel(/^Price, default list/).fill('180');
    await card.getByRole('button', { name: 'Save products' }).click();

    await expect(page.getByText('Products saved')).toBeVisible();
    const offered = row.getByText(/^Offered for \d+ of \d+ photos\.$/);
    await expect(offered).toBeVisible();
    const [, n, of] = /(\d+) of (\d+)/.exec((await offered.textContent()) ?? '') ?? [];
    expect(Number(n)).toBeGreaterThanOrEqual(1);
    expect(Number(n)).toBeLessThanOrEqual(Number(of));
    await expect(row.getByLabel(/^Price, default list/)).toHaveValue('180');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await card.scrollIntoViewIfNeeded();
      await expectFits(page, `the Products tab with the products card at ${width} px`);
    }
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    forget();
  }
});
