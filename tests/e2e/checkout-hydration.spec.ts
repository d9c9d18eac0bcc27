// The checkout's form is server-rendered and its island hydrates only once the page has painted:
// a buyer may type before that. What was typed must survive the hydration, and be validated then.
// The island's code is held back by routing until the fields are filled. And the island brings React
// with it, so the first toast loads only the toast library, never a second copy of react-dom.
import { expect, test } from '@playwright/test';

const CART = JSON.stringify([
  {
    variantId: 'hydration-a',
    size: 'small',
    finish: 'matte',
    framing: null,
    quantity: 1,
    unitCents: 4500,
    title: 'Hydration print A',
  },
]);

test('text typed into the checkout form before the island hydrates is kept and validated', async ({
  page,
}) => {
  await page.addInitScript((cart) => localStorage.setItem('wicklow:cart:v1', cart), CART);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/Checkout\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/checkout');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Full Name').fill('Aoife Byrne');
  await field('Email').fill('not-an-email');
  // Still the server's HTML: no island code has run, so no line of the cart is shown yet.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await expect(page.getByText('Hydration print A')).toHaveCount(0);

  release();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByText('Hydration print A').first()).toBeVisible();
  await expect(field('Full Name')).toHaveValue('Aoife Byrne');
  await expect(field('Email')).toHaveValue('not-an-email');
  // Validated as if typed after hydration: the bad e-mail says so, the good name says nothing.
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
  await expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  // And the form goes on working.
  await field('Email').fill('aoife@example.ie');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await expect(field('Full Name')).toHaveValue('Aoife Byrne');
});

test('the first toast on the checkout loads the toast library alone: react-dom is already there', async ({
  page,
}) => {
  await page.addInitScript((cart) => localStorage.setItem('wicklow:cart:v1', cart), CART);
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  // The payment setup is refused, and the checkout says so in a toast: its answer is held until the
  // island has hydrated and the page has fetched its other scripts, so that what the toast loads stands apart.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/paypal/setup', async (route) => {
    await released;
    await route.fulfill({ status: 409, json: { message: 'Payments are paused for a moment.' } });
  });
  await page.goto('/checkout');
  // Hydrated, and the page's deferred scripts have run (they mark the page enhanced).
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('html[data-enhanced]')).toHaveCount(1);
  const beforeToast = scripts.length;

  release();
  await expect(page.getByText('Payments are paused for a moment.')).toBeVisible();
  const forToast = scripts.slice(beforeToast);
  const code = await Promise.all(forToast.map(async (url) => (await page.request.get(url)).text()));
  expect(code.some((c) => c.includes('data-sonner-toaster'))).toBe(true);
  for (const [i, c] of code.entries()) expect(c, forToast[i]).not.toContain('react-dom-client.production');
});
