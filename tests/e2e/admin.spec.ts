// The owner runs the business from /admin: the figures after a test-mode purchase (a test order,
// shown as one), finding the order, shipping it with a tracking number, refunding it, prices and
// 'No Changes', payments, enquiries, the same tabs on a phone, the test-mode banner and axe on every
// tab, an order's packing slip on paper, and the weekly sales chart of paid orders (loaded by the
// Dashboard alone), a mail that could not be delivered, shown on the Dashboard and sent again, and
// the invoice of an order paid before invoices were issued, issued from its dialog. What it changes it puts back (prices), or makes for itself (its
// own orders, enquiry and mail), so the other tests see the seed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { mailQueue } from '~db/schema';
import { OWNER } from '../../playwright.config';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
// A name of this run's own, so that a retry on the same data finds one order, not two.
const RUN = Date.now().toString(36);
const BUYER = { ...CUSTOMER, name: `Niamh Kelly ${RUN}`, email: `niamh.${RUN}@example.ie` };
const SLIP_BUYER = {
  ...CUSTOMER,
  name: `Eoin Packer ${RUN}`,
  email: `eoin.${RUN}@example.ie`,
  street: '7 Harbour View',
};

async function signInTo(page: Page, path: string) {
  await page.goto(`/api/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // The island has hydrated once Astro has taken its server-rendered marker away.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** A test-mode purchase of one small matte print, through the same requests the checkout makes. */
async function buyOnePrint(request: APIRequestContext, baseURL: string, buyer = BUYER) {
  const photos = (await (await request.get('/api/photos')).json()) as { id: string }[];
  const variants = (await (await request.get(`/api/photos/${photos[0]?.id}/variants`)).json()) as {
    id: string;
    size: string;
    finish: string;
  }[];
  const variant = variants.find((v) => v.size === 'small' && v.finish === 'matte');
  const headers = { origin: baseURL };
  const created = await request.post('/api/paypal/order', {
    headers,
    data: { lines: [{ variantId: variant?.id, framing: null, quantity: 1 }], country: 'IE' },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const captured = await request.post(`/api/paypal/order/${id}/capture`, {
    headers,
    data: { customerData: buyer, cartItems: [] },
  });
  expect(captured.status()).toBe(200);
}

const outbox = () => {
  try {
    const dir = join(DATA_DIR, 'outbox');
    return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};

test('the owner finds a new order, ships it with a tracking number, then refunds it', async ({
  page,
  request,
  baseURL,
}) => {
  await buyOnePrint(request, baseURL as string);
  page.on('dialog', (d) => void d.accept());
  await signInTo(page, '/admin');
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  const recent = page.getByRole('region', { name: 'Recent Orders' }).getByRole('listitem');
  await expect(recent.filter({ hasText: BUYER.name })).toContainText('Test order — no payment taken');

  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/tab=orders/);
  await page.getByLabel('Search by customer e-mail or name').fill(BUYER.name.toLowerCase());
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await expect(page.locator('table').getByText('Test order — no payment taken')).toBeVisible();
  await page.getByRole('button', { name: /^View/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Order #/ });
  await expect(dialog.getByText(BUYER.name)).toBeVisible();
  await expect(dialog.getByText('Test order — no payment taken')).toBeVisible();
  await expect(dialog.getByText('paid', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Items' })).toBeVisible();
  await expect(dialog.locator('img').first()).toHaveAttribute('src', /\/media\/|\.jpg/);

  await dialog.getByLabel('New status').selectOption('shipped');
  await dialog.getByLabel('Carrier (optional)').fill('An Post');
  await dialog.getByLabel('Tracking number (optional)').fill('RX123456789IE');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('Order status updated successfully')).toBeVisible();
  await expect(dialog.getByText('shipped').first()).toBeVisible();
  await expect(dialog.getByText('An Post, RX123456789IE')).toBeVisible();
  await expect.poll(() => outbox().some((m) => m.includes('RX123456789IE'))).toBe(true);

  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByText('Order refunded')).toBeVisible();
  await expect(dialog.getByText(/^Refund$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('table').getByText('cancelled', { exact: true })).toBeVisible();
});

test('prices: a saved change, then No Changes, then the old prices back', async ({ page }) => {
  await signInTo(page, '/admin?tab=products');
  const pricing = page.getByRole('form', { name: 'Print Sizes & Pricing' });
  const smallMatte = pricing
    .getByRole('group', { name: 'Matte', exact: true })
    .getByLabel(/^Small, 8 × 12 in/);
  await expect(smallMatte).not.toHaveValue('');
  const before = await smallMatte.inputValue();
  await page.getByRole('button', { name: 'Save All Pricing Changes' }).click();
  await expect(page.getByText('No Changes')).toBeVisible();
  await smallMatte.fill('47.50');
  await page.getByRole('button', { name: 'Save All Pricing Changes' }).click();
  await expect(page.getByText('Pricing updated successfully')).toBeVisible();
  const variants = await page.request.get('/api/product-variants');
  expect(JSON.stringify(await variants.json())).toContain('47.5');
  await smallMatte.fill(before);
  await page.getByRole('button', { name: 'Save All Pricing Changes' }).click();
  await expect(page.getByText('Pricing updated successfully').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Print fit' })).toBeVisible();
});

test('payments say test mode, and an enquiry is read and marked handled', async ({
  page,
  request,
  baseURL,
}) => {
  const sent = await request.post('/api/contact', {
    headers: { origin: baseURL as string },
    data: {
      firstName: 'Cathal',
      lastName: 'Admin-Test',
      email: 'cathal@example.ie',
      serviceInterest: 'prints',
      message: 'Could I have Lough Tay printed at 30x40?',
    },
  });
  expect(sent.status()).toBe(201);
  await signInTo(page, '/admin?tab=payments');
  await expect(page.getByRole('heading', { name: /Test mode: no real payment/ })).toBeVisible();
  await expect(page.getByText('PAYPAL_CLIENT_SECRET')).toBeVisible();

  await page.getByRole('tab', { name: /Enquiries/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Cathal Admin-Test' });
  await expect(card.getByText('Custom Print Order')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Reply to Cathal' })).toHaveAttribute(
    'href',
    /^mailto:cathal@example\.ie\?subject=/,
  );
  await card.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Enquiry marked handled')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Cathal Admin-Test' })).toHaveCount(0);
  await page.getByLabel('All enquiries').check();
  await expect(page.getByRole('listitem').filter({ hasText: 'Cathal Admin-Test' })).toContainText('handled');
});

test('the tabs answer the keyboard, every tab shows the test-mode banner, and no tab has a serious axe violation', async ({
  page,
}) => {
  // Ten pages, each read whole by axe: longer than one page's default limit.
  test.setTimeout(90_000);
  await signInTo(page, '/admin');
  const dashboard = page.getByRole('tab', { name: 'Dashboard' });
  await dashboard.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Photos' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Jobs' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(dashboard).toHaveAttribute('aria-selected', 'true');
  for (const tab of [
    'dashboard',
    'photos',
    'videos',
    'orders',
    'products',
    'payments',
    'backgrounds',
    'profile',
    'enquiries',
    'jobs',
  ]) {
    await page.goto(`/admin?tab=${tab}`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    // The e2e site has no PayPal keys: it runs in test mode, and every tab says no money is taken.
    await expect(page.getByRole('note', { name: 'Payment mode' }), tab).toContainText(
      'Test mode: no money is being taken.',
    );
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), tab).toEqual([]);
  }
});

test('on a 390 px phone the tabs scroll and orders are cards', async ({ page, request, baseURL }) => {
  await buyOnePrint(request, baseURL as string);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, '/admin?tab=orders');
  await expect(page.locator('table')).toBeHidden();
  await expect(page.getByRole('list').filter({ hasText: BUYER.name }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const view = page.getByRole('button', { name: /^View/ }).first();
  const box = await view.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
});

test('the orders list pages through 25 orders, ten at a time', async ({ page }) => {
  withSiteDb(DATA_DIR, (db) => {
    for (let i = 1; i <= 25; i++)
      makeOrder(db, { customerName: `Pager Test ${i}`, customerEmail: `pager${i}@example.ie` });
  });
  await signInTo(page, '/admin?tab=orders');
  await page.getByLabel('Search by customer e-mail or name').fill('Pager Test');
  await expect(page.getByText('Showing 1 to 10 of 25 orders')).toBeVisible();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(page.getByText('Total orders: 25')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 11 to 20 of 25 orders')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 21 to 25 of 25 orders')).toBeVisible();
  await expect(page.getByText('Page 3 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.locator('tbody tr')).toHaveCount(5);
  await page.getByLabel('Search by customer e-mail or name').fill('nobody-by-this-name');
  await expect(page.getByText('No orders found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
});

test('a visitor is sent to sign in, and no admin code is fetched on the public pages', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  for (const path of ['/', '/shop', '/drone-services', '/checkout']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const code = await (await page.request.get(url)).text();
    expect(code, url).not.toContain('QueryClientProvider');
    expect(url).not.toMatch(/AdminApp|OrdersTab|ProductsTab/);
  }
  const refused = await page.request.get('/admin', { maxRedirects: 0 });
  expect(refused.status()).toBe(401);
  expect(await refused.text()).toContain('This page is for the site owner');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/api\/login\?next=%2Fadmin/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the owner opens an order’s packing slip; on paper it has no navigation or buttons', async ({
  page,
  request,
  baseURL,
}) => {
  await buyOnePrint(request, baseURL as string, SLIP_BUYER);
  await signInTo(page, '/admin?tab=orders');
  await page.getByLabel('Search by customer e-mail or name').fill(SLIP_BUYER.name);
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await page.getByRole('button', { name: /^View/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Order #/ });
  await expect(dialog.getByRole('heading', { name: 'Items' })).toBeVisible();
  const title = (await dialog.locator('li p.font-medium').first().textContent()) ?? '';
  expect(title).not.toBe('');
  // A test order's invoice is a specimen, marked as such, from the owner's route.
  const specimen = dialog.getByRole('link', { name: 'Specimen (PDF), not a VAT invoice' });
  const specimenHref = (await specimen.getAttribute('href')) as string;
  expect(specimenHref).toMatch(/^\/api\/admin\/orders\/[^/]+\/invoice\.pdf$/);
  const specimenPdf = await page.request.get(specimenHref);
  expect(specimenPdf.status()).toBe(200);
  expect(specimenPdf.headers()['content-type']).toBe('application/pdf');
  // A test order takes no number of the real sequence: nothing offers to issue one.
  await expect(dialog.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
  const link = dialog.getByRole('link', { name: 'Packing slip' });
  await expect(link).toHaveAttribute('target', '_blank');
  const [slip] = await Promise.all([page.waitForEvent('popup'), link.click()]);

  await expect(slip).toHaveURL(/\/admin\/orders\/[^/]+\/packing-slip$/);
  await expect(slip.getByRole('heading', { name: 'Packing slip' })).toBeVisible();
  await expect(slip.getByText(SLIP_BUYER.name)).toBeVisible();
  await expect(slip.getByText('7 Harbour View')).toBeVisible();
  const rows = slip.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText('Small · 8 × 12 in (20 × 30 cm)');
  await expect(rows.first()).toContainText('Matte');
  // No prices on the lines (a print may be a gift), only the VAT included per rate, as the sale's record.
  await expect(rows.first()).not.toContainText('€');
  await expect(slip.getByRole('region', { name: 'VAT' })).toContainText(/Including VAT at 23%: €\d+\.\d\d/);
  const nav = slip.getByRole('navigation', { name: 'Main' });
  const print = slip.getByRole('button', { name: 'Print' });
  await expect(nav).toBeVisible();
  await expect(print).toBeVisible();
  await expect(slip.getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
    'href',
    '/admin?tab=orders',
  );
  await slip.waitForLoadState('networkidle');
  expect(await seriousViolations(slip)).toEqual([]);

  await slip.emulateMedia({ media: 'print' });
  await expect(nav).toBeHidden();
  await expect(print).toBeHidden();
  await expect(slip.getByRole('link', { name: 'Back to the order' })).toBeHidden();
  await expect(rows.first()).toBeVisible();
  const colours = await slip.evaluate(() => [
    getComputedStyle(document.body).backgroundColor,
    getComputedStyle(document.querySelector('h1') as Element).color,
  ]);
  expect(colours).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)']);
  // The slip fits one A4 sheet.
  const pdf = (await slip.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
});

test('the dashboard charts paid sales per week, with a table of them, and no public page loads uPlot', async ({
  page,
  request,
  baseURL,
}) => {
  const uplotRequests: string[] = [];
  page.on('request', (r) => {
    if (/uPlot/i.test(r.url())) uplotRequests.push(r.url());
  });
  for (const path of ['/', '/shop', '/drone-services']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(uplotRequests).toEqual([]);

  // A test-mode purchase is no sale; the chart shows the paid order made beside it.
  await buyOnePrint(request, baseURL as string);
  withSiteDb(DATA_DIR, (db) => makeOrder(db, { payment: 'paid', customerName: `Chart buyer ${RUN}` }));
  await signInTo(page, '/admin?tab=orders');
  expect(uplotRequests).toEqual([]);
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const table = page.getByRole('table', { name: 'Paid sales per week' });
  await expect(table.locator('tbody tr')).toHaveCount(12);
  // The last row is this week, which holds the purchase just made.
  await expect(table.locator('tbody tr').last().locator('td').first()).toHaveText(/^€\d/);
  await expect(table.locator('tbody tr').last().locator('td').first()).not.toHaveText('€0.00');
  const chart = page.getByRole('img', {
    name: /^Paid sales per week for the last 12 weeks: €[\d,.]+ in total, best week starting .+ with €[\d,.]+\.$/,
  });
  await expect(chart.locator('canvas')).toBeVisible();
  expect(uplotRequests.some((u) => u.endsWith('.js'))).toBe(true);
  expect(uplotRequests.some((u) => u.endsWith('.css'))).toBe(true);
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
  await expect(page.getByText(/^\d+ prints?$/).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  // On a 390 px phone the chart follows its container and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => chart.evaluate((el) => el.querySelector('.uplot')?.getBoundingClientRect().right ?? 999))
    .toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a mail that could not be delivered is shown on the Dashboard and sent again', async ({ page }) => {
  const to = `nobody.${RUN}@example.ie`;
  const subject = `Your order #${RUN.slice(-6).toUpperCase()} is confirmed`;
  const reason = `550 5.1.1 <${to}>: no such mailbox here`;
  // As the sender leaves a mail the mail server refused at its first attempt.
  withSiteDb(DATA_DIR, (db) => {
    const id = crypto.randomUUID();
    const now = new Date();
    db.insert(mailQueue)
      .values({
        id,
        messageId: `<${id}@localhost>`,
        to,
        subject,
        text: 'Thank you for your order.',
        status: 'failed',
        attempts: 1,
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + 24 * 60 * 60_000),
        lastError: reason,
        failedAt: now,
      })
      .run();
  });
  await signInTo(page, '/admin');
  const card = page.getByRole('region', { name: 'Mails not delivered' });
  await expect(card).toBeVisible();
  await expect(card.getByText(subject)).toBeVisible();
  await expect(card.getByText(`To ${to}`, { exact: false })).toBeVisible();
  await expect(card.getByText(reason)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: `Send again: ${subject} to ${to}` }).click();
  await expect(page.getByText('Mail queued again')).toBeVisible();
  await expect(card.getByText(subject)).toHaveCount(0);
  // Without SMTP the mail is filed in the outbox.
  await expect.poll(() => outbox().some((m) => m.includes(`To: ${to}`))).toBe(true);
});

test('the owner issues the invoice of an order paid before invoices were issued', async ({ page }) => {
  const name = `Ciara Early ${RUN}`;
  const email = `ciara.${RUN}@example.ie`;
  withSiteDb(DATA_DIR, (db) =>
    makeOrder(db, {
      payment: 'paid',
      customerName: name,
      customerEmail: email,
      paidAt: new Date('2026-03-02T10:00:00Z'),
    }),
  );
  // On a phone, where the owner may well do it: the dialog's words and the toast must fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, '/admin?tab=orders');
  await page.getByLabel('Search by customer e-mail or name').fill(name);
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await page.getByRole('button', { name: /^View/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Order #/ });
  await expect(
    dialog.getByText('None yet: paid before invoices were issued.', { exact: false }),
  ).toBeVisible();
  await expectFits(page, 'the order dialog of an order paid before invoices were issued');
  await page.screenshot({ path: 'test-results/issue-invoice-390.png' });
  await dialog.getByRole('button', { name: 'Issue invoice' }).click();
  const invoice = dialog.getByRole('link', { name: /^INV-\d{6} \(PDF\)$/ });
  await expect(invoice).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
  await expect(
    dialog.getByText(/INV-\d{6} issued for a payment made before invoices were issued/),
  ).toBeVisible();
  const pdf = await page.request.get((await invoice.getAttribute('href')) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The buyer is sent it: the toast says so, and without SMTP the mail is filed in the outbox.
  const toast = page.getByText(`mailed to ${email}`, { exact: false });
  await expect(toast).toBeVisible();
  // Above the dialog, not under it: a tap on the toast reaches it (a trial click checks just that).
  await toast.click({ trial: true, timeout: 3000 });
  await page.screenshot({ path: 'test-results/issue-invoice-390-issued.png' });
  await expectFits(page, 'the order dialog once the invoice is issued');
  await expect
    .poll(() =>
      outbox().some((m) => m.includes(`To: ${email}`) && m.includes('Subject: Your VAT invoice for order')),
    )
    .toBe(true);
});
