// The frame details as the owner: the Products tab's card refuses a negative weight beside its field,
// saves the glazing, the hanging fittings and a weight, and every print page's product safety section
// then says them (at a desktop's 1280 px and a phone's 390 px, axe clean, fitting its width). The
// details are forgotten afterwards, so the other tests see the general notes, as seeded.
import { expect, test } from '@playwright/test';
import { frameDetails, framingOptions } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const forget = () =>
  withSiteDb(DATA_DIR, (db) => {
    db.delete(frameDetails).run();
    db.update(framingOptions).set({ weightGrams: null }).run();
  });

test('the owner enters the frame details once, and the print pages say them', async ({ page }) => {
  forget();
  try {
    await signInTo(page, '/admin?tab=products');
    const card = page.getByRole('region', { name: 'Frame details' });
    await card.getByRole('radio', { name: 'Glass' }).check();
    await card.getByLabel('Hanging fittings').fill('D-rings and cord, fitted.');
    const small = card.getByLabel(/^Small, 8 × 12 in \(20 × 30 cm\)/);
    await small.fill('-1.2');
    await card.getByRole('button', { name: 'Save frame details' }).click();
    await expect(small).toHaveAccessibleDescription('The weight of a framed Small print cannot be negative.');
    await small.fill('1.2');
    await card.getByRole('button', { name: 'Save frame details' }).click();
    await expect(page.getByText('Frame details saved')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await card.scrollIntoViewIfNeeded();
      await expectFits(page, `the Products tab with the frame details at ${width} px`);
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.context().clearCookies();
    await page.goto('/shop');
    await page
      .getByRole('link', { name: /^Buy a print: / })
      .first()
      .click();
    const safety = page.getByRole('region', { name: 'Product safety' });
    await expect(safety.getByText('Glazed with glass: handle with care.', { exact: false })).toBeVisible();
    await expect(safety.getByText('Hanging fittings: D-rings and cord, fitted.')).toBeVisible();
    await expect(safety.getByText('Small (8x12 inches): 1.2 kg')).toBeVisible();
    await expect(
      safety.getByText('A framed print is heavier than the print alone.', { exact: false }),
    ).toHaveCount(0);
    await expectFits(page, 'a print page with the frame details at 390 px');
  } finally {
    forget();
  }
});
