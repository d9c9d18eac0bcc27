// The page of a print as a visitor reaches it: from the home gallery's full-screen viewer ("Buy a
// print"), and from a shop card. There a size is chosen, the price follows the choice at the server's
// prices, and Add to Cart fills the cart that the nav's badge counts.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe';

/** A price as the page writes it ("€75.00") in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

async function chooseAndAdd(page: Page, title: string) {
  const options = page.getByRole('form', { name: `Print options: ${title}` });
  const medium = options.locator('label').filter({ hasText: 'Medium' });
  // A click, not check(): a click made before the page's scripts have run is held and replayed once
  // they have, so the radio is checked a moment later, as the visitor sees it.
  await medium.getByRole('radio').click();
  await expect(medium.getByRole('radio')).toBeChecked();
  // The size's own price, shown in its label, is the price per print; two of them make the total.
  const price = /€[\d,.]+/.exec((await medium.textContent()) ?? '')?.[0] ?? 'no price';
  await options.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(options.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  const summary = options.locator('dl');
  await expect(summary).toContainText(`Price per print ${price}`);
  const total = cents(price) * 2;
  await expect(summary).toContainText(`Total €${(total / 100).toFixed(2)}`);
  await options.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(options.getByRole('status')).toHaveText(`Added to cart: 2 × ${title}, medium matte.`);
  return total;
}

test('from the viewer on / to the print page: choose a size, add to cart, the badge counts the prints', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .locator('#gallery')
    .getByRole('button', { name: /full screen$/ })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  const title = (await viewer.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await viewer.getByRole('link', { name: 'Buy a print' }).click();

  await expect(page).toHaveURL(/\/prints\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title}: Fine-Art Print | Wicklow Light Photography`);
  await expect(page.getByRole('table')).toContainText('ppi');
  expect(await seriousViolations(page)).toEqual([]);

  const total = await chooseAndAdd(page, title);
  const cart = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart, 2 items');

  // The cart holds the line at the page's price, and the checkout shows it.
  await page.goto('/checkout');
  await expect(page.getByText(title).first()).toBeVisible();
  // The summary's line is the page's price; the total waits for a country (shipping depends on it).
  await expect(page.getByRole('listitem').filter({ hasText: `× ${title}` })).toContainText(
    `€${(total / 100).toFixed(2)}`,
  );
});

test('a shop card links to its print page with "Buy a print"', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('link', { name: 'Buy a print: Lough Tay at First Light' }).click();
  await expect(page).toHaveURL(/\/prints\/lough-tay-at-first-light$/);
  // The click went to the page, not to the card's print dialog.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await chooseAndAdd(page, 'Lough Tay at First Light');
  const cart = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart, 2 items');
});

test('a card the shop makes in the browser links to its print page too', async ({ page }) => {
  // The list under ids the page has no card for: the filter builds every card it shows from its template.
  await page.route('**/shop/data.json', async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as unknown[][];
    await route.fulfill({ response, json: rows.map(([id, ...rest]) => [`${id}-made`, ...rest]) });
  });
  await page.goto('/shop');
  await page.getByPlaceholder('Search photos...').fill('lough tay');
  await expect(page.getByText('1 photo found')).toBeVisible();
  const link = page.getByRole('link', { name: 'Buy a print: Lough Tay at First Light' });
  await expect(link).toHaveAttribute('href', '/prints/lough-tay-at-first-light');
  const cardId = await link.evaluate((a) => a.closest<HTMLElement>('[data-print-card]')?.dataset.photoId);
  expect(cardId).toMatch(/-made$/);
  await link.click();
  await expect(page).toHaveURL(/\/prints\/lough-tay-at-first-light$/);
});
