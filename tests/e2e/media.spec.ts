// Media in the browser: the owner uploads a photo through the Uppy widget and it is
// published; the home page offers AVIF to a browser that accepts it once the queue has made it.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { OWNER } from '../../playwright.config';

test('the owner adds a photo through the upload widget and it appears in the shop', async ({ page }) => {
  await page.goto(`/api/login?next=${encodeURIComponent('/admin?tab=photos')}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Add New Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Photo' });
  await expect(dialog.getByRole('heading', { name: 'Add New Photo' })).toBeVisible();

  // Without an image the form says so.
  await dialog.getByLabel('Title').fill('Kippure in Snow');
  await dialog.getByRole('button', { name: 'Add Photo' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Please select an image file' })).toBeVisible();

  await expect(
    dialog.getByText('Up to 20 photos at once, each up to 200 MB: JPG, PNG or TIFF, 8 or 16 bits.'),
  ).toBeVisible();
  const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#8fa3b8' } })
    .jpeg()
    .toBuffer();
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'kippure.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  // Uploaded as soon as it is chosen.
  await expect(dialog.getByText('Image uploaded and processed.')).toBeVisible({ timeout: 20_000 });

  await dialog.getByLabel('Location').fill('Kippure, Co. Wicklow');
  await dialog.getByLabel('Category').selectOption('mountains');
  await dialog.getByRole('button', { name: 'Add Photo' }).click();
  await expect(page.getByText('Photo added successfully')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('link', { name: 'View: Kippure in Snow' }).first().click();
  await expect(page.getByText('Kippure in Snow').first()).toBeVisible();
});

test('the upload widget refuses a file of the wrong type', async ({ page }) => {
  await page.goto(`/api/login?next=${encodeURIComponent('/admin?tab=photos')}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Add New Photo' }).click();
  await page
    .getByRole('dialog', { name: 'Add New Photo' })
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(/You can only upload/).first()).toBeVisible();
});

test('the home page serves AVIF once the background queue has made it', async ({ page }) => {
  // The seed queues AVIF ladders at start; give the queue time on a busy machine.
  await expect(async () => {
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('type="image/avif"');
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  const avifRequests: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/media/') && r.headers()['content-type'] === 'image/avif')
      avifRequests.push(r.url());
  });
  await page.goto('/');
  await expect.poll(() => avifRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
});
