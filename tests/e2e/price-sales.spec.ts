// Sales in the browser. A visitor, during a running sale, finds the sale price beside the lowest
// price of the 30 days before it on the shop's card, the print page and the print dialog. The owner
// plans a sale in the Discounts tab at a desktop's 1280 px and a phone's 390 px (axe clean, fits its
// width), sees it listed, edits it in the same form filled in, and deletes it again (the browser tests
// share one site; it starts in 2030, so no other test sees its prices). A running sale's edit keeps
// its start, percentage and prints; an ended sale has no Edit; neither has a Delete.
import { expect, test } from '@playwright/test';
import { eq, inArray } from 'drizzle-orm';
import { irishDateTimeText } from '~/lib/platform/shared/irish-dates';
import { photos, priceHistory, priceSalePhotos, priceSales } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DAY = 24 * 60 * 60 * 1000;
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
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

    // Edit: the same form, filled in; a refusal is said beside its field; the list shows the change.
    await listed.getByRole('button', { name: new RegExp(`^Edit\\W+${name}$`) }).click();
    await expect(page.getByRole('heading', { name: `Edit the sale “${name}”` })).toBeVisible();
    await expect(page.getByLabel('Sale name', { exact: true })).toHaveValue(name);
    await expect(page.getByLabel('Percentage off', { exact: true })).toHaveValue('15');
    await expect(page.getByLabel('Ends (Irish time)')).toHaveValue('2030-03-08T09:00');
    await page.getByLabel('Percentage off', { exact: true }).fill('95');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Percentage off', { exact: true })).toHaveAccessibleDescription(
      /The percentage off must be from 1 to 90\./,
    );
    await page.getByLabel('Percentage off', { exact: true }).fill('20');
    await page.getByLabel('Ends (Irish time)').fill('2030-03-15T09:00');
    await expectFits(page, `the sale's edit form at ${width} px`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(listed.getByText('20% off every print')).toBeVisible();
    await expect(listed.getByText(/15 Mar 2030/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save sale' })).toBeVisible();

    page.once('dialog', (d) => d.accept());
    await listed.getByRole('button', { name: new RegExp(`^Delete\\W+${name}$`) }).click();
    await expect(listed).toHaveCount(0);
  });
}

test('a running sale keeps its start and percentage, and an ended one cannot be edited', async ({ page }) => {
  // On a hidden print of this test alone, so no other test sees their prices; removed afterwards.
  const forget = () =>
    withSiteDb(DATA_DIR, (db) => {
      db.delete(priceSales)
        .where(inArray(priceSales.id, ['s-e2e-running', 's-e2e-ended']))
        .run();
      db.delete(photos).where(eq(photos.id, 'p-e2e-sale')).run();
    });
  forget();
  withSiteDb(DATA_DIR, (db) => {
    makePhoto(db, { id: 'p-e2e-sale', title: 'Sale test print', isActive: false });
    const now = Date.now();
    db.insert(priceSales)
      .values([
        {
          id: 's-e2e-running',
          name: 'Running sale',
          percentOff: 10,
          startsAt: new Date(now - DAY),
          endsAt: new Date(now + DAY),
        },
        {
          id: 's-e2e-ended',
          name: 'Ended sale',
          percentOff: 10,
          startsAt: new Date(now - 3 * DAY),
          endsAt: new Date(now - 2 * DAY),
        },
      ])
      .run();
    db.insert(priceSalePhotos)
      .values([
        { saleId: 's-e2e-running', photoId: 'p-e2e-sale' },
        { saleId: 's-e2e-ended', photoId: 'p-e2e-sale' },
      ])
      .run();
  });
  try {
    await signInTo(page, '/admin?tab=discounts');
    const sale = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const ended = sale('Ended sale');
    await expect(ended.getByText('This sale has ended, so it can no longer be changed.')).toBeVisible();
    await expect(ended.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    // A sale that has begun is the record of what prints sold at: it cannot be deleted.
    await expect(ended.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    const running = sale('Running sale');
    await expect(running.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await running.getByRole('button', { name: /^Edit\W+Running sale$/ }).click();
    await expect(page.getByText(/This sale is running: only its end can change/)).toBeVisible();
    const prints = page.getByRole('group', { name: 'Prints' }).getByRole('checkbox');
    expect(await prints.count()).toBeGreaterThan(1);
    for (const print of await prints.all()) await expect(print).toBeDisabled();
    await expect(page.getByLabel('Percentage off', { exact: true })).not.toBeEditable();
    await expect(page.getByLabel('Starts (Irish time)')).not.toBeEditable();
    await page.getByLabel('Ends (Irish time)').fill('2020-01-01T09:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Ends (Irish time)')).toHaveAccessibleDescription(
      /The sale must end after it starts\./,
    );
    const later = irishDateTimeText(new Date(Date.now() + 5 * DAY));
    await page.getByLabel('Ends (Irish time)').fill(later);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('button', { name: 'Save sale' })).toBeVisible();
    await expect(running.getByText('running', { exact: true })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await running.getByRole('button', { name: /^Edit\W+Running sale$/ }).click();
      await page.getByRole('heading', { name: 'Edit the sale “Running sale”' }).scrollIntoViewIfNeeded();
      await expectFits(page, `a running sale's edit form at ${width} px`);
      // For a person to look at: the form with its prints held.
      await page
        .getByRole('form', { name: 'Edit the sale “Running sale”' })
        .screenshot({ path: `test-results/running-sale-${width}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
    const stored = withSiteDb(DATA_DIR, (db) =>
      db.select().from(priceSales).where(eq(priceSales.id, 's-e2e-running')).get(),
    );
    expect(irishDateTimeText(stored?.endsAt as Date)).toBe(later);
  } finally {
    forget();
  }
});
