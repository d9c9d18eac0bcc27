// Before going live the owner clears the test orders from the Orders tab: the button shows while
// there are some, asks to confirm, and removes them; an order paid through PayPal stays.
import { expect, type Page, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const REAL_BUYER = `Ciara Real ${RUN}`;
const TEST_BUYER = { ...CUSTOMER, name: `Tomás Tester ${RUN}`, email: `tomas.${RUN}@example.ie` };

async function signInTo(page: Page, path: string) {
  await page.goto(`/api/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test('the owner clears test orders, and a real order stays', async ({ page, request, baseURL }) => {
  // A test-mode purchase through the checkout's endpoints, and a real paid order beside it.
  const photos = (await (await request.get('/api/photos')).json()) as { id: string }[];
  const variants = (await (await request.get(`/api/photos/${photos[0]?.id}/variants`)).json()) as {
    id: string;
  }[];
  const headers = { origin: baseURL ?? '' };
  const created = await request.post('/api/paypal/order', {
    headers,
    data: { lines: [{ variantId: variants[0]?.id, framing: null, quantity: 1 }], country: 'IE' },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const captured = await request.post(`/api/paypal/order/${id}/capture`, {
    headers,
    data: { customerData: TEST_BUYER, cartItems: [] },
  });
  expect(captured.status()).toBe(200);
  withSiteDb(DATA_DIR, (db) => makeOrder(db, { payment: 'paid', customerName: REAL_BUYER }));

  await signInTo(page, '/admin?tab=orders');
  const search = page.getByLabel('Search by customer e-mail or name');
  await search.fill(RUN);
  await expect(page.getByRole('cell', { name: TEST_BUYER.name })).toBeVisible();
  await expect(page.getByRole('cell', { name: REAL_BUYER })).toBeVisible();
  await expect(page.getByText(/test orders? \(made in test mode, no payment taken\)/)).toBeVisible();

  await page.screenshot({ path: 'test-results/test-orders-1280.png' });
  // On a phone the notice fits and its button is a full tap target.
  await page.setViewportSize({ width: 390, height: 844 });
  const button = page.getByRole('button', { name: 'Clear test orders' });
  expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/test-orders-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Declining the question changes nothing.
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByRole('button', { name: 'Clear test orders' }).click();
  await expect(page.getByRole('cell', { name: TEST_BUYER.name })).toBeVisible();

  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Clear test orders' }).click();
  await expect(
    page.getByText(/^Cleared \d+ test orders?\. Orders paid through PayPal were not touched\.$/),
  ).toBeVisible();
  expect(asked).toMatch(/Orders paid through PayPal are not touched/);
  await expect(page.getByRole('cell', { name: TEST_BUYER.name })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: REAL_BUYER })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear test orders' })).toHaveCount(0);
});
