// Card payments through Stripe at the checkout, on a phone (390 px): a site of its own with Stripe
// test keys whose server talks to the local Stripe double, and a stand-in for Stripe.js served by
// routing. A buyer chooses "Pay by card", types a card, pays, and lands on the order's outcome (a
// test order: Stripe's test keys take no money); a declined card is said in words and nothing is
// paid. On the shared site, which has no Stripe keys, nothing about cards is shown.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { type StripeDouble, startStripeDouble } from '~/lib/payments/stripe-double.server';
import { type RunningServer, startServer } from '../helpers/server';
import { fillCheckoutDetails } from './checkout-form';
import { routeStripe } from './stripe-js-stand-in';

test.use({ viewport: { width: 390, height: 844 } });

async function addPrintAndFillCheckout(page: Page) {
  await page.goto('/shop');
  await page.getByPlaceholder('Search photos...').fill('lough tay');
  await page.getByRole('button', { name: /Customise print: Lough Tay/ }).click();
  const dialog = page.getByRole('dialog', { name: /Lough Tay/ });
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.goto('/checkout');
  await fillCheckoutDetails(page);
  await expect(page.getByTestId('payment-control')).toHaveAttribute('aria-disabled', 'false');
}

/** A buyer with a print in the cart pays by card, and the bank declines the card. */
async function payWithDeclinedCard(page: Page) {
  await addPrintAndFillCheckout(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay €[\d.,]+ by card$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
}

test.describe('with Stripe test keys (stand-in Stripe.js, the Stripe double)', () => {
  let double: StripeDouble;
  let site: RunningServer;
  let stripeJs: string[] = [];
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    double = await startStripeDouble();
    site = await startServer({
      SEED_DEMO: '1',
      STRIPE_SECRET_KEY: 'sk_test_e2edouble0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2edouble0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2edouble0123456789',
      STRIPE_API_BASE: double.url,
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await double?.close();
  });
  /** The stored order of the outcome page the buyer is on. */
  const paidOrder = (page: Page) => {
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
    try {
      return db.prepare('select * from orders where id = ?').get(orderId) as Record<string, unknown>;
    } finally {
      db.close();
    }
  };
  test.beforeEach(async ({ page }) => {
    stripeJs = [];
    await routeStripe(page, double.url, (url) => stripeJs.push(url));
    const go = page.goto.bind(page);
    page.goto = ((url: string, opts?: Parameters<Page['goto']>[1]) =>
      go(url.startsWith('/') ? `${site.url}${url}` : url, opts)) as Page['goto'];
  });

  test('a buyer pays by card and sees the receipt', async ({ page }) => {
    test.setTimeout(90_000);
    await addPrintAndFillCheckout(page);
    // Stripe.js loads only once the buyer chooses to pay by card.
    expect(stripeJs).toEqual([]);
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByText('Test card payments', { exact: false })).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay €[\d.,]+ by card$/ }).click();
    await expect(page).toHaveURL(/\/checkout\?success=true&orderId=/);
    await expect(page.getByRole('heading', { name: 'Test order placed' })).toBeVisible();
    expect(stripeJs.length).toBeGreaterThan(0);
    // The cart is empty once the card payment is through, whichever way the buyer came back.
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('wicklow:cart:v1') ?? '[]'));
    expect(cart).toEqual([]);
    const order = paidOrder(page);
    expect(order).toMatchObject({ payment_status: 'completed', payment_provider: 'stripe', test_mode: 1 });
    const intent = double.intents.get(order.stripe_payment_intent_id as string);
    expect(intent).toMatchObject({ status: 'succeeded', amount: order.total_amount_cents });
  });

  test('a declined card is said in words, and the order stays unpaid', async ({ page }) => {
    test.setTimeout(90_000);
    await payWithDeclinedCard(page);
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('after a declined card, another card pays the same order', async ({ page }) => {
    test.setTimeout(90_000);
    const intentsBefore = double.intents.size;
    await payWithDeclinedCard(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay €[\d.,]+ by card$/ }).click();
    await expect(page.getByRole('heading', { name: 'Test order placed' })).toBeVisible();
    // One PaymentIntent, confirmed twice: one order, holding one use of any code.
    expect(double.intents.size).toBe(intentsBefore + 1);
    const order = paidOrder(page);
    expect(order).toMatchObject({ payment_status: 'completed', payment_provider: 'stripe' });
    // The order paid is the one the declined card tried: the only intent this try made.
    const intentId = order.stripe_payment_intent_id as string;
    expect([...double.intents.keys()].slice(intentsBefore)).toEqual([intentId]);
    expect(double.intents.get(intentId)).toMatchObject({ status: 'succeeded' });
  });

  test('a card payment ended for lapsing says so, and the next press starts a new one', async ({ page }) => {
    test.setTimeout(90_000);
    const intentsBefore = double.intents.size;
    await payWithDeclinedCard(page);
    // The buyer leaves the page open; the site ends the payment at Stripe, as it does after 30 minutes.
    const [first] = [...double.intents.keys()].slice(intentsBefore);
    const cancelled = await fetch(`${double.url}/v1/payment_intents/${first}/cancel`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_e2edouble0123456789' },
      body: new URLSearchParams({ cancellation_reason: 'abandoned' }),
    });
    expect(cancelled.status).toBe(200);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay €[\d.,]+ by card$/ }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'started more than 30 minutes ago and has expired: nothing was charged' }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Pay €[\d.,]+ by card$/ }).click();
    await expect(page.getByRole('heading', { name: 'Test order placed' })).toBeVisible();
    expect(double.intents.size).toBe(intentsBefore + 2);
  });
});

test('without Stripe keys no card choice appears', async ({ page }) => {
  await addPrintAndFillCheckout(page);
  await expect(page.getByRole('button', { name: 'Test mode: no real payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay by card' })).toHaveCount(0);
  // Nor is Stripe allowed in the checkout's CSP.
  const answer = await page.request.get('/checkout');
  expect(answer.headers()['content-security-policy']).not.toContain('stripe');
});
