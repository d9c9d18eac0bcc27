// The page's scripts wait for the load event (src/lib/platform/server/render/deferred-scripts.ts), and a click that
// comes before them is not lost.
import { expect, type Page, test } from '@playwright/test';

/** Holds the page's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('no page script is fetched before the page has loaded', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html[data-enhanced]')).toBeAttached();
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => /\/_astro\/.*\.js$/.test(e.name))
      .map((e) => e.startTime);
    return { loadEnd: nav.loadEventEnd, scripts };
  });
  expect(timing.scripts.length).toBeGreaterThan(0);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.loadEnd);
});

test('a click on a photo before the scripts have arrived opens the viewer once they have', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/');
  await page
    .locator('#gallery')
    .getByRole('button', { name: /full screen$/ })
    .nth(1)
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  release();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(/^2 of \d+$/)).toBeVisible();
});

test('the phone menu opens on a tap that comes before the scripts', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const release = await holdScripts(page);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  release();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Shop' })).toBeVisible();
});

test('a contact message sent with Enter before the scripts have arrived goes through the enhanced form', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Send a message' });
  await form.getByLabel('First name').fill('Niamh');
  await form.getByLabel('Last name').fill('Doyle');
  await form.getByLabel('Message').fill('Do you ship prints to Galway?');
  await form.getByLabel('Email').fill(`early-${Date.now()}@example.ie`);
  await form.getByLabel('Email').press('Enter');
  release();
  await expect(
    page.getByText("Thank you for your inquiry. I'll get back to you within 24 hours."),
  ).toBeVisible();
  // The enhanced path: no reload to ?sent=1, and the form is reset.
  expect(page.url()).not.toContain('sent=');
  await expect(form.getByLabel('First name')).toHaveValue('');
});
