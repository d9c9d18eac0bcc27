// The shop's search, category and sort live in /shop's address: a reload shows the same view, Back
// returns to the view before, and a shared address opens filtered. The filtering stays in the page.
import { expect, type Page, test } from '@playwright/test';

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
