// The owner's Videos tab: the seeded drone clip with its poster, the 'Upload Video' dialog with
// Uppy's progress, a save that fails after the upload, featuring the new video and seeing it on
// /drone-services with its poster frame, and deleting it. The seeded clip is featured again at the
// end, so the other tests see the seed.
// @both-stores: npm test runs this file a second time with the site's media in S3 (E2E_STORAGE=s3).
import { expect, type Page, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { makeClip } from '../helpers/video-clip';
import { seriousViolations } from './axe';

const SEEDED = 'Over Lough Tay at dusk';
const RUN = Date.now().toString(36);
const MINE = `Glenmalure reel ${RUN}`;

async function openVideosTab(page: Page) {
  await page.goto(`/api/login?next=${encodeURIComponent('/admin?tab=videos')}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Drone Videos' })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

test('the owner uploads a video, features it, sees it on the drone page and deletes it', async ({ page }) => {
  // Two uploads through ffmpeg and several page loads: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  page.on('dialog', (d) => void d.accept());
  await openVideosTab(page);
  const seeded = card(page, SEEDED);
  await expect(seeded.getByText('Featured Video', { exact: true })).toBeVisible();
  await expect(seeded.getByRole('link', { name: `Preview ${SEEDED} (opens in a new tab)` })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(seeded.locator('img[src^="/media/"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const clip = { name: 'glenmalure.mp4', mimeType: 'video/mp4', buffer: makeClip('mp4', { seconds: 2 }) };
  await page.getByRole('button', { name: 'Upload Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await expect(
    dialog.getByText('Select and upload a drone video file. Maximum file size is 50MB.'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The file arrives, but saving the record fails: the owner is told what to do.
  await page.route('**/api/drone-media', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'The database is busy' } })
      : route.fallback(),
  );
  await dialog.getByLabel('Title (optional)').fill(MINE);
  await dialog.locator('input[type=file]').first().setInputFiles(clip);
  await dialog.getByRole('button', { name: 'Upload Video' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Upload Error: Database save failed: The database is busy. Please try refreshing the page and uploading again.',
    { timeout: 30_000 },
  );
  await page.unroute('**/api/drone-media');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // Again, saved this time: the dialog closes and the video shows with its poster frame.
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await dialog.getByLabel('Title (optional)').fill(MINE);
  await dialog.locator('input[type=file]').first().setInputFiles(clip);
  await dialog.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Video uploaded successfully')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
  const mine = card(page, MINE);
  await expect(mine.locator('img[src^="/media/"]')).toBeVisible();
  await expect(mine.getByRole('link', { name: /^Preview/ })).toHaveAttribute('href', /^\/objects\/uploads\//);

  // Featured: exactly one video reads 'Featured Video'.
  await mine.getByRole('button', { name: `Set as Featured: ${MINE}` }).click();
  await expect(page.getByText('Featured video updated successfully')).toBeVisible();
  await expect(mine.getByText('Featured Video', { exact: true })).toBeVisible();
  await expect(page.getByText('Featured Video', { exact: true })).toHaveCount(1);
  await expect(seeded.getByRole('button', { name: `Set as Featured: ${SEEDED}` })).toBeVisible();

  // On the drone page it is the featured video, with its poster.
  await page.goto('/drone-services');
  const featured = page.locator('figure').filter({ hasText: MINE });
  await expect(featured.getByText('Featured', { exact: true })).toBeVisible();
  await expect(featured.locator('video')).toHaveAttribute('poster', /^\/media\/[A-Za-z0-9_-]+\/\d+\.jpg$/);

  // Put the seed back: the seeded clip featured, the new video deleted with its files.
  await page.goto('/admin?tab=videos');
  await seeded.getByRole('button', { name: `Set as Featured: ${SEEDED}` }).click();
  await expect(seeded.getByText('Featured Video', { exact: true })).toBeVisible();
  const src = await mine.getByRole('link', { name: /^Preview/ }).getAttribute('href');
  await mine.getByRole('button', { name: `Delete ${MINE}` }).click();
  await expect(page.getByText('Video deleted successfully')).toBeVisible();
  await expect(card(page, MINE)).toHaveCount(0);
  expect((await page.request.get(src ?? '')).status()).toBe(404);
});
