// A photo sold in several materials, as a buyer chooses its print: the material first ("Material",
// each with what it is), then only the sizes that material comes in, in inches and centimetres, then
// framing only for a paper. The shop turns on canvas, fine-art paper and aluminium in a few sizes;
// Lough Tay (4200 × 2800 px, 3:2) is offered those that print it whole and sharp. Checked in the
// shop's print dialog and on the print page, at 1280 px and 390 px (axe clean, fits its width).
import { expect, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { writeDefaultPrice } from '~/lib/shop/default-price-list.server';
import { createMissingVariants } from '~/lib/shop/products.server';
import { MATERIALS } from '~/lib/site/catalogue';
import { catalogueOffers, photos } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { type RunningServer, startServer } from '../helpers/server';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';

const TITLE = 'Lough Tay at First Light';
/** The products the shop turns on, at these prices in cents; 20x30 needs more pixels than the photo has. */
const TURNED_ON = [
  { size: '12x18', finish: 'canvas', cents: 11_000 },
  { size: '16x24', finish: 'canvas', cents: 16_000 },
  { size: '20x30', finish: 'canvas', cents: 21_000 },
  { size: 'small', finish: 'fine-art', cents: 6_000 },
  { size: '12x18', finish: 'fine-art', cents: 9_000 },
  { size: '16x24', finish: 'aluminium', cents: 24_000 },
] as const;

let site: RunningServer;
let slug = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startServer({ SEED_DEMO: '1' });
  slug = withSiteDb(site.dataDir, (db) => {
    for (const { size, finish, cents } of TURNED_ON) {
      db.insert(catalogueOffers).values({ size, finish }).run();
      writeDefaultPrice(db, size, finish, cents);
    }
    createMissingVariants(db);
    return db.select({ slug: photos.slug }).from(photos).where(eq(photos.title, TITLE)).get()?.slug ?? '';
  });
});
test.afterAll(async () => {
  await site?.stop();
});

const sizeRadios = (scope: ReturnType<Page['getByRole']>) =>
  scope.getByRole('group', { name: 'Size' }).getByRole('radio');

for (const width of [1280, 390]) {
  test(`the print dialog offers the material first, then its sizes in cm and inches (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(`${site.url}/shop`);
    await page.getByPlaceholder('Search photos...').fill('lough tay');
    await page.getByRole('button', { name: `Customise print: ${TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: TITLE });

    const materials = dialog.getByRole('group', { name: 'Material' }).getByRole('radio');
    await expect(materials).toHaveCount(5);
    for (const [i, name] of ['Matte', 'Gloss', 'Fine-art paper', 'Canvas', 'Aluminium'].entries()) {
      await expect(materials.nth(i)).toHaveAccessibleName(name);
    }
    await expect(dialog.getByRole('radio', { name: 'Acrylic' })).toHaveCount(0);
    const canvas = dialog.getByRole('radio', { name: 'Canvas' });
    await expect(canvas).toHaveAccessibleDescription(MATERIALS.canvas.description);
    await expect(dialog.getByText(MATERIALS.canvas.description)).toBeVisible();
    // Small matte first, its sizes named with both units; a paper can be framed.
    await expect(dialog.getByRole('radio', { name: 'Matte' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /^Small · 8 × 12 in \(20 × 30 cm\)/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /Framed/ })).toBeVisible();

    await canvas.check();
    const sizes = sizeRadios(dialog);
    await expect(sizes).toHaveCount(2);
    await expect(sizes.nth(0)).toHaveAccessibleName(/^12 × 18 in \(30 × 46 cm\)/);
    await expect(sizes.nth(1)).toHaveAccessibleName(/^16 × 24 in \(41 × 61 cm\)/);
    // Small is not made in canvas: the smallest canvas size is chosen in its place.
    await expect(sizes.nth(0)).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /Small|Medium|Large/ })).toHaveCount(0);
    await expect(dialog.getByRole('group', { name: 'Framing' })).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: /Framed/ })).toHaveCount(0);
    await expect(dialog.getByText('Canvas is not framed: it comes ready to hang.')).toBeVisible();
    await expect(dialog.getByTestId('unit-price')).toHaveText('€110.00');
    await sizes.nth(1).check();
    await expect(dialog.getByTestId('unit-price')).toHaveText('€160.00');

    // Aluminium has only 16x24: the size chosen in canvas stays.
    await dialog.getByRole('radio', { name: 'Aluminium' }).check();
    await expect(sizes).toHaveCount(1);
    await expect(sizes.first()).toBeChecked();
    await expect(dialog.getByTestId('unit-price')).toHaveText('€240.00');

    await canvas.check();
    expect(await seriousViolations(page)).toEqual([]);
    await expectFits(page, `the print dialog with several materials at ${width} px`);
    await dialog.screenshot({ path: test.info().outputPath(`print-dialog-materials-${width}.png`) });

    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`1 × ${TITLE}, 16x24 inches canvas`)).toBeVisible();
  });
}

test('the print page offers the material first, and only its sizes', async ({ page }) => {
  await page.goto(`${site.url}/prints/${slug}`);
  const options = page.getByRole('form', { name: `Print options: ${TITLE}` });
  await expect(options.getByRole('radio', { name: 'Matte' })).toBeChecked();
  await expect(options.getByRole('radio', { name: 'Canvas' })).toHaveAccessibleDescription(
    MATERIALS.canvas.description,
  );
  await expect(sizeRadios(options)).toHaveCount(3);
  // The page is still settling right after it loads (its photo and script arrive): a click that
  // lands before then is tried again.
  await expect(async () => {
    await options.getByRole('radio', { name: 'Canvas' }).check({ timeout: 2_000 });
    await expect(sizeRadios(options)).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(sizeRadios(options).first()).toHaveAccessibleName(/^12 × 18 in \(30 × 46 cm\)/);
  await expect(sizeRadios(options).first()).toBeChecked();
  await expect(options.getByRole('group', { name: 'Framing' })).toBeHidden();
  await expect(options.getByText('Canvas is not framed: it comes ready to hang.')).toBeVisible();
  await expect(options.locator('[data-unit-price]')).toHaveText('€110.00');
  // The product safety section says what each material is.
  const safety = page.getByRole('region', { name: 'Product safety' });
  await expect(safety.getByText(`Aluminium: ${MATERIALS.aluminium.description}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await options.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(options.getByRole('status')).toHaveText(`Added to cart: 1 × ${TITLE}, 12x18 inches canvas.`);
});
