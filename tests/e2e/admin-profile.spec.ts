// The Profile tab as the owner: the e-mail and name of the account (read only), a bio picture sent
// through the Uppy widget and then shown in the home page's about section, the password form's
// checks (the password itself is left as it is for the other tests), and axe on the tab. The
// bio picture is put back as it was afterwards, so the other tests see the seeded about section.

import { expect, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '~db/schema';
import { OWNER } from '../../playwright.config';
import { withSiteDb } from '../helpers/db';
import { seriousViolations } from './axe';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

const ownerBio = () =>
  withSiteDb(
    DATA_DIR,
    (db) => db.select().from(users).where(eq(users.email, OWNER.email)).get()?.bioPictureUrl,
  );
const setOwnerBio = (url: string | null | undefined) =>
  withSiteDb(DATA_DIR, (db) => {
    db.update(users)
      .set({ bioPictureUrl: url ?? null })
      .where(eq(users.email, OWNER.email))
      .run();
  });

async function openProfile(page: Page) {
  await page.goto(`/api/login?next=${encodeURIComponent('/admin?tab=profile')}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Bio Picture', exact: true })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test('the owner sees the account, uploads a bio picture and finds it in the about section', async ({
  page,
}) => {
  const before = ownerBio();
  try {
    await uploadAndSee(page);
  } finally {
    setOwnerBio(before);
  }
});

async function uploadAndSee(page: Page) {
  await openProfile(page);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText(OWNER.email)).toBeVisible();
  // The owner account is created without a first or last name.
  await expect(account.getByText('Not provided')).toBeVisible();
  await expect(
    page.getByText('One picture: JPG, PNG or GIF, at most 5 MB: recommended square, at least 400x400.'),
  ).toBeVisible();

  const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#7a5a8c' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: /^Upload 1 file/ }).click();
  await expect(page.getByText('Bio picture updated successfully')).toBeVisible({ timeout: 20_000 });

  const current = page.getByRole('img', { name: 'Your current bio portrait' });
  await expect(current).toBeVisible();
  const src = await current.getAttribute('src');
  expect(src).toMatch(/^\/media\/[A-Za-z0-9_-]+\/640\.jpg$/);

  await page.goto('/#about');
  const about = page.locator('#about');
  const picture = about.getByRole('img', { name: 'The photographer' });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveAttribute('src', src as string);
  await expect(picture).toBeVisible();
  await expect(about.locator('[data-img-box]')).toHaveAttribute('data-state', 'loaded');
  await expect(about.getByText('No profile photo set')).toHaveCount(0);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A picture that cannot be loaded says so in place of the skeleton.
  const mediaDir = (src as string).split('/').slice(0, 3).join('/');
  await page.route(`**${mediaDir}/**`, (route) => route.abort());
  await page.reload();
  await about.scrollIntoViewIfNeeded();
  await expect(about.getByText('Unable to load profile photo')).toBeVisible();
  await expect(about.locator('[data-img-box]')).toHaveAttribute('data-state', 'error');
}

test('the password form checks its fields and names a wrong current password', async ({ page }) => {
  await openProfile(page);
  const form = page.getByRole('region', { name: 'Change Password' });
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Please enter your current password.')).toBeVisible();

  await form.getByLabel('Current password').fill('not the password');
  await form.getByLabel('New password', { exact: true }).fill('a new password');
  await form.getByLabel('Confirm new password').fill('a different one');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('The two new passwords are not the same.')).toBeVisible();

  await form.getByLabel('Confirm new password').fill('a new password');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is not correct.');
  await expect(page.getByText('Failed to change password')).toBeVisible();
});

test('the Profile tab has no serious accessibility problem', async ({ page }) => {
  await openProfile(page);
  await expect(page.getByRole('region', { name: 'Account' }).getByText(OWNER.email)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('changing the password keeps this browser signed in and signs the others out', async ({
  page,
  browser,
  baseURL,
}) => {
  const NEW_PASSWORD = 'gorse in bloom 2026';
  const elsewhere = await browser.newContext({ baseURL });
  const otherPage = await elsewhere.newPage();
  await openProfile(otherPage);
  await openProfile(page);

  const form = page.getByRole('region', { name: 'Change Password' });
  await form.getByLabel('Current password').fill(OWNER.password);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  let changed = false;
  try {
    await expect(page.getByText('Password changed successfully')).toBeVisible({ timeout: 15_000 });
    changed = true;
    await expect(form.getByLabel('Current password')).toHaveValue('');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bio Picture', exact: true })).toBeVisible();
    await otherPage.reload();
    await expect(otherPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  } finally {
    // The other tests sign in with the configured password: put it back.
    if (changed) {
      const back = await page.request.post('/api/admin/password', {
        headers: { origin: baseURL as string },
        data: { currentPassword: NEW_PASSWORD, newPassword: OWNER.password, confirmPassword: OWNER.password },
      });
      expect(back.status()).toBe(200);
    }
    await elsewhere.close();
  }
});
