// The owner manages the drone page's samples in place (only the owner uploads samples): at 2
// photos the upload gives way to the limit message; one seeded photo is replaced by an uploaded
// GIF; a video is uploaded with its poster, featured, and deleted again, and the seeded clip is
// featured again, so the other tests see a page like the seeded one.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { OWNER } from '../../playwright.config';
import { makeClip } from '../helpers/video-clip';
import { seriousViolations } from './axe';

const LIMIT =
  'Upload Limit Reached: Maximum of 2 drone service photos allowed. Please delete an existing photo first.';

async function signInTo(page: Page, path: string) {
  await page.goto(`/api/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Manage samples' })).toBeVisible();
}

test('the owner manages drone samples on the drone page, within the limit of 2 photos', async ({ page }) => {
  // Two uploads through ffmpeg and several page loads: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  page.on('dialog', (d) => void d.accept());
  await signInTo(page, '/drone-services');
  await expect(page.getByText('Admin access required to upload sample photos')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const photoBox = () =>
    page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Upload Sample Photo' }) })
      .last();
  const videoBox = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Upload Sample Video' }) })
    .last();

  // The seed fills both photo places: the upload gives way to the limit message.
  await expect(page.getByText('Sample photos: 2/2')).toBeVisible();
  await expect(photoBox().getByText(LIMIT)).toBeVisible();
  await expect(photoBox().getByRole('button', { name: 'Upload Photo' })).toHaveCount(0);

  // One deleted: the widget is back; it takes JPG, PNG and GIF.
  const seededPhoto = page
    .getByRole('listitem')
    .filter({ has: page.getByText('Photo', { exact: true }) })
    .first();
  await seededPhoto.getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByText('Sample photo deleted')).toBeVisible();
  await expect(page.getByText('Sample photos: 1/2')).toBeVisible({ timeout: 10_000 });
  await expect(photoBox().getByText('One image, up to 10 MB: JPG, PNG or GIF.')).toBeVisible();
  await photoBox().getByRole('button', { name: 'Upload Photo' }).click();
  await expect(photoBox().getByRole('alert')).toHaveText('Please choose a photo first');

  const gif = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#6f8a7a' } })
    .gif()
    .toBuffer();
  await photoBox().getByLabel('Title (optional)').fill('Powerscourt Waterfall');
  await photoBox()
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'falls.gif', mimeType: 'image/gif', buffer: gif });
  await photoBox().getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByText('Media uploaded successfully')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Sample photos: 2/2')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Delete Powerscourt Waterfall' })).toBeVisible();
  await expect(photoBox().getByText(LIMIT)).toBeVisible();

  // A video: it shows in the Videos section with its poster; featuring it labels it.
  await videoBox.getByLabel('Title (optional)').fill('Sugarloaf reel');
  await videoBox
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'reel.mp4', mimeType: 'video/mp4', buffer: makeClip('mp4', { seconds: 2 }) });
  await videoBox.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Video uploaded successfully')).toBeVisible({ timeout: 30_000 });
  const reel = page.locator('figure').filter({ hasText: 'Sugarloaf reel' });
  await expect(reel).toBeVisible({ timeout: 10_000 });
  await expect(reel.locator('video')).toHaveAttribute('poster', /^\/media\//);
  const row = page.getByRole('listitem').filter({ hasText: 'Sugarloaf reel' });
  await row.getByRole('button', { name: 'Set as Featured' }).click();
  await expect(page.getByText('Featured video updated successfully')).toBeVisible();
  await expect(row.getByText('Featured Video', { exact: true })).toBeVisible({ timeout: 10_000 });

  // Put the seed's featured clip back, and delete the reel.
  const seeded = page.getByRole('listitem').filter({ hasText: 'Over Lough Tay at dusk' });
  await seeded.getByRole('button', { name: 'Set as Featured' }).click();
  await expect(seeded.getByText('Featured Video', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Delete Sugarloaf reel' }).click();
  await expect(page.getByText('Video deleted successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Sugarloaf reel' })).toHaveCount(0, {
    timeout: 10_000,
  });
});
