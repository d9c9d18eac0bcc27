// The whole purchase in the browser: find a print, customise it, add it to the cart, see the badge
// and the cart survive a move to another page, meet every checkout validation message, pay, see the
// confirmation and find the order with its items in the database. Once in test mode (the built-in
// PayPal fake: a test order, never shown as paid), once through the PayPal JS SDK code path with a fake SDK script served by
// Playwright routing and the server talking to the PayPal fake over HTTP.
import { join } from 'node:path';
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { DELIVERY_TEXT } from '~/lib/checkout/order-mail.server';
import { shortOrderId } from '~/lib/platform/shared/format';
import { seriousViolations } from './axe';
import { onSite, ownSiteWithPaypal } from './own-site';
import { routeFakeSdk } from './paypal-sdk-fake';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

async function customiseAndAdd(page: Page) {
  await page.goto('/shop');
  await page.getByPlaceholder('Search photos...').fill('lough tay');
  await expect(page.getByText('1 photo found')).toBeVisible();
  await page.getByRole('button', { name: /Customise print: Lough Tay/ }).click();
  const dialog = page.getByRole('dialog', { name: /Lough Tay/ });
  await expect(dialog).toBeVisible();
  // Defaults: small, matte, no framing, quantity 1 with minus disabled.
  await expect(dialog.getByRole('radio', { name: /Small/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Matte' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'No framing' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await expect(dialog.getByText('Large · 16 × 20 in (41 × 51 cm)')).toBeVisible();
  await expect(dialog.getByTestId('total-price')).toHaveText('€45.00');
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('radio', { name: 'Gloss' }).check();
  await dialog.getByRole('radio', { name: /Framed/ }).check();
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(dialog.getByTestId('unit-price')).toHaveText('€135.00');
  await expect(dialog.getByTestId('total-price')).toHaveText('€270.00');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  const cart = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart, 2 items');
  // Another page: the cart persists.
  await page.goto('/drone-services');
  await expect(cart).toHaveAccessibleName('Cart, 2 items');
}

async function fillCheckout(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(page.getByText('Lough Tay at First Light').first()).toBeVisible();
  // Shipping depends on the country: no total until it is chosen.
  await expect(page.getByTestId('order-shipping')).toHaveText('Choose your country');
  const notice = page.getByText(
    'Please complete all required customer information fields above before proceeding with payment.',
  );
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('payment-control')).toHaveAttribute('aria-disabled', 'true');

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const cases: [string, string, string][] = [
    ['Full Name', 'A', 'Name must be at least 2 characters'],
    ['Email', 'not-an-email', 'Please enter a valid email address'],
    ['Phone', '12345', 'Phone number must be at least 10 digits'],
    ['Street Address', 'Main', 'Street address must be at least 5 characters'],
    ['City', 'W', 'City must be at least 2 characters'],
    ['Postal Code', 'A6', 'Postal code must be at least 3 characters'],
    // A pasted line break or tab could forge a line in the order mails: every field is one line.
    [
      'Full Name',
      'Aoife\tByrne',
      'Name must be one line of text, without line breaks, tabs or invisible characters',
    ],
    [
      'Street Address',
      '12 Main Street\u2028Bcc: victim@example.com',
      'Street address must be one line of text, without line breaks, tabs or invisible characters',
    ],
  ];
  for (const [label, value, message] of cases) {
    await field(label).fill(value);
    await expect(page.getByText(message)).toBeVisible();
  }
  // The country is chosen from the list; going back to no country says so.
  await field('Country').selectOption({ label: 'France' });
  await field('Country').selectOption('');
  await expect(page.getByText('Country must be at least 2 characters')).toBeVisible();
  await field('Phone').fill('0123456789 ext');
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await field('Full Name').fill('Aoife Byrne');
  await field('Email').fill('aoife@example.ie');
  await field('Phone').fill('+353 (1) 234-5678');
  await field('Street Address').fill('12 Main Street');
  await field('City').fill('Wicklow');
  await field('Postal Code').fill('A67 X123');
  await field('Country').selectOption({ label: 'Ireland' });
  // €270.00 of prints ships free in Ireland.
  await expect(page.getByTestId('order-total')).toHaveText('€270.00');
  await expect(page.getByTestId('order-shipping')).toHaveText('€0.00');
  await expect(page.getByText('Shipping to Ireland')).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('payment-control')).toHaveAttribute('aria-disabled', 'false');
}

/** The confirmation and the stored order: paid through PayPal, or a test order (test mode). */
async function expectOrdered(page: Page, dataDir: string, { testMode }: { testMode: boolean }) {
  await expect(page).toHaveURL(/\/checkout\?success=true&orderId=/);
  if (testMode) {
    await expect(page.getByRole('heading', { name: 'Test order placed' })).toBeVisible();
    await expect(page.getByText('Test order — no payment taken', { exact: false })).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  } else {
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  }
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;
  // The short number the owner sees (#D765C4), never the 36-character id; the prints bought, the
  // total and when they arrive (the shipping text of the confirmation mail).
  await expect(page.getByText(`Order ${shortOrderId(orderId)}`)).toBeVisible();
  await expect(page.getByText(orderId)).toHaveCount(0);
  const lines = page.getByRole('list', { name: 'Prints ordered' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Lough Tay at First Light');
  await expect(lines.first()).toContainText('Large · 16 × 20 in (41 × 51 cm) · Gloss · Framed · 2 prints');
  await expect(lines.first()).toContainText('€270.00');
  await expect(page.getByTestId('receipt-total')).toHaveText('€270.00');
  for (const sentence of DELIVERY_TEXT) await expect(page.getByText(sentence)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }),
  ).toHaveAccessibleName('Cart');
  const db = new Database(join(dataDir, 'site.sqlite'), { readonly: true });
  try {
    const order = db.prepare('select * from orders where id = ?').get(orderId) as Record<string, unknown>;
    expect(order).toMatchObject({
      payment_status: 'completed',
      test_mode: testMode ? 1 : 0,
      total_amount_cents: 27000,
      customer_name: 'Aoife Byrne',
      customer_email: 'aoife@example.ie',
    });
    const items = db.prepare('select * from order_items where order_id = ?').all(orderId);
    expect(items).toEqual([
      expect.objectContaining({
        quantity: 2,
        price_cents: 13500,
        framing_size: 'large',
        framing_price_cents: 2500,
      }),
    ]);
  } finally {
    db.close();
  }
}

test('an empty checkout goes to the shop', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/shop$/);
});

/** The neutral page of an order this browser did not pay for: no outcome, and the ways on. */
async function expectNoOutcome(page: Page) {
  await expect(page.getByRole('heading', { name: 'We could not find that order' })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByText('Thank you for your order')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
}

test('the whole purchase in test mode', async ({ page }) => {
  await customiseAndAdd(page);
  await fillCheckout(page);
  await page.getByRole('button', { name: 'Test mode: no real payment' }).click();
  await expectOrdered(page, DATA_DIR, { testMode: true });
  // The outcome stays for this browser on a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Test order placed' })).toBeVisible();
  // The invoice a buyer would get, as a specimen: a PDF this browser may open, and another may not.
  const link = page.getByRole('link', { name: 'Specimen invoice (PDF)' });
  const href = (await link.getAttribute('href')) as string;
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const stranger = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  try {
    expect((await stranger.get(href)).status()).toBe(404);
  } finally {
    await stranger.dispose();
  }
});

test('the confirmation of an order shows only in the browser that paid for it', async ({ page, browser }) => {
  await customiseAndAdd(page);
  await fillCheckout(page);
  await page.getByRole('button', { name: 'Test mode: no real payment' }).click();
  await expect(page.getByRole('heading', { name: 'Test order placed' })).toBeVisible();
  const paidUrl = page.url();

  // A made-up order id, in the browser that paid for another order.
  const madeUp = await page.goto('/checkout?success=true&orderId=0f5e1c2a-1111-4222-8333-944455556666');
  expect(madeUp?.status()).toBe(404);
  await expectNoOutcome(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The real order's address, opened in another browser.
  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    const answer = await stranger.goto(paidUrl);
    expect(answer?.status()).toBe(404);
    await expectNoOutcome(stranger);
    const paidId = new URL(paidUrl).searchParams.get('orderId') as string;
    await expect(stranger.getByText(paidId)).toHaveCount(0);
    await expect(stranger.getByText(shortOrderId(paidId))).toHaveCount(0);
    await expect(stranger.getByText('Lough Tay at First Light')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test.describe('with PayPal credentials (fake SDK, the PayPal fake over HTTP)', () => {
  // A site of its own, talking to the PayPal fake over HTTP; each page opens it and loads the
  // fake SDK.
  const own = ownSiteWithPaypal({ SEED_DEMO: '1' });
  let sdkUrl = '';
  test.beforeEach(async ({ page }) => {
    own.paypal.fake.captureBehaviour = 'complete';
    await routeFakeSdk(page, (url) => {
      sdkUrl = url;
    });
    onSite(page, () => own.site.url);
  });

  test('the whole purchase through the PayPal SDK code path', async ({ page }) => {
    test.setTimeout(90_000);
    await customiseAndAdd(page);
    await fillCheckout(page);
    await page.getByRole('button', { name: 'Pay with PayPal (fake SDK)' }).click();
    await expectOrdered(page, own.site.dataDir, { testMode: false });
    const sdk = new URL(sdkUrl);
    expect(sdk.searchParams.get('client-id')).toBe(own.paypal.fake.clientId);
    expect(sdk.searchParams.get('currency')).toBe('EUR');
    expect(sdk.searchParams.get('intent')).toBe('capture');
    expect(own.paypal.fake.tokensIssued).toBe(1);
  });

  test('a payment PayPal holds for review: the cart is cleared and the pending page gives the order number', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    own.paypal.fake.captureBehaviour = 'pending';
    await customiseAndAdd(page);
    await fillCheckout(page);
    await page.getByRole('button', { name: 'Pay with PayPal (fake SDK)' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Pending' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\?pending=true&orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    await expect(page.getByText(`Order ${shortOrderId(orderId)}`)).toBeVisible();
    await expect(page.getByTestId('receipt-total')).toHaveText('€270.00');
    await expect(page.getByText('Please do not pay for it again.', { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const db = new Database(join(own.site.dataDir, 'site.sqlite'), { readonly: true });
    try {
      expect(db.prepare('select payment_status from orders where id = ?').get(orderId)).toEqual({
        payment_status: 'pending',
      });
    } finally {
      db.close();
    }
    // The cart was emptied: the checkout now sends the visitor to the shop.
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/shop$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  const extra = Array.from({ length: 12 }, (_, i) => `nojs-paging-${i}`);
  const dbFile = join(DATA_DIR, 'site.sqlite');

  test.beforeAll(() => {
    // 17 demo photos fit on one page; a few more make a second one. Each has a print to sell
    // (the shop leaves out a photo without one).
    const db = new Database(dbFile);
    const insert = db.prepare(
      "insert into photos (id, title, image_url, category) values (?, ?, '/favicon.svg', 'other') on conflict do nothing",
    );
    const variant = db.prepare(
      "insert into product_variants (id, photo_id, size, finish, price_cents, dimensions) values (?, ?, 'small', 'matte', 4500, '8x12 inches') on conflict do nothing",
    );
    for (const id of extra) {
      insert.run(id, `Paging test ${id}`);
      variant.run(`variant-${id}`, id);
    }
    db.close();
  });
  test.afterAll(() => {
    const db = new Database(dbFile);
    db.prepare(`delete from photos where id in (${extra.map(() => '?').join(',')})`).run(...extra);
    db.close();
  });

  test('the shop pages through every print with links', async ({ page }) => {
    await page.goto('/shop');
    const total = Number((await page.getByText(/\d+ photos found/).textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(24);
    const cards = page.getByRole('button', { name: /^Customise print:/ });
    await expect(cards).toHaveCount(24);
    const pager = page.getByRole('navigation', { name: 'Pages of prints' });
    await pager.getByRole('link', { name: 'More prints' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText('Page 2 of')).toBeVisible();
    await expect(cards).toHaveCount(Math.min(24, total - 24));
    await page.getByRole('link', { name: 'Previous prints' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });
});

test('on a site without payments set up the checkout says so, with no payment button', async ({ page }) => {
  // The server's setup answer on an https site without PayPal keys or PAYPAL_MODE=test
  // (tests/integration/test-mode.test.ts covers the server).
  await page.route('**/api/paypal/setup', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ mode: 'off', message: 'Payments are not set up on this site yet.' }),
    }),
  );
  await customiseAndAdd(page);
  await page.goto('/checkout');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Ireland' });
  await expect(page.getByTestId('order-total')).toHaveText('€270.00');
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Payments are not set up on this site yet.')).toBeVisible();
  await expect(payment.getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('payment-control')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
