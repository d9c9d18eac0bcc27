// The Dashboard's "Exports for your accountant", at a desktop's 1280 px and a phone's 390 px: the
// period starts at the last quarter, the owner types other days, the VAT per country and rate of
// those days is on screen, and both download links answer their CSV. A period the wrong way round
// is refused in words, without links. Each screen is axe clean and fits its width. The orders are
// paid in February 2021 and sent to Luxembourg, days and a country no other browser test uses.
import { expect, test } from '@playwright/test';
import { inArray } from 'drizzle-orm';
import { orders } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

test.beforeAll(() => {
  withSiteDb(DATA_DIR, (db) => {
    // The same two orders on every run (the data folder is kept between runs).
    const ids = ['e2e-accountant-feb-a', 'e2e-accountant-feb-b'];
    db.delete(orders).where(inArray(orders.id, ids)).run();
    for (const [i, day] of ['2021-02-03', '2021-02-17'].entries())
      makeOrder(db, {
        id: ids[i],
        payment: 'paid',
        paidAt: new Date(`${day}T12:00:00Z`),
        createdAt: new Date(`${day}T11:50:00Z`), // not among the Dashboard's recent orders
        items: [{ priceCents: 4500, vatRateBp: 2300, vatCents: 841 }],
        shipCountry: 'LU',
        shippingCents: 800,
        shippingVatRateBp: 2300,
        shippingVatCents: 150,
        totalAmountCents: 5300,
      });
  });
});

for (const width of [1280, 390]) {
  test(`the owner picks days and downloads the accountant's exports (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await signInTo(page, '/admin');
    const card = page.getByRole('region', { name: 'Exports for your accountant' });
    await expect(card).toBeVisible();
    // The last quarter by default.
    await expect(card.getByLabel('From')).toHaveValue(/^\d{4}-(01|04|07|10)-01$/);

    await card.getByLabel('From').fill('2021-02-01');
    await card.getByLabel('To').fill('2021-02-28');
    const table = card.getByRole('table', { name: 'VAT by country and rate' });
    const luxembourg = table.getByRole('row', { name: /^Luxembourg/ });
    await expect(luxembourg).toContainText('23%');
    await expect(luxembourg).toContainText('€86.18'); // net of 2 × €53.00
    await expect(luxembourg).toContainText('€19.82');
    await expect(luxembourg).toContainText('€106.00');
    await card.scrollIntoViewIfNeeded();
    await expectFits(page, `the accountant's exports at ${width} px`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/accountant-exports-${width}.png`, fullPage: false });

    const orders = card.getByRole('link', { name: 'Download orders (CSV)' });
    const ordersCsv = await page.request.get((await orders.getAttribute('href')) ?? '');
    expect(ordersCsv.status()).toBe(200);
    expect(ordersCsv.headers()['content-disposition']).toBe(
      'attachment; filename="orders-2021-02-01-to-2021-02-28.csv"',
    );
    expect((await ordersCsv.text()).match(/\r\n2021-02-\d\d,#/g)?.length).toBeGreaterThanOrEqual(4);
    const byCountry = card.getByRole('link', { name: 'Download VAT by country (CSV)' });
    const countryCsv = await page.request.get((await byCountry.getAttribute('href')) ?? '');
    expect(countryCsv.status()).toBe(200);
    expect(await countryCsv.text()).toContain('Luxembourg,LU,23%,');

    // The wrong way round: said, and nothing to download.
    await card.getByLabel('From').fill('2021-03-01');
    await expect(card.getByRole('alert')).toHaveText('The start date must be on or before the end date.');
    await expect(orders).toHaveCount(0);
  });
}
