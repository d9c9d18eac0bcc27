// The last copy of a limited edition in the browser: the owner makes a photo an edition of one in
// the photo dialog, a buyer sees "Limited edition of 1 · 1 left" on the card and in the print
// dialog and buys it through PayPal (the fake SDK, the PayPal fake over HTTP), the owner opens
// its certificate from the order dialog ("Edition 1 of 1" with its QR code), and the shop's card
// then says "Sold out" with nothing to add to the cart.
import { expect, type Page, test } from '@playwright/test';
import { shortOrderId } from '~/lib/platform/shared/format';
import { OWNER } from '../../playwright.config';
import { seriousViolations } from './axe';
import { fillCheckoutDetails } from './checkout-form';
import { onSite as onSiteOf, ownSiteWithPaypal } from './own-site';
import { routeFakeSdk } from './paypal-sdk-fake';
import { signInTo } from './sign-in';

const TITLE = 'Lough Tay at First Light';
const own = ownSiteWithPaypal({ SEED_DEMO: '1', OWNER_PASSWORD: OWNER.password });

/** The page, with its relative addresses sent to this spec's own site. */
const onSite = (page: Page) => onSiteOf(page, () => own.site.url);

const shopCard = (page: Page) =>
  page.locator('[data-print-card]').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });

/** The checkout's country: a text field or a list of countries, whichever the checkout has. */
test('the last copy of an edition is sold, certified and then sold out', async ({ browser }) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  try {
    // The owner makes the photo a limited edition of one.
    const owner = onSite(await ownerContext.newPage());
    await signInTo(owner, '/admin?tab=photos');
    await owner
      .getByRole('listitem')
      .filter({ has: owner.getByRole('heading', { name: TITLE, exact: true }) })
      .getByRole('button', { name: `Edit: ${TITLE}` })
      .click();
    const dialog = owner.getByRole('dialog', { name: 'Edit Photo' });
    const edition = dialog.getByRole('group', { name: 'Edition' });
    await expect(edition.getByText('Open edition: no limit on copies.')).toBeVisible();
    await edition.getByRole('radio', { name: 'Limited edition' }).check();
    await edition.getByLabel('Copies in the edition').fill('31');
    await edition.getByRole('button', { name: 'Save edition' }).click();
    await expect(edition.getByRole('alert')).toHaveText(/from 1 to 30/);
    await edition.getByLabel('Copies in the edition').fill('1');
    await edition.getByRole('button', { name: 'Save edition' }).click();
    await expect(
      edition.getByText('Limited edition of 1 · 1 left: 0 sold, 0 held by unpaid orders.'),
    ).toBeVisible();
    await expect(edition.getByRole('alert')).toHaveCount(0);
    expect(await seriousViolations(owner)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A buyer sees the copy left, and buys it through PayPal.
    const buyer = onSite(await buyerContext.newPage());
    await routeFakeSdk(buyer, () => {});
    await buyer.goto('/shop');
    await buyer.getByPlaceholder('Search photos...').fill('lough tay');
    await expect(shopCard(buyer).getByText('Limited edition of 1 · 1 left')).toBeVisible();
    await shopCard(buyer)
      .getByRole('button', { name: `Customise print: ${TITLE}` })
      .click();
    const print = buyer.getByRole('dialog', { name: TITLE });
    await expect(print.getByText('Limited edition of 1 · 1 left')).toBeVisible();
    await print.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(buyer.getByText('Added to cart')).toBeVisible();
    await buyer.goto('/checkout');
    await fillCheckoutDetails(buyer);
    await buyer.getByRole('button', { name: 'Pay with PayPal (fake SDK)' }).click();
    await expect(buyer.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
      timeout: 20_000,
    });
    const orderId = new URL(buyer.url()).searchParams.get('orderId') as string;

    // The owner prints its certificate from the order dialog.
    await owner.goto('/admin?tab=orders');
    await owner.getByRole('button', { name: `View order ${shortOrderId(orderId)}` }).click();
    const order = owner.getByRole('dialog', { name: `Order ${shortOrderId(orderId)}` });
    await expect(order.getByText('Edition 1 of 1')).toBeVisible();
    const [certificate] = await Promise.all([
      owner.waitForEvent('popup'),
      order.getByRole('link', { name: `Certificate of Edition 1 of 1, ${TITLE}` }).click(),
    ]);
    await expect(certificate).toHaveURL(/\/certificate\/[a-z2-7]{24}$/);
    await expect(certificate.getByRole('heading', { name: 'Certificate of authenticity' })).toBeVisible();
    await expect(certificate.getByText('Edition 1 of 1', { exact: true })).toBeVisible();
    await expect(certificate.getByRole('heading', { name: TITLE })).toBeVisible();
    const qr = certificate.getByRole('img', { name: /QR code of this certificate's address/ });
    await expect(qr.locator('svg path')).toHaveCount(1);
    await expect(certificate.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
    await expect(certificate.getByText('aoife', { exact: false })).toHaveCount(0);
    expect(await seriousViolations(certificate)).toEqual([]);
    // On paper it is one page, on A4 and on Letter alike.
    await certificate.screenshot({ path: test.info().outputPath('certificate.png'), fullPage: true });
    for (const format of ['A4', 'Letter']) {
      const pdf = (await certificate.pdf({ format, printBackground: true })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g), format).toHaveLength(1);
    }

    // The shop's card says Sold out, with nothing to add to the cart; the photo stays in the shop.
    await buyer.goto('/shop');
    await buyer.getByPlaceholder('Search photos...').fill('lough tay');
    await expect(shopCard(buyer).getByText('Limited edition of 1 · Sold out')).toBeVisible();
    await expect(shopCard(buyer).getByRole('button', { name: `Customise print: ${TITLE}` })).toHaveCount(0);
  } finally {
    await ownerContext.close();
    await buyerContext.close();
  }
});
