// The owner manages the drone page's samples in place (only the owner uploads samples):
// upload a photo and a video through the signed-URL widget, feature the video, delete both.
// Everything added here is deleted again, so the other tests see the seeded page.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { OWNER } from '../../playwright.config';
import { tinyMp4 } from '../helpers/fixtures';
import { seriousViolations } from './axe';

const mp4 = tinyMp4;

async function signInTo(page: Page, path: string) {
  await page.goto(`/api/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Manage samples' })).toBeVisible();
}

test('the owner uploads, features and deletes drone samples on the drone page', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  await signInTo(page, '/drone-services');
  await expect(page.getByText('Admin access required to upload sample photos')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const photoBox = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Upload Sample Photo' }) })
    .last();
  const videoBox = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Upload Sample Video' }) })
    .last();

  // Nothing chosen yet.
  await photoBox.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(photoBox.getByRole('alert')).toHaveText('Please choose a photo first');

  // A photo, with its title.
  const jpeg = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#6f8a7a' } })
    .jpeg()
    .toBuffer();
  await photoBox.getByLabel('Title (optional)').fill('Powerscourt Waterfall');
  await photoBox
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'falls.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await photoBox.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByText('Media uploaded successfully')).toBeVisible({ timeout: 20_000 });
  const samples = page.getByRole('list').filter({ hasText: 'Powerscourt Waterfall' });
  await expect(samples).toBeVisible({ timeout: 10_000 });

  // A video: it shows in the Videos section; featuring it labels it.
  await videoBox.getByLabel('Title (optional)').fill('Sugarloaf reel');
  await videoBox
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'reel.mp4', mimeType: 'video/mp4', buffer: mp4 });
  await videoBox.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Video uploaded successfully')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('figure').filter({ hasText: 'Sugarloaf reel' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Sample videos coming soon')).toHaveCount(0);
  await page.getByRole('button', { name: 'Set as Featured' }).click();
  await expect(page.getByText('Featured video updated successfully')).toBeVisible();
  await expect(page.getByText('Featured Video', { exact: true })).toBeVisible({ timeout: 10_000 });

  // Both deleted again: the video placeholder is back.
  await page.getByRole('button', { name: 'Delete Sugarloaf reel' }).click();
  await expect(page.getByText('Video deleted successfully')).toBeVisible();
  await expect(page.getByText('Sample videos coming soon')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Delete Powerscourt Waterfall' }).click();
  await expect(page.getByText('Sample photo deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Powerscourt Waterfall' })).toHaveCount(0, {
    timeout: 10_000,
  });
});
