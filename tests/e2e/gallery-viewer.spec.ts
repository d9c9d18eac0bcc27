// A client's proofing gallery in the browser, around its viewer: the heart in the full-screen viewer
// is the card's heart (same store, same endpoint, kept after a reload); a click on a photo made
// before the gallery's script has run opens the viewer on that photo once it has; the video plays
// as a watermarked preview without a download button.
// The gallery is made by the factories straight into the e2e site's data folder.
import { expect, type Page, test } from '@playwright/test';
import { withSiteDb } from '../helpers/db';
import {
  addGalleryFiles,
  galleryPhoto,
  galleryVideo,
  gpsJpeg,
  makeGallery,
  makeGalleryLink,
} from '../helpers/gallery-factories';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const TITLE = `Lough Dan proofs ${RUN}`;
const links = { heart: '', early: '', video: '' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const files = [
    await galleryPhoto(DATA_DIR, 'DJI_0201.JPG', await gpsJpeg('#5a7d9a')),
    await galleryPhoto(DATA_DIR, 'DJI_0202.JPG', await gpsJpeg('#9a6b4a', 1067, 1600)),
    await galleryPhoto(DATA_DIR, 'DJI_0203.JPG', await gpsJpeg('#4a8a5a')),
    await galleryVideo(DATA_DIR, 'DJI_0204.MP4', { stream: true }),
  ];
  withSiteDb(DATA_DIR, (db) => {
    const gallery = makeGallery(db, { title: TITLE, downloads: 'none', watermark: true });
    addGalleryFiles(db, gallery.id, files);
    links.heart = makeGalleryLink(db, gallery.id, { recipientName: `Orla ${RUN}` }).token;
    links.early = makeGalleryLink(db, gallery.id, { recipientName: `Sean ${RUN}` }).token;
    links.video = makeGalleryLink(db, gallery.id, { recipientName: `Ciara ${RUN}` }).token;
  });
});

test('the heart in the viewer is the card’s heart, counted in the selection and kept after a reload', async ({
  page,
}) => {
  // Every photo of a proofing gallery is watermarked as it is asked for: the first views take a while.
  test.setTimeout(90_000);
  await page.goto(`/g/${links.heart}`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open DJI_0202.JPG' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: 'DJI_0202.JPG' })).toBeVisible();
  const heart = viewer.getByRole('button', { name: 'Favourite', exact: true });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // A tap target of at least 44 px, on a phone's screen as on this one.
  expect((await heart.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  // Reached from the keyboard, as well as by a tap.
  await heart.focus();
  await page.keyboard.press('Enter');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // The next photo has its own heart, not hearted.
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(viewer.getByRole('img', { name: 'DJI_0203.JPG' })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await viewer.getByRole('button', { name: 'Close viewer' }).click();
  await expect(viewer).toBeHidden();

  await expect(page.getByRole('button', { name: 'Favourite DJI_0202.JPG' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Favourite DJI_0203.JPG' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByText('1 in your selection.')).toBeVisible();
  await expect(page.getByLabel('Note for DJI_0202.JPG')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourite DJI_0202.JPG' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('1 in your selection.')).toBeVisible();
  // And taken away from the viewer, it is gone from the card too.
  await page.getByRole('button', { name: 'Open DJI_0202.JPG' }).click();
  await viewer.getByRole('button', { name: 'Favourite', exact: true }).click();
  await expect(viewer.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByText('Tap the heart on the photos you like.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourite DJI_0202.JPG' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

/** Holds the gallery island's own script back until the returned function is called. */
async function holdGalleryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/_astro/ClientGallery*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a click on a photo before the gallery’s script has run opens the viewer on that photo once it has', async ({
  page,
}) => {
  const release = await holdGalleryScript(page);
  await page.goto(`/g/${links.early}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Open DJI_0202.JPG' }).click();
  // The island is still the server's HTML: nothing can open yet.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toBeHidden();
  release();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'DJI_0202.JPG' })).toBeVisible();
  await expect(viewer.getByText('2 of 3')).toBeVisible();
});

test('a proofing gallery’s video plays as a watermarked preview, without a download button', async ({
  page,
}) => {
  // The preview is made on the page's first visit (a few seconds for this clip).
  test.setTimeout(60_000);
  await page.goto(`/g/${links.video}`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const video = page.getByLabel('Video DJI_0204.MP4 (watermarked preview)');
  await expect(video).toHaveAttribute('controlslist', /nodownload/);
  await expect(video).toHaveAttribute('src', /\/files\/[^/]+\/preview$/);
  await expect(
    page.getByText('Watermarked preview: the full video plays once the gallery is released.'),
  ).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.2);
  const size = await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]);
  expect(Math.max(...size)).toBeLessThanOrEqual(640);
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
});
