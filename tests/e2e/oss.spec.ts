// The One-Stop-Shop in the browser: the owner's form refuses a rate above 100% with the server's own
// sentence, the owner ticks "Registered for One-Stop-Shop" and saves, the Dashboard says so and shows
// the quarter's return, and a buyer in Germany then sees German VAT (19%) inside the same total at
// the checkout, Irish VAT again when the country is Ireland. The registration is put back at the end,
// as the browser tests share one site.
import { expect, type Page, test } from '@playwright/test';
import { withSiteDb } from '../helpers/db';
import { seriousViolations } from './axe';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

/** A small matte print of the demo's Lough Tay, put in the cart as the shop would. */
async function fillCart(page: Page) {
  const variant = withSiteDb(DATA_DIR, (db) =>
    db.$client
      .prepare(
        "select v.id, v.price_cents as cents, p.title from product_variants v join photos p on p.id = v.photo_id where p.title like 'Lough Tay%' and v.size = 'small' and v.finish = 'matte'",
      )
      .get(),
  ) as { id: string; cents: number; title: string };
  const cart = [
    {
      variantId: variant.id,
      size: 'small',
      finish: 'matte',
      framing: null,
      quantity: 1,
      unitCents: variant.cents,
      title: variant.title,
    },
  ];
  await page.goto('/');
  await page.evaluate((c) => localStorage.setItem('wicklow:cart:v1', c), JSON.stringify(cart));
  await page.goto('/checkout');
  await expect(page.getByText(variant.title).first()).toBeVisible();
}

test('the owner registers for the One-Stop-Shop and a buyer in Germany pays German VAT', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInTo(page, '/admin?tab=shipping');
  const origin = new URL(page.url()).origin;
  try {
    await expect(page.getByRole('heading', { name: 'One-Stop-Shop (EU VAT)' })).toBeVisible();
    const register = page.getByRole('checkbox', { name: 'Registered for One-Stop-Shop' });
    await expect(register).not.toBeChecked();
    const germanEditions = page.getByRole('spinbutton', { name: 'Germany: Limited editions' });
    await expect(germanEditions).toHaveValue('7');
    await expect(page.getByRole('spinbutton', { name: 'France: Limited editions' })).toHaveValue('5.5');

    // A rate above 100% is refused in the form with the endpoint's sentence, and nothing is sent.
    await germanEditions.fill('120');
    await page.getByRole('button', { name: 'Save One-Stop-Shop settings' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'The VAT rate of limited editions in Germany must be a percentage from 0 to 100 with at most 2 decimals (got "120").',
      }),
    ).toBeVisible();
    await germanEditions.fill('7');

    await register.check();
    await page.getByRole('button', { name: 'Save One-Stop-Shop settings' }).click();
    await expect(page.getByText('One-Stop-Shop settings saved')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin');
    await expect(page.getByText(/^Registered for One-Stop-Shop: buyers in other EU countries/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'One-Stop-Shop return' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the One-Stop-Shop figures (CSV)' })).toBeVisible();

    // A buyer, signed out, in Germany and then in Ireland.
    const buyer = await browser.newPage({ baseURL: origin });
    try {
      await fillCart(buyer);
      const country = buyer.getByLabel('Country', { exact: true });
      await country.selectOption({ label: 'Germany' });
      await expect(buyer.getByText(/^Includes VAT: €[\d.]+ at 19%$/)).toBeVisible();
      await country.selectOption({ label: 'Ireland' });
      await expect(buyer.getByText(/^Includes VAT: €[\d.]+ at 23%$/)).toBeVisible();
      await country.selectOption({ label: 'France' });
      await expect(buyer.getByText(/^Includes VAT: €[\d.]+ at 20%$/)).toBeVisible();
    } finally {
      await buyer.close();
    }
  } finally {
    // Put back: unregistered, the seeded rates untouched.
    const res = await page.request.put('/api/admin/oss', {
      data: { registered: false },
      headers: { origin },
    });
    expect(res.status()).toBe(200);
  }
});
