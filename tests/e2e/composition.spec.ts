// The composition analysis tool: visitors see Admin Access Required; the owner
// chooses a photo, sees it, analyses it and reads the result in four tabs, by mouse and by keyboard.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { horizonPhoto } from '../helpers/photos';
import { seriousViolations } from './axe';

async function signInToTool(page: Page) {
  await page.goto('/api/login?next=/composition-analysis');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Composition Analysis' })).toBeVisible();
}

/** axe reads colours mid-animation as low contrast: wait until the front toast is fully shown. */
async function toastSettled(page: Page) {
  await expect(page.locator('[data-sonner-toast][data-front="true"]')).toHaveCSS('opacity', '1');
}

test('a visitor sees Admin Access Required and a way to sign in', async ({ page }) => {
  await page.goto('/composition-analysis');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    '/api/login?next=/composition-analysis',
  );
  await expect(page.getByRole('button', { name: 'Analyze Composition' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the owner is refused a too large or wrong file, then analyses a photo and reads it in tabs', async ({
  page,
}) => {
  await signInToTool(page);
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toHaveCount(0);
  const analyze = page.getByRole('button', { name: 'Analyze Composition' });
  await expect(analyze).toBeDisabled();

  // One sign-in for the whole tool (sign-in attempts are rate limited): first what is refused.
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('File too large')).toBeVisible();
  await expect(page.getByText('Please select an image under 10MB')).toBeVisible();
  await expect(page.getByRole('img', { name: /The chosen photo/ })).toHaveCount(0);
  await expect(analyze).toBeDisabled();

  await page
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Please choose a JPG, PNG or WebP photo')).toBeVisible();
  await toastSettled(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Then a photo.
  await page
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'sugarloaf.jpg', mimeType: 'image/jpeg', buffer: await horizonPhoto(0) });
  await expect(page.getByRole('img', { name: 'The chosen photo, sugarloaf.jpg' })).toBeVisible();

  // Hold the answer a moment to see the busy state.
  await page.route('**/api/analyze-composition', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await analyze.click();
  await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
  await expect(page.getByText('Analysis Complete')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Your photo composition has been analyzed!')).toBeVisible();

  const tab = (name: string) => page.getByRole('tab', { name });
  const panel = page.getByRole('tabpanel');
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  // A level horizon on a well-exposed, sharp frame: 8 or more is Excellent.
  await expect(panel.getByText('out of 10')).toBeVisible();
  await expect(panel.getByText('Excellent', { exact: true })).toBeVisible();
  expect(Number(await panel.locator('.font-display').textContent())).toBeGreaterThanOrEqual(8);
  await toastSettled(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Mouse.
  await tab('Elements').click();
  await expect(tab('Elements')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { name: 'Horizon' })).toBeVisible();
  await expect(panel.getByText(/The horizon is level/)).toBeVisible();

  // Keyboard: arrows move and select, Home and End jump.
  await tab('Elements').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Feedback')).toBeFocused();
  await expect(tab('Feedback')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { name: 'Strengths' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Improvements' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tab('Tips')).toBeFocused();
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Tips')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Overview')).toHaveAttribute('tabindex', '-1');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the owner sees what the analysis measured over the photo, reads the tips, and analyses a gallery photo that keeps its analysis', async ({
  page,
}) => {
  await signInToTool(page);

  // An upload: the overlays are drawn over the preview once it is analysed, each behind a toggle.
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'by-the-water.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync('tests/fixtures/composition/by-the-water.jpg'),
  });
  await page.getByRole('button', { name: 'Analyze Composition' }).click();
  await expect(page.getByText('Analysis Complete')).toBeVisible({ timeout: 30_000 });
  for (const [label, layer] of [
    ['Horizon line', 'horizon'],
    ['Thirds grid', 'thirds'],
    ['Salient region', 'salient'],
  ] as const) {
    const toggle = page.getByRole('checkbox', { name: label });
    const drawn = page.locator(`svg [data-overlay="${layer}"]`);
    await expect(toggle).toBeChecked();
    await expect(drawn).toHaveCount(1);
    await toggle.uncheck();
    await expect(drawn).toHaveCount(0);
    await toggle.check();
    await expect(drawn).toHaveCount(1);
  }

  // The Tips tab: this photo's tips and the general ones for its kind (landscape unless chosen).
  await page.getByRole('tab', { name: 'Tips' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Tips for this photo' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Tips for landscape photography' })).toBeVisible();
  await expect(panel.getByText(/Put the horizon on a third/)).toBeVisible();
  await page.getByLabel('Kind of photo').selectOption('aerial');
  await expect(panel.getByRole('heading', { name: 'Tips for aerial photography' })).toBeVisible();
  await expect(panel.getByText(/Look for patterns, textures and shapes/)).toBeVisible();
  await toastSettled(page);
  expect(await seriousViolations(page)).toEqual([]);

  // A gallery photo, opened from its card in the admin's Photos tab: analysed on the server from its
  // original (no upload), kept, and shown again after a reload.
  const photos = (await (await page.request.get('/api/photos')).json()) as { id: string; title: string }[];
  const photo = photos.at(-1)!;
  await page.goto('/admin?tab=photos');
  await page.getByRole('link', { name: `Analyse composition: ${photo.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/composition-analysis\\?photo=${photo.id}$`));
  await expect(page.getByRole('heading', { name: photo.title })).toBeVisible();
  await expect(page.getByText('Not analysed yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Analyze Composition' }).click();
  await expect(page.getByText('Analysis Complete')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Last analysed /)).toBeVisible();
  const score = await page.getByRole('tabpanel').locator('.font-display').textContent();

  await page.reload();
  await expect(page.getByRole('heading', { name: photo.title })).toBeVisible();
  await expect(page.getByText(/^Last analysed /)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').locator('.font-display')).toHaveText(score ?? '');
  await expect(page.locator('svg [data-overlay="thirds"]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});
