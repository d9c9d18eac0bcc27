// The business details as the owner: the Profile tab says none are saved yet, refuses a malformed
// VAT number under its field, saves the card with a toast, and the print page's product safety
// section and the terms then name the business. The card is removed afterwards, so the other
// tests see a site with no business details, as seeded.
import { expect, test } from '@playwright/test';
import { businessDetails } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { seriousViolations } from './axe';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const forget = () =>
  withSiteDb(DATA_DIR, (db) => {
    db.delete(businessDetails).run();
  });

test('the owner fills the business details, and the print page names the maker', async ({ page }) => {
  forget();
  try {
    await signInTo(page, '/admin?tab=profile');
    const card = page.getByRole('region', { name: 'Business details' });
    await expect(card.getByText('No business details are saved yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByLabel('Legal name').fill('Aoife Byrne');
    await card.getByLabel('Trading name').fill('Lough Tay Prints');
    await card.getByLabel('Address line 1').fill('Unit 4, Kilcoole Business Park');
    await card.getByLabel('Town').fill('Kilcoole');
    await card.getByLabel('County or region').fill('Co. Wicklow');
    await card.getByLabel('Postcode or Eircode').fill('a63 x2y4');
    await card.getByLabel('Country').selectOption('IE');
    await card.getByLabel('VAT number').fill('IE12345');
    await card.getByLabel('Contact e-mail').fill('prints@loughtay.ie');
    await card.getByRole('button', { name: 'Save business details' }).click();
    await expect(
      card.getByText('That is not the form of a VAT number of Ireland: it is written like IE1234567T'),
    ).toBeVisible();
    await expect(card.getByLabel('VAT number')).toHaveAttribute('aria-invalid', 'true');

    await card.getByLabel('VAT number').fill('ie 1234567 t');
    await card.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Business details saved')).toBeVisible();
    // Kept in their standard forms, and the prompt is gone.
    await expect(card.getByLabel('VAT number')).toHaveValue('IE1234567T');
    await expect(card.getByLabel('Postcode or Eircode')).toHaveValue('A63 X2Y4');
    await expect(card.getByText('No business details are saved yet.')).toHaveCount(0);

    await page.goto('/prints/lough-tay-at-first-light');
    const safety = page.getByRole('region', { name: 'Product safety' });
    await expect(safety.getByRole('heading', { name: 'Product safety' })).toBeVisible();
    await expect(safety.getByText('Aoife Byrne, trading as Lough Tay Prints')).toBeVisible();
    await expect(safety.getByText('Kilcoole, Co. Wicklow')).toBeVisible();
    await expect(safety.getByRole('link', { name: 'prints@loughtay.ie' }).first()).toBeVisible();
    await expect(safety.getByText('Print reference:')).toBeVisible();

    await page.goto('/terms');
    await expect(page.getByText('VAT number: IE1234567T')).toBeVisible();
  } finally {
    forget();
  }
});
