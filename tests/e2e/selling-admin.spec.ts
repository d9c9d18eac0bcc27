// The owner's selling settings in the browser, at a desktop's 1280 px and a phone's 390 px: a
// country moved to "not shipped", Ireland's first print repriced, a VAT rate set, a discount code
// created from the keyboard and listed, and the Dashboard's VAT report link answering a CSV. Each
// screen is axe clean and fits its width. What the test changes is put back at the end, as the
// browser tests share one site.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

interface ShippingJson {
  zones: {
    id: string;
    firstPrint: string;
    additionalPrint: string;
    framedSurcharge: string;
    freeOver: string | null;
  }[];
  countries: { country: string; zone: string | null }[];
}
const shipping = async (page: Page) =>
  (await (await page.request.get('/api/admin/shipping')).json()) as ShippingJson;
const vatRate = async (page: Page, vatClass: string) =>
  (
    (await (await page.request.get('/api/admin/vat-rates')).json()) as {
      rates: { vatClass: string; rate: number }[];
    }
  ).rates.find((r) => r.vatClass === vatClass)?.rate;

for (const width of [1280, 390]) {
  test(`the owner sets shipping, VAT and a discount code, and downloads the VAT report (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await signInTo(page, '/admin?tab=shipping');
    const before = await shipping(page);
    const ireland = before.zones.find((z) => z.id === 'ie');
    const editionRate = await vatRate(page, 'edition');
    const code = `E2E-${width}-${Date.now().toString(36)}`.toUpperCase();
    const origin = new URL(page.url()).origin;
    try {
      await expect(page.getByRole('heading', { name: 'Shipping zones' })).toBeVisible();

      // A country moved to "not shipped".
      await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Malta' });
      await page.getByLabel('Ships to').selectOption({ label: 'Not shipped to' });
      await page.getByRole('button', { name: 'Move country' }).click();
      await expect(page.getByText('Malta is not shipped to.')).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Malta: Not shipped to' })).toBeVisible();
      expect((await shipping(page)).countries).toContainEqual({
        country: 'MT',
        name: 'Malta',
        zone: null,
        defaultZone: 'eu',
      });

      // Ireland's first print.
      const ie = page.getByRole('group', { name: 'Ireland', exact: true });
      await ie.getByLabel('First print').fill('9.25');
      await page.getByRole('button', { name: 'Save shipping prices' }).click();
      await expect(page.getByText('Shipping prices saved')).toBeVisible();
      expect((await shipping(page)).zones.find((z) => z.id === 'ie')?.firstPrint).toBe('9.25');

      // A VAT rate.
      await page.getByLabel('Limited editions', { exact: true }).fill('13');
      await page.getByRole('button', { name: 'Save VAT rates' }).click();
      await expect(page.getByText('VAT rates saved')).toBeVisible();
      expect(await vatRate(page, 'edition')).toBe(13);
      await expect(page.getByText(/Schedule 5, paragraph 1\(f\)/)).toBeVisible();
      await expectFits(page, `the Shipping & VAT tab at ${width} px`);
      expect(await seriousViolations(page)).toEqual([]);

      // A discount code, typed and sent with the keyboard alone.
      await page.getByRole('tab', { name: 'Discounts' }).click();
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByLabel('Percent off', { exact: true }).fill('15');
      await page.keyboard.press('Enter');
      await expect(page.getByText(`${code}: 15% off.`)).toBeVisible();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: code }) });
      await expect(card).toContainText('15% off, no limits');
      await expect(card).toContainText('Uses0');
      await expect(card).toContainText('Revenue€0.00');
      await expectFits(page, `the Discounts tab at ${width} px`);
      expect(await seriousViolations(page)).toEqual([]);

      // The Dashboard's link to last quarter's VAT report.
      await page.getByRole('tab', { name: 'Dashboard' }).click();
      const link = page.getByRole('link', { name: /^Download the VAT report for Q[1-4] \d{4}$/ });
      await expect(link).toBeVisible();
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/api\/admin\/vat-report\?from=\d{4}-\d\d-01&to=\d{4}-\d\d-\d\d$/);
      const report = await page.request.get(href);
      expect(report.status()).toBe(200);
      expect(report.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect(report.headers()['content-disposition']).toMatch(/^attachment; filename="vat-report-/);
      expect((await report.text()).split('\r\n')[0]).toBe('VAT rate,Net (EUR),VAT (EUR),Gross (EUR)');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      const headers = { origin };
      await page.request.put('/api/admin/shipping', {
        headers,
        data: { zones: ireland ? [ireland] : [], countries: [{ country: 'MT', zone: 'eu' }] },
      });
      await page.request.put('/api/admin/vat-rates', {
        headers,
        data: { rates: { edition: String(editionRate) } },
      });
      const codes = (await (await page.request.get('/api/admin/discounts')).json()) as {
        discounts: { id: string; code: string }[];
      };
      for (const d of codes.discounts.filter((d) => d.code === code))
        await page.request.delete(`/api/admin/discounts/${d.id}`, { headers });
    }
  });
}
