// The owner's backgrounds: a hero background set on /background-editor shows on the home page and
// goes again when removed; refused image addresses say why; the Backgrounds tab's gallery picker
// sets the homepage background; the Drone Services Photos manager fills to 2/2 and then shows the
// limit message. Axe finds nothing serious on the tab or the editor. What a test adds it removes.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { OWNER } from '../../playwright.config';
import { seriousViolations } from './axe';

async function signInTo(page: Page, path: string, heading: string) {
  await page.goto(`/api/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const jpeg = (background: string) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Removes the hero background, if any, so the next test starts from the seed's look. */
async function removeHeroBackground(page: Page, baseURL: string) {
  const list = (await (await page.request.get('/api/background-images')).json()) as {
    id: string;
    section: string;
  }[];
  for (const bg of list.filter((b) => b.section === 'hero')) {
    await page.request.delete(`/api/background-images/${bg.id}`, { headers: { origin: baseURL } });
  }
}

test('a hero background set on /background-editor shows on the home page until it is removed', async ({
  page,
  baseURL,
}) => {
  page.on('dialog', (d) => void d.accept());
  await signInTo(page, '/background-editor', 'Background Editor');
  await removeHeroBackground(page, baseURL ?? '');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', /\/admin/);
  for (const title of [
    'Homepage Hero',
    'About Section',
    'Gallery Section',
    'Contact Section',
    'Shop Header',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);

  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Homepage Hero' }) });
  await card.getByRole('button', { name: 'Add Homepage Hero background' }).click();
  const url = card.getByLabel('Image URL');
  const save = card.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  // Refused here by the shared rules, and by the server for a private address.
  await url.fill('javascript:alert(1)');
  await save.click();
  await expect(card.getByText(/javascript: addresses are not allowed/)).toBeVisible();
  await url.fill('https://127.0.0.1/lake.jpg');
  await save.click();
  await expect(
    page.getByText(/Failed to update background image\. .*private or reserved network address/),
  ).toBeVisible({ timeout: 15_000 });

  // An upload fills the Image URL with the processed image and shows its preview.
  await url.fill('');
  await card
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'sugarloaf.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#7a5a3a') });
  await card.getByRole('button', { name: /^Upload 1 file/ }).click();
  await expect(url).toHaveValue(/^\/media\/[A-Za-z0-9_-]+\/\d+\.jpg$/, { timeout: 20_000 });
  const mediaId = (await url.inputValue()).split('/')[2] ?? '';
  await card.getByLabel('Alt Text (optional)').fill('Sugarloaf at first light');
  await expect(card.getByRole('img', { name: 'Sugarloaf at first light' })).toBeVisible();
  await save.click();
  await expect(page.getByText('The background image has been updated successfully.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(card.getByRole('button', { name: 'Change Homepage Hero background' })).toBeVisible();

  await page.goto('/');
  const hero = page.locator('#home img').first();
  await expect(hero).toHaveAttribute('alt', 'Sugarloaf at first light');
  await expect(hero).toHaveAttribute('src', new RegExp(`/media/${mediaId}/`));
  await expect(page.locator('#home picture source').first()).toHaveAttribute(
    'srcset',
    new RegExp(`/media/${mediaId}/`),
  );
  await expect(hero).toHaveAttribute('fetchpriority', 'high');

  await page.goto('/background-editor');
  await card.getByRole('button', { name: 'Delete Homepage Hero background' }).click();
  await expect(page.getByText('The background image has been removed successfully.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add Homepage Hero background' })).toBeVisible();
  await page.goto('/');
  await expect(page.locator(`#home img[src*="/media/${mediaId}/"]`)).toHaveCount(0);
});

test('the Backgrounds tab picks a gallery photo for the homepage and fills the drone photos to 2/2', async ({
  page,
  baseURL,
}) => {
  page.on('dialog', (d) => void d.accept());
  await signInTo(page, '/admin', 'Admin Dashboard');
  const card = page.getByRole('region', { name: 'Background Images' });
  await expect(card.getByRole('link', { name: 'Open the Background Editor' })).toHaveAttribute(
    'href',
    '/background-editor',
  );
  await page.getByRole('tab', { name: 'Backgrounds' }).click();
  await expect(page.getByRole('heading', { name: 'Current Homepage Background' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Drone Services Photos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the Background Editor' })).toHaveAttribute(
    'href',
    '/background-editor',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The gallery picker: the chosen photo becomes the homepage background.
  const choices = page.getByRole('button', { name: /^Use as homepage background: / });
  await expect(choices.first()).toBeVisible();
  const chosen = choices.nth(1);
  const title = ((await chosen.textContent()) ?? '').replace('Use as homepage background: ', '').trim();
  await chosen.click();
  await expect(page.getByText('Homepage background updated successfully')).toBeVisible();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: `Current homepage background: ${title}` })).toBeVisible();
  await removeHeroBackground(page, baseURL ?? '');

  // Drone photos: at 2 the upload gives way to the limit message; deleting one brings it back.
  const manager = page.getByRole('region', { name: 'Drone Services Photos' });
  const limit = manager.getByText(
    'Upload Limit Reached: Maximum of 2 drone service photos allowed. Please delete an existing photo first.',
  );
  const upload = manager.getByRole('button', { name: 'Upload Photo' });
  const deletes = manager.getByRole('button', { name: /^Delete / });
  const existing = ((await (await page.request.get('/api/drone-media')).json()) as { type: string }[]).filter(
    (m) => m.type === 'photo',
  ).length;
  await expect(manager.getByText(`${existing}/2`, { exact: true })).toBeVisible();
  if (existing >= 2) {
    await expect(limit).toBeVisible();
    await expect(upload).toHaveCount(0);
    await deletes.last().click();
    await expect(manager.getByText(`${existing - 1}/2`, { exact: true })).toBeVisible();
  }
  await expect(limit).toHaveCount(0);

  // A name is required; then fill to 2.
  await upload.click();
  await expect(manager.getByRole('alert')).toHaveText(
    'Photo Name Required: Please enter a name for the photo before uploading.',
  );
  const count = await deletes.count();
  const added: string[] = [];
  for (let n = count; n < 2; n++) {
    const name = `Lough Dan from above ${n + 1}`;
    await manager.getByLabel('Photo Name (required)').fill(name);
    await manager
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: `dan-${n}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(`#3a5a${n}a`) });
    await upload.click();
    await expect(page.getByText('Drone service photo uploaded successfully')).toBeVisible({
      timeout: 20_000,
    });
    await expect(manager.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
    added.push(name);
  }
  expect(added.length).toBeGreaterThan(0);
  await expect(manager.getByText('2/2', { exact: true })).toBeVisible();
  await expect(limit).toBeVisible();
  await expect(upload).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The photo is on the drone services page. The places stay filled, as the seed left them.
  const last = added.at(-1) ?? '';
  expect(await (await page.request.get('/drone-services')).text()).toContain(last);
});
