// Visitor numbers without cookies, in the browser: a visitor opens a few pages and gets no cookie;
// the owner signs in and finds those pages and that print in the Dashboard's Visitors card, with its
// chart, at a phone's width and a desktop's.
import { expect, test } from '@playwright/test';
import { signInTo } from './sign-in';

const PRINT_PAGE = '/prints/lough-tay-at-first-light';

test('a visitor’s pages show in the owner’s Visitors card, and the visitor gets no cookie', async ({
  browser,
  page,
}) => {
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  for (const path of ['/', '/privacy', PRINT_PAGE]) {
    const res = await tab.goto(path);
    expect(res?.status()).toBe(200);
  }
  // On the print's page (the last one opened), the print goes into the cart: the page tells the server
  // with a beacon (which Playwright does not report as a request), seen below in the owner's funnel.
  const options = tab.getByRole('form', { name: 'Print options: Lough Tay at First Light' });
  const medium = options.locator('label').filter({ hasText: 'Medium' });
  await medium.getByRole('radio').click();
  await expect(medium.getByRole('radio')).toBeChecked();
  await options.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(options.getByRole('status')).toContainText('Added to cart');
  await tab.goto('/privacy');
  await expect(tab.getByRole('heading', { name: 'Visitor numbers, without cookies' })).toBeVisible();
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  await signInTo(page, '/admin');
  const card = page.getByRole('region', { name: 'Visitors' });
  await expect(card).toBeVisible();
  await expect(
    card.getByRole('img', { name: /Visitors and page views per day for the last 30 days/ }),
  ).toBeVisible();
  const pages = card.getByRole('list', { name: 'Top pages' });
  await expect(pages.getByText('/privacy', { exact: true })).toBeVisible();
  await expect(pages.getByText(PRINT_PAGE, { exact: true })).toBeVisible();
  await expect(
    card.getByRole('list', { name: 'Top prints' }).getByText('Lough Tay at First Light'),
  ).toBeVisible();
  await expect(card.getByRole('list', { name: 'Countries' }).getByText('Unknown')).toBeVisible();
  // The site's data is shared by the other specs of this run, which add prints to carts too: this
  // visitor's is among them, so at least one is counted.
  await expect(card.getByLabel('From print page to paid')).toContainText(/Added to cart[1-9]\d*/);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    // uPlot follows its box's width through a ResizeObserver: wait for the canvas to fit.
    await expect
      .poll(() => card.locator('canvas').evaluate((c, w) => c.getBoundingClientRect().width <= w, width))
      .toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await card.screenshot({ path: `test-results/visits-card-${width}.png` });
  }
});
