// The owner's Photos tab in the browser: add a photo through the dialog with Uppy's progress, edit
// its title, make it the homepage hero and see both on the home page; hide it and see it gone from
// the shop; delete it; reorder featured photos from the keyboard; axe on the tab and the dialog.
// @both-stores: npm test runs this file a second time with the site's media in S3 (E2E_STORAGE=s3).
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { OWNER } from '../../playwright.config';
import { seriousViolations } from './axe';

const RUN = Date.now().toString(36);
const TITLE = `Wicklow Gap ${RUN}`;
const EDITED = `Wicklow Gap at Dusk ${RUN}`;

async function signInToPhotos(page: Page) {
  await page.goto(`/api/login?next=${encodeURIComponent('/admin?tab=photos')}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add New Photo' })).toBeVisible();
}

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the owner adds, edits, makes hero, hides and deletes a photo', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToPhotos(page);

  await page.getByRole('button', { name: 'Add New Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Photo' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.getByRole('button', { name: 'Add Photo' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Please select an image file' })).toBeVisible();

  const jpeg = await sharp({ create: { width: 2000, height: 1333, channels: 3, background: '#7d8f6a' } })
    .jpeg()
    .toBuffer();
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'gap.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  // The file is uploaded as soon as it is chosen; Uppy's status bar runs its progress to
  // 'Complete' once the signed upload has been stored.
  await expect(dialog.getByRole('status').filter({ hasText: 'Complete' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('Image uploaded and processed.')).toBeVisible();
  await dialog.getByLabel('Location').fill('Co. Wicklow');
  await dialog.getByLabel('Category').selectOption('mountains');
  await dialog.getByRole('button', { name: 'Add Photo' }).click();
  await expect(page.getByText('Photo added successfully')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(card(page, TITLE)).toBeVisible();

  // Edit the title; the image is kept.
  await card(page, TITLE)
    .getByRole('button', { name: `Edit: ${TITLE}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Photo' });
  await expect(edit.getByLabel('Title')).toHaveValue(TITLE);
  await edit.getByLabel('Title').fill(EDITED);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Photo updated successfully')).toBeVisible({ timeout: 20_000 });
  await expect(card(page, EDITED)).toBeVisible();

  // Make it the homepage hero.
  await card(page, EDITED)
    .getByRole('button', { name: `Set as Homepage: ${EDITED}` })
    .click();
  await expect(page.getByText('Homepage hero photo updated successfully')).toBeVisible();
  await expect(card(page, EDITED).getByText('Homepage Hero')).toBeVisible();

  // The home page shows it as the hero, under its new title.
  await page.goto('/');
  const hero = page.locator('#home');
  await expect(hero.getByRole('img', { name: `${EDITED}, Co. Wicklow` })).toBeAttached();
  await expect(hero.getByText(`${EDITED} · Co. Wicklow`)).toBeVisible();

  // View goes to its card in the shop.
  await page.goto('/admin?tab=photos');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await card(page, EDITED)
    .getByRole('link', { name: `View: ${EDITED}` })
    .click();
  await expect(page).toHaveURL(/\/shop(\?page=\d+)?#photo-/);
  await expect(page.getByRole('heading', { name: EDITED })).toBeVisible();

  // Hide it: it leaves the shop, and stops being the hero.
  await page.goto('/admin?tab=photos');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await card(page, EDITED)
    .getByRole('button', { name: `Hide: ${EDITED}` })
    .click();
  await expect(card(page, EDITED).getByText('Hidden', { exact: true })).toBeVisible();
  await expect(card(page, EDITED).getByText('Homepage Hero')).toHaveCount(0);
  await page.goto('/shop');
  await expect(page.locator('[data-print-card]').first()).toBeVisible();
  expect(await page.content()).not.toContain(EDITED);

  // Never ordered, so it can be deleted, after a confirmation.
  await page.goto('/admin?tab=photos');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  page.once('dialog', (d) => {
    expect(d.message()).toContain('can only be hidden');
    void d.accept();
  });
  await card(page, EDITED)
    .getByRole('button', { name: `Delete: ${EDITED}` })
    .click();
  await expect(page.getByText('Photo deleted')).toBeVisible();
  await expect(card(page, EDITED)).toHaveCount(0);
});

test('the featured photos can be put in order from the keyboard', async ({ page }) => {
  await signInToPhotos(page);
  const order = page.getByRole('region', { name: 'Order of featured photos' });
  await expect(order).toBeVisible();
  const rows = order.getByRole('listitem');
  const first =
    (await rows
      .nth(0)
      .getByRole('button', { name: /^Move down: / })
      .getAttribute('id')) ?? '';
  const firstTitle = (await rows.nth(0).locator('.truncate').textContent()) ?? '';
  await page.locator(`[id="${first}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(order.getByText(`${firstTitle} moved to position 2 of`)).toBeAttached();
  await expect(rows.nth(1)).toContainText(firstTitle);
  await order.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Featured order saved')).toBeVisible();
  await page.reload();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Order of featured photos' }).getByRole('listitem').nth(1),
  ).toContainText(firstTitle);

  // Drag and drop: the third photo dragged onto the first takes its place.
  const again = page.getByRole('region', { name: 'Order of featured photos' }).getByRole('listitem');
  const thirdTitle = (await again.nth(2).locator('.truncate').textContent()) ?? '';
  await again.nth(2).dragTo(again.nth(0));
  await expect(again.nth(0)).toContainText(thirdTitle);
  await expect(page.getByText(`${thirdTitle} moved to position 1 of`)).toBeAttached();
});

test('axe finds no serious or critical violation on the Photos tab and its dialog', async ({ page }) => {
  // axe over a grid of every photo takes a while on a busy machine.
  test.setTimeout(90_000);
  await signInToPhotos(page);
  await expect(page.getByRole('heading', { name: 'Order of featured photos' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add New Photo' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Photo' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
