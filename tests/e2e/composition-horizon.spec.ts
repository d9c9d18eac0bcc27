// The owner's word on the horizon, at a phone's width and a desktop's: under the analysed preview the
// tool names what the line across the frame was taken for, and "This is the horizon" / "This is not
// the horizon" redo the analysis with that word; for a site photo the word is kept with its analysis.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';

async function signInToTool(page: Page) {
  await page.goto('/api/login?next=/composition-analysis');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Composition Analysis' })).toBeVisible();
}

for (const width of [390, 1280]) {
  test(`at ${width} px the owner says whether the line found is the horizon`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signInToTool(page);
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'by-the-water.jpg',
      mimeType: 'image/jpeg',
      buffer: readFileSync('tests/fixtures/composition/by-the-water.jpg'),
    });
    await page.getByRole('button', { name: 'Analyze Composition' }).click();
    await expect(page.getByText('Analysis Complete').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Found: a horizon (the yellow line).')).toBeVisible();

    const isNot = page.getByRole('button', { name: 'This is not the horizon' });
    const is = page.getByRole('button', { name: 'This is the horizon' });
    await expect(is).toBeVisible();
    await isNot.click();
    await expect(
      page.getByText('You said the line found is not the horizon, so there is nothing to level.'),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(isNot).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('svg [data-overlay="horizon"]')).toHaveCount(0);
    await expect(page.locator('svg [data-overlay="skyline"]')).toHaveCount(1);

    await is.click();
    await expect(
      page.getByText('You said the line found is the horizon, so it is levelled as one.'),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(is).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('svg [data-overlay="horizon"]')).toHaveCount(1);
  });
}

test('a site photo keeps the owner’s word on its horizon with its last analysis', async ({ page }) => {
  await signInToTool(page);
  // A demo photo whose sea line the analyser finds, named: other specs add photos of their own,
  // and the newest photo need not have a line at all.
  const photos = (await (await page.request.get('/api/photos')).json()) as { id: string; title: string }[];
  const photo = photos.find((p) => p.title === 'Wicklow Head Lighthouse, Dusk')!;
  expect(photo, 'the demo photo "Wicklow Head Lighthouse, Dusk"').toBeDefined();
  // A word left by an earlier run in the same data folder is taken back first: the analyser decides.
  const origin = new URL(page.url()).origin;
  const reset = await page.request.post(`/api/admin/photos/${photo.id}/analysis`, {
    data: { horizonChoice: null },
    headers: { origin },
  });
  expect(reset.status()).toBe(200);
  await page.goto(`/composition-analysis?photo=${photo.id}`);
  await expect(page.getByRole('heading', { name: photo.title })).toBeVisible();
  await page.getByRole('button', { name: 'Analyze Composition' }).click();
  await expect(page.getByText(/^Last analysed /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Found: a (horizon|skyline)/)).toBeVisible();

  await page.getByRole('button', { name: 'This is not the horizon' }).click();
  const said = page.getByText('You said the line found is not the horizon, so there is nothing to level.');
  await expect(said).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(said).toBeVisible();
  await expect(page.getByRole('button', { name: 'This is not the horizon' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Analysed again without a new word: the kept word still stands.
  await page.getByRole('button', { name: 'Analyze Composition' }).click();
  await expect(page.getByText('Analysis Complete').first()).toBeVisible({ timeout: 30_000 });
  await expect(said).toBeVisible();

  // A choice that is not one of the two is refused with a sentence.
  const refused = await page.request.post(`/api/admin/photos/${photo.id}/analysis`, {
    data: { horizonChoice: 'sideways' },
    headers: { origin },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'The horizon choice must be "horizon" or "not-horizon".',
  );
});
