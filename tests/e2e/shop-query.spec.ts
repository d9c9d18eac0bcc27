// The shop's search, category and sort live in /shop's address: a reload shows the same view, Back
// returns to the view before, and a shared address opens filtered. The filtering stays in the page.
// During a sale, a card the filter draws in the browser says the sale price and its "was" price in the
// words of the cards the server draws.
import { expect, type Page, test } from '@playwright/test';
import { priceHistory, priceSalePhotos, priceSales } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';

const DAY = 24 * 60 * 60 * 1000;
const SALE_LINE = 'Sale: from €40.50, was €45.00 (lowest price in the 30 days before the sale)';

const cardNames = (page: Page) =>
  page
    .getByRole('button', { name: /^Customise print: / })
    .evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute('aria-label')?.replace('Customise print: ', '')),
    );

test('search, category and sort are kept in the address, restored on reload and on Back', async ({
  page,
}) => {
  await page.goto('/shop');
  // Its script first: a choice made before it arrives is kept, but replaces the address's history
  // entry instead of adding one, and this test steps back through the entries.
  await expect(page.locator('html[data-enhanced]')).toBeAttached();
  const search = page.getByRole('searchbox', { name: 'Search photos' });
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  const category = page.getByRole('combobox', { name: 'Category' });
  const found = page.getByText(/^\d+ photos? found$/);
  const everything = await found.textContent();
  const newestFirst = await cardNames(page);

  await sort.selectOption('featured');
  await expect(page).toHaveURL(/\/shop\?sort=featured$/);
  await expect.poll(() => cardNames(page)).not.toEqual(newestFirst);
  const featuredFirst = await cardNames(page);

  await search.pressSequentially('lough tay');
  await expect(found).toHaveText('1 photo found');
  await expect(page).toHaveURL(/\/shop\?sort=featured&q=lough\+tay$/);

  // A reload shows the same view.
  await page.reload();
  await expect(search).toHaveValue('lough tay');
  await expect(sort).toHaveValue('featured');
  await expect(found).toHaveText('1 photo found');
  expect(await cardNames(page)).toEqual(['Lough Tay at First Light']);

  // Back leaves the search whole (not letter by letter), then the sort.
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?sort=featured$/);
  await expect(search).toHaveValue('');
  await expect(found).toHaveText(everything as string);
  await expect.poll(() => cardNames(page)).toEqual(featuredFirst);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(sort).toHaveValue('all');
  await expect.poll(() => cardNames(page)).toEqual(newestFirst);
  // Forward again.
  await page.goForward();
  await expect(sort).toHaveValue('featured');
  await expect.poll(() => cardNames(page)).toEqual(featuredFirst);

  // A shared address opens filtered, in a browser that has never seen the shop.
  await category.selectOption('coastal');
  await expect(page).toHaveURL(/\/shop\?sort=featured&category=coastal$/);
  const coastal = await cardNames(page);
  expect(coastal.length).toBeGreaterThan(0);
  const shared = page.url();
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no second page');
  await other.goto(shared);
  await expect(other.getByRole('combobox', { name: 'Category' })).toHaveValue('coastal');
  await expect(other.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
  await expect.poll(() => cardNames(other)).toEqual(coastal);
  await other.close();
});

test('the server sends the same /shop page whatever the view in its address', async ({ request }) => {
  const plain = await request.get('/shop');
  const viewed = await request.get('/shop?q=lough+tay&category=coastal&sort=featured');
  expect(viewed.status()).toBe(200);
  // The cards of the first page are all there: the view is applied in the browser, not the server.
  const cards = (html: string) => html.match(/data-print-card/g)?.length ?? 0;
  expect(cards(await viewed.text())).toBe(cards(await plain.text()));
  expect(cards(await plain.text())).toBeGreaterThan(1);
});

test.describe('during a sale', () => {
  let site: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startServer();
    withSiteDb(site.dataDir, (db) => {
      // The oldest print is the 25th, beyond the server's first page of 24 cards: only the filter,
      // from /shop/data.json, draws its card.
      for (const [id, title] of [
        ['p-tay', 'Lough Tay'],
        ...Array.from({ length: 24 }, (_, i) => [`p-${i}`, `Glen ${i}`]),
      ]) {
        makePhoto(db, { id, title });
        makeVariant(db, { photoId: id, size: 'small', finish: 'matte', priceCents: 4500 });
      }
      // 45.00 for the last 10 days, then 10% off two prints since yesterday.
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
      for (const photoId of ['p-tay', 'p-23'])
        db.insert(priceSalePhotos).values({ saleId: 's-winter', photoId }).run();
    });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('a card the filter draws says the sale and its "was" price as the server’s cards do', async ({
    page,
  }) => {
    await page.goto(`${site.url}/shop`);
    const card = (title: string) => page.getByRole('listitem').filter({ hasText: title });
    // Drawn by the server: the newest print.
    await expect(card('Glen 23').getByText(SALE_LINE)).toBeVisible();
    await expect(card('Lough Tay')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search photos' }).pressSequentially('lough tay');
    await expect(page.getByText('1 photo found')).toBeVisible();
    await expect(card('Lough Tay').getByText('€40.50', { exact: true })).toBeVisible();
    await expect(card('Lough Tay').getByText(SALE_LINE)).toBeVisible();
    // A print not on sale says its price alone.
    await page.getByRole('searchbox', { name: 'Search photos' }).fill('glen 0');
    await expect(card('Glen 0').getByText('€45.00', { exact: true })).toBeVisible();
    await expect(card('Glen 0').getByText(/lowest price in the 30 days/)).toHaveCount(0);
  });
});
