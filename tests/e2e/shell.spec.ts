// The site shell: pages load, the navigation bar, the 404
// screen, and no serious or critical axe violations.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

const NAV = [
  ['Home', '/#home'],
  ['About', '/#about'],
  ['Gallery', '/#gallery'],
  ['Drone Services', '/#drone'],
  ['Shop', '/shop'],
  ['Contact', '/#contact'],
] as const;

for (const path of ['/', '/shop', '/drone-services']) {
  test(`${path} has the navigation, a title and no serious axe violations`, async ({ page }) => {
    const blocked: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
    });
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/\S/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of NAV) {
      await expect(nav.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/api/login');
    await expect(nav.getByRole('link', { name: 'Analysis Tool' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/checkout');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(blocked, 'nothing on the page is blocked by the CSP').toEqual([]);
  });
}

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the home page shows the demo hero and featured photos', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Gallery' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Prints' })).toBeVisible();
  await expect(page.locator('#about').getByRole('link', { name: /Follow on Instagram/ })).toHaveAttribute(
    'href',
    'https://www.instagram.com/wicklowlight.example/',
  );
  // The photos of the gallery's grid (the section's own background image is not one of them).
  const photos = page.locator('#gallery').getByRole('list').getByRole('img');
  await expect(photos.first()).toBeVisible();
  expect(await photos.count()).toBeLessThanOrEqual(6);
});

test('the cart badge shows the count only above 0, and follows the stored cart', async ({ page }) => {
  await page.goto('/shop');
  const cart = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart');
  await expect(cart.getByText(/^\d+$/)).toBeHidden();
  await page.evaluate(() => {
    localStorage.setItem(
      'wicklow:cart:v1',
      JSON.stringify([
        {
          variantId: 'v1',
          size: 'small',
          finish: 'matte',
          framing: null,
          quantity: 2,
          unitCents: 4500,
          title: 'A',
        },
        {
          variantId: 'v2',
          size: 'large',
          finish: 'gloss',
          framing: 'large',
          quantity: 1,
          unitCents: 13500,
          title: 'B',
        },
      ]),
    );
  });
  await page.goto('/drone-services');
  await expect(cart).toHaveAccessibleName('Cart, 3 items');
  await expect(cart.getByText('3', { exact: true })).toBeVisible();
  // A corrupt cart reads as empty instead of breaking the page.
  await page.evaluate(() => localStorage.setItem('wicklow:cart:v1', '{not json'));
  await page.reload();
  await expect(cart).toHaveAccessibleName('Cart');
  await expect(cart.getByText('0', { exact: true })).toBeHidden();
});

test('the owner signs in, sees Admin, Logout and Analysis Tool, and signs out', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/api\/login/);
  await page.getByLabel('E-mail').fill('owner@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match');
  await page.getByLabel('Password').fill('e2e-owner-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Sales')).toBeVisible();
  // The watch on the EU distance-sales threshold, with this year's figure.
  const oss = page.getByRole('region', { name: 'EU sales and the €10,000 threshold' });
  await expect(oss).toContainText(
    /€[\d,.]+ of €10,000\.00 in \d{4}: prints sent to buyers in other EU countries/,
  );
  await expect(oss.getByRole('meter', { name: 'Share of the €10,000 threshold' })).toBeVisible();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const names = await nav.getByRole('link').allInnerTexts();
  const trimmed = names.map((n) => n.trim()).filter(Boolean);
  expect(trimmed.indexOf('Analysis Tool')).toBeGreaterThan(-1);
  expect(trimmed.indexOf('Analysis Tool')).toBe(trimmed.indexOf('Contact') - 1);
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
  // Signing out is a form that posts (a link or another site cannot sign the owner out).
  await expect(nav.getByRole('link', { name: 'Logout' })).toHaveCount(0);
  const logout = nav.getByRole('button', { name: 'Logout' });
  const looks = (el: Element) => {
    const s = getComputedStyle(el);
    return [
      s.fontFamily,
      s.fontSize,
      s.fontWeight,
      s.color,
      s.backgroundColor,
      s.padding,
      s.height,
      s.cursor,
    ];
  };
  expect(await logout.evaluate(looks)).toEqual(
    await nav.getByRole('link', { name: 'Admin' }).evaluate(looks),
  );
  await logout.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
});

test('the web fonts are fetched after the first page and used from the next one', async ({ page }) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  // First view: system fonts, so nothing waits for a font file.
  expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Fraunces');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('wl-fonts'))).toBe('1');
  await page.goto('/shop');
  await expect(page.locator('html')).toHaveClass(/fonts-ready/);
  expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Fraunces');
});
