// A client's gallery of 60 photos, in the browser: the page arrives with the first page of photos,
// and scrolling down fetches the rest; a heart on a photo of the later page counts in the selection,
// and the full-screen viewer opens on it. The gallery is made by the factories straight into the
// e2e site's data folder (the 60 rows share one processed photo's copies).
import { expect, test } from '@playwright/test';
import { withSiteDb } from '../helpers/db';
import { addGalleryFiles, galleryPhoto, makeGallery, makeGalleryLink } from '../helpers/gallery-factories';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const PHOTOS = 60;
const nameOf = (i: number) => `LONG_${RUN}_${String(i).padStart(2, '0')}.JPG`;
let token = '';

test.beforeAll(async () => {
  const photo = await galleryPhoto(DATA_DIR, nameOf(0));
  withSiteDb(DATA_DIR, (db) => {
    const gallery = makeGallery(db, { title: `Avoca wedding ${RUN}`, downloads: 'web' });
    addGalleryFiles(
      db,
      gallery.id,
      Array.from({ length: PHOTOS }, (_, i) => ({ ...photo, fileName: nameOf(i), sortOrder: i })),
    );
    token = makeGalleryLink(db, gallery.id, { recipientName: `Ciara ${RUN}` }).token;
  });
});

test('scrolling a gallery of 60 photos loads the ones after the first page', async ({ page }) => {
  await page.goto(`/g/${token}`);
  const heartOf = (i: number) => page.getByRole('button', { name: `Favourite ${nameOf(i)}` });
  await expect(heartOf(47)).toBeAttached();
  await expect(heartOf(48)).toHaveCount(0);
  await expect(page.getByText('Showing 48 of 60 files.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more photos' })).toBeVisible();

  // The visitor scrolls to the end of the grid: the next page comes without a click.
  await page.keyboard.press('End');
  await page.mouse.wheel(0, 100_000);
  await expect(heartOf(PHOTOS - 1)).toBeAttached();
  await expect(page.getByRole('button', { name: 'Show more photos' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Favourite / })).toHaveCount(PHOTOS);

  // A heart on the later page counts with the others, and the viewer reaches its photo.
  await heartOf(55).click();
  await expect(heartOf(55)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 in your selection.')).toBeVisible();
  await page.getByRole('button', { name: `Open ${nameOf(58)}` }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: nameOf(58) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Opened again, the heart is still counted, though its photo is on the page not yet loaded. (Not
  // a reload: the browser would restore the scroll to the grid's end and load that page at once.)
  await page.goto(`/g/${token}`);
  await expect(page.getByText('1 in your selection.')).toBeVisible();
  await expect(heartOf(55)).toHaveCount(0);
});
