// The Photos tab's add-photo dialog, as a browser test drives it: a plain JPEG of a given pixel size,
// and what the dialog says about print sizes before saving.
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** A photo's card in the Photos tab, found by its title. */
export const photoCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Adds a photo of that pixel size through the dialog; checks what the dialog says before saving. */
export async function addPhoto(page: Page, title: string, width: number, height: number, before: string) {
  await page.getByRole('button', { name: 'Add New Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Photo' });
  await dialog.getByLabel('Title').fill(title);
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#5d7f8a' } })
    .jpeg()
    .toBuffer();
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: `${title}.jpg`, mimeType: 'image/jpeg', buffer: jpeg });
  await expect(dialog.getByTestId('print-fit-note')).toContainText(before);
  await dialog.getByRole('button', { name: 'Add Photo' }).click();
  // The dialog closes once the photo is saved (a refusal keeps it open, with the reason). The toast
  // of a photo added just before may still be on screen beside this one's.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Photo added successfully').first()).toBeVisible();
}
