// Sales in the browser. A visitor, during a running sale, finds the sale price beside the lowest
// price of the 30 days before it on the shop's card, the print page and the print dialog. The owner
// plans a sale in the Discounts tab at a desktop's 1280 px and a phone's 390 px (axe clean, fits its
// width), sees it listed and deletes it again (the browser tests share one site; it starts in 2030,
// so no other test sees its prices).
import { expect, test } from '@playwright/test';
import { priceHistory, priceSalePhotos, priceSales } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DAY = 24 * 60 * 60 * 1000;
const SHOWN = '€40.50, was €45.00 (lowest price in the 30 days before the sale)';

test.describe('a visitor during a sale', () => {
  let site: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startServer();
    withSiteDb(site.dataDir, (db) => {
      makePhoto(db, { id: 'p-tay', title: 'Lough Tay' });
      makeVariant(db, { photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
      makeVariant(db, { photoId: 'p-tay', size: 'small', finish: 'gloss', priceCents: 5500 });
      makeFramings(db);
      // 45.00 for the last 10 days, then a sale of 10% since yesterday.
      db.update(priceHistory)
        .set({ fromAt: new Date(Date.now() - 10 * DAY) })
        .run();
      db.insert(priceSales)
        .values({
          id: 's-winter',
          name: 'Winter sale',
          percentOff: 10,
          startsAt: new Date(Date.now() - DAY),
          endsAt: new Date(Date.now() + DAY),
        })
        .run();
      db.insert(priceSalePhotos).values({ saleId: 's-winter', photoId: 'p-tay' }).run();
    });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  for (const width of [1280, 390]) {
    test(`finds the sale price beside the lowest price of the 30 days before it (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.goto(`${site.url}/shop`);
      const card = page.getByRole('listitem').filter({ hasText: 'Lough Tay' });
      await expect(card.getByText(`Sale: from ${SHOWN}`)).toBeVisible();

      await card.getByRole('button', { name: 'Customise print: Lough Tay' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(SHOWN)).toBeVisible();
      await expect(dialog.getByTestId('unit-price')).toHaveText('€40.50');

      await expectFits(page, `the print dialog during a sale at ${width} px`);

      await page.goto(`${site.url}/prints/lough-tay`);
      await expect(page.getByText(SHOWN)).toBeVisible();
      await expectFits(page, `the print page during a sale at ${width} px`);
    });
  }
});

for (const width of [1280, 390]) {
  test(`the owner plans a sale and deletes it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await signInTo(page, '/admin?tab=discounts');
    const name = `Spring sale ${width} ${Date.now().toString(36)}`;
    await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
    await page.getByLabel('Sale name', { exact: true }).fill(name);
    await page.getByLabel('Percentage off', { exact: true }).fill('15');
    await page.getByLabel('Starts (Irish time)').fill('2030-03-01T09:00');
    await page.getByLabel('Ends (Irish time)').fill('2030-02-01T09:00');
    await page.getByRole('button', { name: 'Save sale' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The sale must end after it starts.' }),
    ).toBeVisible();
    await page.getByLabel('Ends (Irish time)').fill('2030-03-08T09:00');
    await page.getByRole('button', { name: 'Save sale' }).click();
    const listed = page.getByRole('listitem').filter({ hasText: name });
    await expect(listed.getByText('15% off every print')).toBeVisible();
    await expect(listed.getByText('planned')).toBeVisible();
    await expectFits(page, `the Discounts tab with its sales at ${width} px`);
    expect(await seriousViolations(page)).toEqual([]);
    page.once('dialog', (d) => d.accept());
    await listed.getByRole('button', { name: new RegExp(`^Delete\\W+${name}$`) }).click();
    await expect(listed).toHaveCount(0);
  });
}
