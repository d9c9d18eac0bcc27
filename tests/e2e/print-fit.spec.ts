// Only what prints well is sold, and the owner is told at once. A photo too small for every print
// size (below 150 ppi even at 8×12") is told as such in the add-photo dialog before saving, badged
// in the Photos tab with the file size each print size needs, and kept out of /shop, its list and
// /api/products; one that prints at two sizes is sold at once at only those two. The owner's order
// labels name the payment beside the fulfilment status: Paid, Refunded, Partly refunded.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { OWNER } from '../../playwright.config';
import { addPhoto, photoCard } from './add-photo';
import { seriousViolations } from './axe';

const RUN = Date.now().toString(36);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

async function signInTo(page: Page, tab: string) {
  await page.goto(`/api/login?next=${encodeURIComponent(`/admin?tab=${tab}`)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test('a photo too small to print is kept out of the shop with the owner told why', async ({ page }) => {
  test.setTimeout(120_000);
  const small = `Lough Dan small ${RUN}`;
  await signInTo(page, 'photos');
  await addPhoto(page, small, 1680, 1120, 'Not for sale as a print');
  const badge = photoCard(page, small);
  await expect(badge.getByText('Not in shop: too small to print')).toBeVisible();
  await expect(badge.getByTestId('print-fit-note')).toContainText(
    'Small (8×12″) needs 1800 × 1200 px, Medium (12×16″) needs 2400 × 1800 px and Large (16×20″) needs 3000 × 2400 px',
  );
  await expect(badge.getByRole('link', { name: `View: ${small}` })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/shop');
  await expect(page.getByText(/\d+ photos? found/)).toBeVisible();
  await expect(page.getByRole('heading', { name: small })).toHaveCount(0);
  const total = Number((await page.getByText(/\d+ photos? found/).textContent())?.match(/\d+/)?.[0]);
  const rows = (await (await page.request.get('/shop/data.json')).json()) as [string, string][];
  expect(rows.map((r) => r[1])).not.toContain(small);
  expect(rows).toHaveLength(total);
  await page.getByPlaceholder('Search photos...').fill('lough dan small');
  await expect(page.getByText('0 photos found')).toBeVisible();
  const products = (await (await page.request.get('/api/products')).json()) as { photo: { title: string } }[];
  expect(products.map((p) => p.photo.title)).not.toContain(small);
});

test('a photo that prints at two sizes is sold at once at only those two', async ({ page }) => {
  test.setTimeout(120_000);
  const two = `Lough Ouler ${RUN}`;
  await signInTo(page, 'photos');
  await addPhoto(page, two, 2400, 1800, 'Sold as Small (8×12″) and Medium (12×16″) prints.');
  await expect(
    photoCard(page, two).getByText('Not offered larger: Large (16×20″) needs 3000 × 2400 px'),
  ).toBeVisible();
  await expect(photoCard(page, two).getByText('Not in shop')).toHaveCount(0);

  await page.goto('/shop');
  await page.getByRole('button', { name: `Customise print: ${two}` }).click();
  const dialog = page.getByRole('dialog', { name: two });
  await expect(dialog.getByRole('radio', { name: /Small/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Medium/ })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Large/ })).toHaveCount(0);
  await expect(dialog.getByText(/16 × 20 in/)).toHaveCount(0);
  await dialog.getByRole('radio', { name: /Medium/ }).check();
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expect(dialog.getByTestId('total-price')).not.toHaveText('€0.00');
});

test('the owner sees each order’s payment beside its fulfilment status', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Labels ${RUN}`;
  const db = new Database(join(DATA_DIR, 'site.sqlite'));
  const now = Date.now();
  const insert = db.prepare(
    `insert into orders (id, customer_name, customer_email, total_amount_cents, status, payment_status,
       payment_provider, payment_id, refund_id, refund_status, refunded_amount_cents, created_at, updated_at)
     values (?, ?, 'labels@example.ie', 9000, ?, ?, 'paypal', ?, ?, ?, ?, ?, ?)`,
  );
  const orders = [
    ['paid', 'pending', 'completed', null, null],
    ['refunded', 'cancelled', 'cancelled', 'RFULL', 9000],
    ['partly', 'cancelled', 'cancelled', 'RPART', 3000],
  ] as const;
  orders.forEach(([id, status, payment, refund, amount], i) => {
    insert.run(
      `${RUN}-${id}-0000-0000`,
      `${name} ${id}`,
      status,
      payment,
      `CAP${RUN}${i}`.toUpperCase(),
      refund && `${refund}${RUN}`,
      refund && 'COMPLETED',
      amount,
      now + i,
      now + i,
    );
  });
  db.close();

  await signInTo(page, 'orders');
  await page.getByLabel('Search by customer e-mail or name').fill(name);
  await expect(page.getByText('Total orders: 3')).toBeVisible();
  const row = (id: string) => page.getByRole('row').filter({ hasText: `${name} ${id}` });
  const cell = (id: string, n: number) => row(id).getByRole('cell').nth(n);
  // Columns: Order, Customer, E-mail, Items, Total, Payment, Fulfilment, Date, Actions.
  await expect(page.getByRole('columnheader', { name: 'Payment' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Fulfilment' })).toBeVisible();
  await expect(cell('paid', 5)).toHaveText('Paid');
  await expect(cell('paid', 6)).toHaveText('pending');
  await expect(cell('refunded', 5)).toHaveText('Refunded');
  await expect(cell('partly', 5)).toHaveText('Partly refunded');
  for (const id of ['refunded', 'partly']) await expect(cell(id, 5)).not.toContainText(/cancel/i);

  await row('partly').getByRole('button', { name: /^View/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Order #/ });
  await expect(dialog.getByText('Partly refunded', { exact: true })).toBeVisible();
  await expect(dialog.getByText('€30.00 refunded', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await page.goto('/admin?tab=dashboard');
  const recent = page.getByRole('region', { name: 'Recent Orders' });
  const item = (id: string) => recent.getByRole('listitem').filter({ hasText: `${name} ${id}` });
  await expect(item('paid')).toContainText('Payment: Paid');
  await expect(item('paid')).toContainText('Fulfilment: pending');
  await expect(item('refunded')).toContainText('Payment: Refunded');
  await expect(item('partly')).toContainText('Payment: Partly refunded');
});
