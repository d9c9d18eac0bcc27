// The checkout's form is server-rendered and its island hydrates only once the page has painted:
// a buyer may type before that. What was typed must survive the hydration, and be validated then.
// The island's code is held back by routing until the fields are filled.
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
