// The owner's Galleries tab in the browser: a gallery made from the form with a PIN, two photos
// uploaded over tus (the first PATCH of one is cut off, and Uppy resumes it: a HEAD asks how much
// arrived, then the rest is sent), both processed; a link made, its address shown once, then
// revoked. The tab is axe clean and fits a phone's 390 px.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { cutFirstPatch } from './cut-first-patch';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const photo = (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: readFileSync(`tests/fixtures/composition/${name}`),
});

test('the owner makes a gallery with a PIN, uploads two photos (one resumed), makes a link and revokes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, '/admin?tab=galleries');
  const title = `Powerscourt ${Date.now().toString(36)}`;

  await page.getByRole('button', { name: 'New gallery' }).click();
  const form = page.getByRole('form', { name: 'New gallery' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Client’s name').fill('Aoife Byrne');
  await form.getByLabel('Client’s e-mail (optional)').fill('aoife@example.com');
  await form.getByLabel('PIN (optional)').fill('0427');
  await form.getByLabel('Downloads').selectOption({ label: 'Originals' });
  await form.getByRole('button', { name: 'Create gallery' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Aoife Byrne · PIN · original downloads')).toBeVisible();

  // The first PATCH is cut off as a lost connection would be; the uploader must resume.
  const { seen, wasCut } = await cutFirstPatch(page);
  await page
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles([photo('bridge-beach.jpg'), photo('cold-ripple.jpg')]);
  await page.getByRole('button', { name: /^Upload 2 files/ }).click();
  const files = page.getByRole('list', { name: 'Files' });
  for (const name of ['bridge-beach.jpg', 'cold-ripple.jpg']) {
    await expect(files.getByRole('listitem').filter({ hasText: name })).toContainText('Ready', {
      timeout: 60_000,
    });
  }
  expect(wasCut()).toBe(true);
  expect(seen).toContain('HEAD');
  expect(seen.filter((m) => m === 'PATCH').length).toBeGreaterThanOrEqual(3);

  // A link, shown once, then revoked.
  const links = page.getByRole('form', { name: 'New link' });
  await links.getByLabel('Recipient’s name').fill('Ciara');
  await links.getByRole('button', { name: 'Make link' }).click();
  const shown = page.getByRole('region', { name: 'New link for Ciara' });
  await expect(shown.getByLabel('Link')).toHaveValue(/\/g\/[A-Za-z0-9_-]{43}$/);
  // axe measures a toast's colours mid-fade as too faint: it looks once they are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const card = page.getByRole('list', { name: 'Links' }).getByRole('listitem').filter({ hasText: 'Ciara' });
  await expect(card).toContainText('open');
  await card.getByRole('button', { name: 'Revoke the link of Ciara' }).click();
  await expect(card).toContainText('revoked');
  await expect(card.getByRole('button', { name: 'Restore the link of Ciara' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, 'a gallery in the Galleries tab');
  expect(await seriousViolations(page)).toEqual([]);
});
