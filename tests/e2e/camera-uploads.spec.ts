// Several photos at once from a camera: the owner chooses three files in the add-photo dialog, a
// JPEG with its title and keywords in XMP, a 16-bit TIFF and a text file named .jpg. Each shows
// its own progress; the text file is refused with the server's reason while the others go on; the
// JPEG's fields are prefilled from its XMP, the TIFF's print sizes are told from the server's
// answer (a browser cannot read a TIFF's size), and both are saved with one click.
import { expect, type Page, test } from '@playwright/test';
import { jpegWithXmp, tiff16 } from '../helpers/camera-files';
import { seriousViolations } from './axe';
import { signInTo } from './sign-in';

const RUN = Date.now().toString(36);

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the owner adds three files at once: each with its own progress and error, prefilled from XMP', async ({
  page,
}) => {
  // Two large photos are uploaded and processed: well under a minute alone, but several minutes
  // with the rest of `npm test` on a slow two-core machine. The waits stop a hang; they time nothing.
  test.setTimeout(240_000);
  const PROCESSED = { timeout: 75_000 };
  const lake = `Upper Lake at dawn ${RUN}`;
  const ridge = `Tonelagee ridge ${RUN}`;
  const jpeg = await jpegWithXmp(
    {
      title: lake,
      description: 'Mist on the water before sunrise.',
      keywords: ['lake', 'mist'],
      sublocation: 'Glendalough',
      state: 'Co. Wicklow',
    },
    3000,
    2000,
  );
  const tif = await tiff16(2400, 1800);
  await signInTo(page, '/admin?tab=photos');

  // Each upload waits a moment at the server's door, so its progress can be seen.
  await page.route('**/api/objects/signed/**', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add New Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Photo' });
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles([
      { name: 'glendalough.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'tonelagee.tif', mimeType: 'image/tiff', buffer: tif },
      {
        name: 'notes.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Shot list for Saturday: Lough Tay.'),
      },
    ]);

  // The batch's progress is told in one steady line under the uploader.
  await expect(
    dialog.getByRole('status').filter({ hasText: /^\d of \d files · \d+ MB of \d+ MB/ }),
  ).toBeVisible();
  const group = (name: string) => dialog.getByRole('group', { name });
  for (const name of ['glendalough.jpg', 'tonelagee.tif', 'notes.jpg']) {
    await expect(group(name).getByRole('progressbar', { name: `Upload of ${name}` })).toBeVisible();
  }

  // The text file is refused by the server from its bytes; the two photos go on.
  await expect(
    dialog.getByRole('alert').filter({
      hasText:
        'notes.jpg was not added: This file type is not allowed. Please choose a JPG, PNG or TIFF photo.',
    }),
  ).toBeVisible(PROCESSED);
  await expect(group('notes.jpg')).toHaveCount(0);

  const jpegGroup = group('glendalough.jpg');
  await expect(jpegGroup.getByText('Image uploaded and processed.')).toBeVisible(PROCESSED);
  await expect(jpegGroup.getByLabel('Title')).toHaveValue(lake);
  await expect(jpegGroup.getByLabel('Location')).toHaveValue('Glendalough, Co. Wicklow');
  await expect(jpegGroup.getByLabel('Keywords')).toHaveValue('lake, mist');
  await expect(jpegGroup.getByLabel('Description')).toHaveValue('Mist on the water before sunrise.');
  await expect(
    jpegGroup.getByText(/Filled in from the file: title, description, location, keywords/),
  ).toBeVisible();
  await expect(jpegGroup.getByTestId('print-fit-note')).toContainText(
    'Sold as Small (8×12″) and Medium (12×16″) prints',
  );

  const tifGroup = group('tonelagee.tif');
  await expect(tifGroup.getByText('Image uploaded and processed.')).toBeVisible(PROCESSED);
  // Nothing written in this file: its title is made from the file name, for the owner to change;
  // its print sizes come from the server.
  await expect(tifGroup.getByLabel('Title')).toHaveValue('Tonelagee');
  await expect(tifGroup.getByText(/Filled in from the file: title\./)).toBeVisible();
  await expect(tifGroup.getByTestId('print-fit-note')).toContainText(
    'Sold as Small (8×12″) and Medium (12×16″) prints',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await tifGroup.getByLabel('Title').fill(ridge);
  await tifGroup.getByLabel('Category').selectOption('mountains');

  await dialog.getByRole('button', { name: 'Add 2 Photos' }).click();
  await expect(page.getByText('2 photos added successfully')).toBeVisible(PROCESSED);
  await expect(dialog).toBeHidden();
  await expect(card(page, lake)).toBeVisible();
  await expect(card(page, lake).getByText('Glendalough, Co. Wicklow')).toBeVisible();
  await expect(card(page, ridge)).toBeVisible();
});
