// Price lists in the browser. The owner creates a list "Large formats" in the Products tab's
// "Price lists" card (a price left empty is refused under its field first, and nothing is saved),
// with edition copies at 300%, and gives it to the Mountains collection: a mountain photo's print
// page shows the list's price, a limited edition of the mountains its edition price, and a coastal
// photo the default's. In the photo dialog the coastal photo is given the list too, its prices said
// in words, and its print page follows. Deleting the list says what goes back to the default, and the
// prices do. The card fits 1280 and 390 px, axe clean. What the test makes it removes (the browser
// tests share one site).
import { expect, type Page, test } from '@playwright/test';
import { inArray } from 'drizzle-orm';
import { formatEuro } from '~/lib/platform/shared/format';
import { currentPrices } from '~/lib/shop/default-price-list.server';
import { repriceVariants } from '~/lib/shop/price-list-repricing.server';
import { gridPrice } from '~/lib/shop/price-lists';
import { createVariantsForPhoto } from '~/lib/shop/products.server';
import { photos, priceLists } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makePhoto } from '../helpers/factories';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const LIST = 'Large formats';
const TITLES = {
  mountain: `Lugnaquilla ridge ${RUN}`,
  edition: `Tonelagee snow ${RUN}`,
  coastal: `Bray Head swell ${RUN}`,
};

/** The price of a size's matte print in the print page's "Sizes and prices" table. */
async function mattePrice(page: Page, slug: string, size: 'Small' | 'Large') {
  await page.goto(`/prints/${slug}`);
  const table = page.getByRole('region', { name: 'Sizes and prices' }).getByRole('table');
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${size}`) }) });
  return (await row.getByRole('cell').first().textContent())?.trim();
}

function forget() {
  withSiteDb(DATA_DIR, (db) => {
    db.delete(priceLists)
      .where(inArray(priceLists.name, [LIST]))
      .run();
    db.delete(photos)
      .where(inArray(photos.title, Object.values(TITLES)))
      .run();
    repriceVariants(db, 'all');
  });
}

test('the owner prices the Mountains collection with a list of its own', async ({ page }) => {
  test.setTimeout(90_000);
  const made = withSiteDb(DATA_DIR, (db) => {
    const photo = (title: string, category: 'mountains' | 'coastal', editionSize: number | null = null) => {
      const row = makePhoto(db, { title, category, editionSize });
      createVariantsForPhoto(db, row.id);
      return row.slug ?? '';
    };
    return {
      mountain: photo(TITLES.mountain, 'mountains'),
      edition: photo(TITLES.edition, 'mountains', 5),
      coastal: photo(TITLES.coastal, 'coastal'),
      defaultLarge: formatEuro(gridPrice(currentPrices(db), 'large', 'matte') ?? 0),
    };
  });
  try {
    await signInTo(page, '/admin?tab=products');
    const card = page.getByRole('region', { name: 'Price lists' });
    await expect(card.getByRole('listitem', { name: 'Default price list' })).toBeVisible();
    await card.getByRole('button', { name: 'New price list' }).click();
    const form = card.getByRole('form', { name: 'New price list' });
    await form.getByLabel('Name').fill(LIST);
    // One group of fields per material, a field per size in both units.
    const price = (size: string, material: string) =>
      form
        .getByRole('group', { name: material, exact: true })
        .getByLabel(new RegExp(`^${size}, .*, in euros$`));
    for (const [size, euros] of [
      ['Small', '60'],
      ['Medium', '95'],
      ['Large', '150'],
    ] as const) {
      await price(size, 'Matte').fill(euros);
      await price(size, 'Gloss').fill(euros);
    }
    await form.getByRole('radio', { name: 'A percentage of the open print' }).check();
    await form.getByLabel('Edition price, percent of the open print').fill('300');
    await expect(form.getByText('Edition copies: small matte €180, gloss €180;')).toBeVisible();

    // A price left empty is refused under its field, and nothing is saved.
    await price('Large', 'Gloss').fill('');
    await form.getByRole('button', { name: 'Create price list' }).click();
    await expect(price('Large', 'Gloss')).toHaveAccessibleDescription(
      'The price of large gloss prints must be a number of euros from 0 to 100000 with at most 2 decimals (got "").',
    );
    expect(withSiteDb(DATA_DIR, (db) => db.select().from(priceLists).all())).toEqual([]);
    await price('Large', 'Gloss').fill('150');
    await form.getByRole('button', { name: 'Create price list' }).click();
    await expect(page.getByText('Price list created')).toBeVisible();
    const item = card.getByRole('listitem', { name: LIST });
    await expect(item.getByText('Prices 0 photos.')).toBeVisible();

    await card.getByRole('combobox', { name: 'Mountains' }).selectOption({ label: LIST });
    await card.getByRole('button', { name: 'Save collections' }).click();
    await expect(page.getByText('Collections saved')).toBeVisible();
    await expect(item.getByText(/the Mountains collection\.$/)).toBeVisible();
    await expect(
      item.getByText('Edition copies: 300% of an open print, rounded to whole euros.'),
    ).toBeVisible();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await card.scrollIntoViewIfNeeded();
      await expectFits(page, `the Products tab with the price lists card at ${width} px`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The print pages: the list's price, its edition price, and the default's for the coast.
    expect(await mattePrice(page, made.mountain, 'Large')).toBe('€150.00');
    expect(await mattePrice(page, made.edition, 'Large')).toBe('€450.00');
    expect(await mattePrice(page, made.coastal, 'Large')).toBe(made.defaultLarge);

    // The coastal photo is given the list in its dialog.
    await page.goto('/admin?tab=photos');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: TITLES.coastal, exact: true }) })
      .getByRole('button', { name: `Edit: ${TITLES.coastal}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Photo' });
    const control = dialog.getByRole('group', { name: 'Price list' });
    const select = control.getByRole('combobox', { name: 'Price list' });
    await expect(select.locator('option:checked')).toHaveText('Its collection’s: Default');
    await expect(control.getByText(/This photo is an open edition/)).toBeVisible();
    await select.selectOption({ label: LIST });
    await expect(
      control.getByText(
        'Small matte €60, gloss €60; medium matte €95, gloss €95; large matte €150, gloss €150; edition copies: small matte €180, gloss €180; medium matte €285, gloss €285; large matte €450, gloss €450.',
        { exact: false },
      ),
    ).toBeVisible();
    await control.getByRole('button', { name: 'Save price list' }).click();
    await expect(page.getByText(`This photo is priced by “${LIST}” now.`)).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await control.scrollIntoViewIfNeeded();
      await expectFits(page, `the photo dialog's price list at ${width} px`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await mattePrice(page, made.coastal, 'Large')).toBe('€150.00');

    // Deleting the list says what goes back, and the prices do.
    await page.goto('/admin?tab=products');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await page
      .getByRole('region', { name: 'Price lists' })
      .getByRole('button', { name: new RegExp(`^Delete\\W+${LIST}$`) })
      .click();
    await expect(page.getByText('Price list deleted')).toBeVisible();
    expect(asked).toBe(
      `Delete the price list “${LIST}”? The Mountains collection goes back to the default price list, and 1 photo that chose it goes back to its collection’s list. Prices change at once.`,
    );
    expect(await mattePrice(page, made.mountain, 'Large')).toBe(made.defaultLarge);
    expect(await mattePrice(page, made.coastal, 'Large')).toBe(made.defaultLarge);
  } finally {
    forget();
  }
});
