// Shipping, VAT and a discount code at the checkout, in the browser: a buyer in Ireland and one in
// Australia see different shipping before they pay, pay through the PayPal SDK code path (a fake
// SDK served by routing, the server talking to the PayPal fake over HTTP), and are charged exactly
// the total they were shown, with a PayPal breakdown that adds up; the Australian buyer uses a code,
// whose use is counted. A country the owner does not ship to is said before payment, and no payment
// is offered for it.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { decimalStringToCents } from '~/lib/platform/shared/format';
import { CUSTOMER } from '../helpers/fixtures';
import { type RunningServer, startServer } from '../helpers/server';
import { seriousViolations } from './axe';
import { fillCheckoutDetails } from './checkout-form';
import { routeFakeSdk } from './paypal-sdk-fake';

type PaypalFakeServer = Awaited<ReturnType<typeof startPaypalFakeServer>>;

let paypal: PaypalFakeServer;
let site: RunningServer;
const siteDb = (readonly = false) => new Database(join(site.dataDir, 'site.sqlite'), { readonly });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  paypal = await startPaypalFakeServer();
  site = await startServer({
    SEED_DEMO: '1',
    PAYPAL_CLIENT_ID: paypal.fake.clientId,
    PAYPAL_CLIENT_SECRET: paypal.fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  });
  // The owner's code (made in the Discounts tab on a real site), and a country not shipped to.
  const db = siteDb();
  try {
    db.prepare(
      "insert into discount_codes (id, code, kind, value, max_uses) values ('code-roamer', 'ROAMER', 'fixed', 500, 10)",
    ).run();
    db.prepare("insert into shipping_countries (country, zone_id) values ('NZ', null)").run();
  } finally {
    db.close();
  }
});
test.afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});
test.beforeEach(async ({ page }) => {
  await routeFakeSdk(page);
});

/** Two small matte prints of the demo's Lough Tay, put in the cart as the shop would. */
async function fillCart(page: Page) {
  const db = siteDb(true);
  const variant = db
    .prepare(
      "select v.id, v.price_cents as cents, p.title from product_variants v join photos p on p.id = v.photo_id where p.title like 'Lough Tay%' and v.size = 'small' and v.finish = 'matte'",
    )
    .get() as { id: string; cents: number; title: string };
  db.close();
  const cart = [
    {
      variantId: variant.id,
      size: 'small',
      finish: 'matte',
      framing: null,
      quantity: 2,
      unitCents: variant.cents,
      title: variant.title,
    },
  ];
  await page.goto(`${site.url}/`);
  await page.evaluate((c) => localStorage.setItem('wicklow:cart:v1', c), JSON.stringify(cart));
  await page.goto(`${site.url}/checkout`);
  await expect(page.getByText(variant.title).first()).toBeVisible();
  return variant;
}

const fillDetails = (page: Page, country: string) => fillCheckoutDetails(page, { ...CUSTOMER, country });

/** Pays through the fake SDK; the stored order's total, which must be the one shown. */
async function payAndCheck(page: Page, shownTotal: string) {
  await page.getByRole('button', { name: 'Pay with PayPal (fake SDK)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;
  const db = siteDb(true);
  const order = db.prepare('select * from orders where id = ?').get(orderId) as Record<string, unknown>;
  db.close();
  expect(order.payment_status).toBe('completed');
  expect(order.total_amount_cents).toBe(decimalStringToCents(shownTotal.replace('€', '')));
  // PayPal's breakdown adds up as PayPal checks it, and is the stored order's.
  const unit = paypal.fake.orders.get(order.paypal_order_id as string)?.purchaseUnits[0];
  const cents = (value: string | undefined) => decimalStringToCents(value ?? 'NaN');
  const breakdown = unit?.amount.breakdown;
  expect(cents(unit?.amount.value)).toBe(order.total_amount_cents);
  expect(
    cents(breakdown?.item_total?.value) +
      cents(breakdown?.shipping?.value) -
      cents(breakdown?.discount?.value),
  ).toBe(order.total_amount_cents);
  expect((unit?.items ?? []).reduce((n, i) => n + cents(i.unit_amount?.value) * Number(i.quantity), 0)).toBe(
    cents(breakdown?.item_total?.value),
  );
  expect([cents(breakdown?.shipping?.value), cents(breakdown?.discount?.value)]).toEqual([
    order.shipping_cents,
    order.discount_cents,
  ]);
  return order;
}

test('a buyer in Ireland pays Irish shipping, exactly as shown', async ({ page }) => {
  test.setTimeout(90_000);
  const print = await fillCart(page);
  await fillDetails(page, 'Ireland');
  const items = print.cents * 2;
  // Under €150 of prints: €8 for the first print and €2 for the next.
  await expect(page.getByText('Shipping to Ireland')).toBeVisible();
  await expect(page.getByTestId('order-shipping')).toHaveText('€10.00');
  const total = `€${((items + 1000) / 100).toFixed(2)}`;
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByTestId('order-vat')).toHaveText(/^Includes VAT: €[\d.]+ at 23%$/);
  expect(await seriousViolations(page)).toEqual([]);
  const order = await payAndCheck(page, total);
  expect(order).toMatchObject({
    ship_country: 'IE',
    shipping_zone: 'ie',
    shipping_cents: 1000,
    discount_cents: 0,
  });
});

test('a buyer in Australia sees the rest-of-the-world shipping, uses a code, and pays exactly that', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const print = await fillCart(page);
  await fillDetails(page, 'Ireland');
  await expect(page.getByTestId('order-shipping')).toHaveText('€10.00');
  // The country changes: so does the shipping, before any payment.
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Australia' });
  await expect(page.getByText('Shipping to Rest of the world')).toBeVisible();
  await expect(page.getByTestId('order-shipping')).toHaveText('€31.00');

  // A wrong code says so and changes nothing; the right one takes €5 off the prints.
  const code = page.getByLabel('Discount code');
  await code.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This code is not valid')).toBeVisible();
  await expect(page.getByTestId('order-discount')).toHaveCount(0);
  await code.fill('roamer');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code ROAMER applied')).toBeVisible();
  await expect(page.getByTestId('order-discount')).toHaveText('−€5.00');
  const total = `€${((print.cents * 2 - 500 + 3100) / 100).toFixed(2)}`;
  await expect(page.getByTestId('order-total')).toHaveText(total);
  expect(await seriousViolations(page)).toEqual([]);

  const order = await payAndCheck(page, total);
  expect(order).toMatchObject({
    ship_country: 'AU',
    shipping_zone: 'world',
    shipping_cents: 3100,
    discount_cents: 500,
    discount_code: 'ROAMER',
  });
  // The confirmation page explains the total as the checkout did: items, shipping, the code, total.
  const totals = page.getByLabel('Order total');
  const row = (label: string) => totals.getByRole('term').filter({ hasText: label }).locator('..');
  await expect(row('Items')).toContainText(`€${((print.cents * 2) / 100).toFixed(2)}`);
  await expect(row('Shipping to Rest of the world')).toContainText('€31.00');
  await expect(row('Discount (ROAMER)')).toContainText('−€5.00');
  await expect(row('Total (incl. VAT)')).toContainText(total);
  const db = siteDb(true);
  expect(db.prepare("select uses from discount_codes where code = 'ROAMER'").get()).toEqual({ uses: 1 });
  db.close();
});

test('a country not shipped to is said before payment, and no payment is offered', async ({ page }) => {
  await fillCart(page);
  await fillDetails(page, 'New Zealand');
  await expect(page.getByRole('alert')).toHaveText(
    'Sorry, prints cannot be shipped to New Zealand at the moment. Please contact us about your order.',
  );
  await expect(page.getByTestId('payment-control')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay with PayPal (fake SDK)' })).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText('—');
});
