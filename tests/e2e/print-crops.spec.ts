// The crops the owner approves, in the browser: the owner adds a 3:2 photo, opens it, sees that
// Medium (12x16) and Large (16x20) are crops of it, and that a square 12x12 the shop sells too is not
// offered until its crop is approved; moves the Large crop towards the left, stops offering Medium,
// and saves; the buyer's print dialog then offers no Medium for that photo and draws the Large crop
// with the part left out dimmed. Screens at 1280 px and 390 px are kept.
import { expect, type Page, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { printPriceKey, writeDefaultPrice } from '~/lib/shop/default-price-list.server';
import { appMeta, catalogueOffers } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { photoCard } from './add-photo';
import { seriousViolations } from './axe';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const TITLE = `Sugarloaf crop ${RUN}`;

/** The shop sells square 12x12 inch matte prints too while the test runs (a crop of a 3:2 photo). */
const sellSquare = () =>
  withSiteDb(DATA_DIR, (db) => {
    db.insert(catalogueOffers).values({ size: '12x12', finish: 'matte' }).onConflictDoNothing().run();
    writeDefaultPrice(db, '12x12', 'matte', 6000);
  });
const stopSellingSquare = () =>
  withSiteDb(DATA_DIR, (db) => {
    db.delete(catalogueOffers)
      .where(and(eq(catalogueOffers.size, '12x12'), eq(catalogueOffers.finish, 'matte')))
      .run();
    db.delete(appMeta)
      .where(eq(appMeta.key, printPriceKey('12x12', 'matte')))
      .run();
  });

/** A drawn 3:2 landscape of 3600 × 2400 px (enough for every size): sky, a sun on the left, hills. */
async function landscapeJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3600" height="2400">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7fa7c9"/><stop offset="1" stop-color="#f2d7a6"/></linearGradient></defs>
    <rect width="3600" height="2400" fill="url(#sky)"/>
    <circle cx="420" cy="700" r="260" fill="#f7c548"/>
    <path d="M0 1700 L900 1000 L1500 1500 L2300 800 L3600 1600 L3600 2400 L0 2400 Z" fill="#3d5a45"/>
    <path d="M0 2000 L1200 1600 L2400 2100 L3600 1800 L3600 2400 L0 2400 Z" fill="#2a3d30"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function addLandscape(page: Page) {
  await page.getByRole('button', { name: 'Add New Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Photo' });
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'sugarloaf.jpg', mimeType: 'image/jpeg', buffer: await landscapeJpeg() });
  // The note waits for the browser to decode the 3,600 px photo, which took longer than the default
  // wait once on a busy two-core machine; the wait only stops a test that hangs.
  await expect(dialog.getByTestId('print-fit-note')).toContainText('Large (16×20″)', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Add Photo' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('the owner moves the Large crop and withdraws Medium; the print dialog follows', async ({ page }) => {
  test.setTimeout(120_000);
  sellSquare();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInTo(page, '/admin?tab=photos');
    await addLandscape(page);

    await photoCard(page, TITLE)
      .getByRole('button', { name: `Edit: ${TITLE}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Photo' });
    const crops = dialog.getByRole('group', { name: 'Print crops' });
    await expect(crops.getByText('Cuts 11% of the width')).toBeVisible();
    await expect(crops.getByText('Cuts 17% of the width')).toBeVisible();
    // Small (8x12) has the photo's own proportion: it prints whole and needs no choice.
    await expect(crops.getByRole('group', { name: 'Small, 8 × 12 in (20 × 30 cm)' })).toHaveCount(0);

    const large = crops.getByRole('slider', { name: 'Crop position, Large, 16 × 20 in (41 × 51 cm)' });
    await expect(large).toHaveAttribute('aria-valuetext', 'Centre');
    await large.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await expect(large).toHaveAttribute('aria-valuetext', '20% from the left');

    // A square print is a crop of this photo that the owner has not approved: not offered yet, and
    // its crop can be moved before it is.
    const square = crops.getByRole('group', { name: '12 × 12 in (30 × 30 cm)' });
    await expect(square.getByRole('checkbox', { name: 'Offer this size' })).not.toBeChecked();
    await expect(square.getByText('Not offered until you approve this crop.')).toBeVisible();
    await expect(square.getByRole('slider')).toBeEnabled();

    const medium = crops.getByRole('group', { name: 'Medium, 12 × 16 in (30 × 41 cm)' });
    await medium.getByRole('checkbox', { name: 'Offer this size' }).uncheck();
    await expect(medium.getByText('Not offered: this crop does not work.')).toBeVisible();
    await expect(
      crops.getByRole('slider', { name: 'Crop position, Medium, 12 × 16 in (30 × 41 cm)' }),
    ).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await crops.scrollIntoViewIfNeeded();
    await crops.screenshot({ path: test.info().outputPath('owner-crops-1280.png') });

    await crops.getByRole('button', { name: 'Save print crops' }).click();
    await expect(page.getByText('Print crops saved')).toBeVisible();
    await expect(
      page.getByText('Not offered: 12 × 12 in (30 × 30 cm); Medium, 12 × 16 in (30 × 41 cm).'),
    ).toBeVisible();

    // At 390 px the same controls stack under each picture.
    await page.setViewportSize({ width: 390, height: 844 });
    await crops.scrollIntoViewIfNeeded();
    await crops.screenshot({ path: test.info().outputPath('owner-crops-390.png') });
    const overflow = await crops.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The reopened dialog shows what was saved.
    await page.setViewportSize({ width: 1280, height: 900 });
    await photoCard(page, TITLE)
      .getByRole('button', { name: `Edit: ${TITLE}` })
      .click();
    await expect(
      page.getByRole('slider', { name: 'Crop position, Large, 16 × 20 in (41 × 51 cm)' }),
    ).toHaveAttribute('aria-valuetext', '20% from the left');
    await expect(
      page
        .getByRole('group', { name: 'Medium, 12 × 16 in (30 × 41 cm)' })
        .getByRole('checkbox', { name: 'Offer this size' }),
    ).not.toBeChecked();
    await page.getByRole('dialog', { name: 'Edit Photo' }).getByRole('button', { name: 'Cancel' }).click();

    // The buyer's print dialog: no Medium; Large is drawn as the crop the owner chose.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto('/shop');
      await page.getByPlaceholder('Search photos...').fill(TITLE.toLowerCase());
      await page.getByRole('button', { name: `Customise print: ${TITLE}` }).click();
      const print = page.getByRole('dialog', { name: TITLE });
      await expect(print.getByRole('radio', { name: /Small/ })).toBeChecked();
      await expect(print.getByRole('radio', { name: /Large/ })).toBeVisible();
      await expect(print.getByRole('radio', { name: /Medium/ })).toHaveCount(0);
      await expect(print.getByText(/12 × 16 in/)).toHaveCount(0);
      // Small prints the photo whole; Large leaves out the dimmed part, more of it on the right.
      await expect(print.getByTestId('print-crop-dim')).toHaveCount(0);
      await print.getByRole('radio', { name: /Large/ }).check();
      const dims = print.getByTestId('print-crop-dim');
      await expect(dims).toHaveCount(2);
      const [left, right] = await Promise.all([dims.nth(0).boundingBox(), dims.nth(1).boundingBox()]);
      expect(left && right && right.width > left.width * 3).toBe(true);
      await expect(print.getByText('A 16 × 20 in (41 × 51 cm) print is a crop of this photo')).toBeVisible();
      await print.screenshot({ path: test.info().outputPath(`print-dialog-${width}.png`) });
      await print.getByRole('button', { name: 'Close' }).first().click();
    }
  } finally {
    stopSellingSquare();
  }
});
