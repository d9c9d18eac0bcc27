// What an owner's week found in the dashboard, checked in the browser: at 1280 px every tab is in
// view (Reviews and Enquiries, with its badge, once hid past the strip's edge); the Dashboard says
// what waits and opens its tab; the Reviews tab previews the mail a buyer gets and its review page,
// in test mode; and the footer's Edit buttons, signed in, never cover one another at 390 or 1280 px.
import { expect, type Page, test } from '@playwright/test';
import { withSiteDb } from '../helpers/db';
import { makeEnquiry } from '../helpers/factories';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
// Each test signs in and loads the dashboard's island: longer than one page's default limit.
test.describe.configure({ timeout: 90_000 });
const RUN = Date.now().toString(36);

test.beforeAll(() => {
  // An enquiry that waits for an answer: the Enquiries tab carries its badge.
  withSiteDb(DATA_DIR, (db) =>
    makeEnquiry(db, { firstName: 'Orla', lastName: `Waiting ${RUN}`, email: `orla.${RUN}@example.ie` }),
  );
});

const TABS = [
  'Dashboard',
  'Photos',
  'Videos',
  'Galleries',
  'Orders',
  'Products',
  'Shipping & VAT',
  'Discounts',
  'Payments',
  'Backgrounds',
  'FAQ',
  'Profile',
  'Reviews',
  'Enquiries',
];

test('at 1280 px every tab is in view, Enquiries with its badge', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInTo(page, '/admin');
  const enquiries = page.getByRole('tab', { name: /^Enquiries/ });
  await expect(enquiries).toContainText(/\d+/);
  for (const name of TABS) {
    const tab =
      name === 'Enquiries' || name === 'Reviews'
        ? page.getByRole('tab', { name: new RegExp(`^${name}`) })
        : page.getByRole('tab', { name, exact: true });
    await expect(tab, name).toBeInViewport({ ratio: 1 });
  }
  // The open tab is still kept in the address.
  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  await expect(page).toHaveURL(/[?&]tab=enquiries\b/);
  await expect(page.getByRole('tab', { name: /^Enquiries/ })).toHaveAttribute('aria-selected', 'true');
});

test('the Dashboard says what waits and opens its tab', async ({ page }) => {
  await signInTo(page, '/admin');
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting.getByRole('listitem').filter({ hasText: /enquir(y|ies) not answered/ })).toBeVisible();
  await waiting.getByRole('link', { name: 'Open Enquiries' }).click();
  await expect(page.getByRole('tab', { name: /^Enquiries/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=enquiries\b/);
  await expect(page.getByText(`Orla Waiting ${RUN}`)).toBeVisible();
});

test('in test mode the owner previews the review mail and the review page a buyer gets', async ({
  page,
  context,
}) => {
  await signInTo(page, '/admin?tab=reviews');
  await page.getByRole('button', { name: 'Preview review mail' }).click();
  const mail = page.getByRole('article', { name: 'Review mail preview' });
  await expect(mail).toContainText('has been delivered: how do you like it?');
  await expect(mail).toContainText('give each print 1 to 5 stars');
  const [preview] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Open the review page (preview)' }).click(),
  ]);
  await expect(preview.getByRole('note')).toContainText(
    'Preview of the review page: nothing here is sent or stored.',
  );
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(/Review your prints?/);
  // Trying the form sends nothing, and says so.
  await preview.getByRole('radio', { name: '5 stars' }).first().check({ force: true });
  await preview.getByRole('button', { name: 'Send review' }).first().click();
  await expect(preview.getByText('Nothing was sent or stored.').first()).toBeVisible();
});

/** The boxes of the footer's Edit buttons, each against every other. */
async function overlappingEditButtons(page: Page) {
  const buttons = page.locator('footer').getByRole('button', { name: /^Edit/ });
  await expect(buttons).toHaveCount(5);
  const boxes = [];
  for (const button of await buttons.all())
    boxes.push({ name: await button.textContent(), box: await button.boundingBox() });
  const overlaps: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (!a.box || !b.box) continue;
      const apart =
        a.box.x + a.box.width <= b.box.x ||
        b.box.x + b.box.width <= a.box.x ||
        a.box.y + a.box.height <= b.box.y ||
        b.box.y + b.box.height <= a.box.y;
      if (!apart) overlaps.push(`${a.name} / ${b.name}`);
    }
  }
  return overlaps;
}

for (const width of [390, 1280]) {
  test(`signed in, the footer’s Edit buttons do not overlap at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInTo(page, '/admin');
    await page.goto('/terms');
    await page.locator('footer').scrollIntoViewIfNeeded();
    expect(await overlappingEditButtons(page)).toEqual([]);
  });
}
