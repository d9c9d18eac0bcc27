// A client orders a print of a gallery photo in the browser: the gallery's "Order a print" opens the
// shop's print dialog, each size with its price from the shop's price list, the print goes to the cart and is paid through the PayPal JS SDK code path
// (a fake SDK script, the site talking to the PayPal fake over HTTP), and the stored order
// records the gallery and the link it came through.
import { expect, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { formatEuro } from '~/lib/platform/shared/format';
import { currentPrices } from '~/lib/shop/products.server';
import { orderItems, orders } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import {
  addGalleryFiles,
  galleryPhoto,
  gpsJpeg,
  makeGallery,
  makeGalleryLink,
} from '../helpers/gallery-factories';
import { fillCheckoutDetails } from './checkout-form';
import { ownSiteWithPaypal } from './own-site';
import { routeFakeSdk } from './paypal-sdk-fake';

const own = ownSiteWithPaypal();
const made = { token: '', linkId: '', galleryId: '' };

test.beforeAll(async () => {
  // 2400 x 1800 px: enough detail for a small and a medium print.
  const photo = await galleryPhoto(own.site.dataDir, 'DJI_0201.JPG', await gpsJpeg('#4a6a88', 2400, 1800));
  withSiteDb(own.site.dataDir, (db) => {
    const gallery = makeGallery(db, { title: 'Kippure sunrise', printsAllowed: true });
    addGalleryFiles(db, gallery.id, [photo]);
    const { token, link } = makeGalleryLink(db, gallery.id, { recipientName: 'Orla' });
    Object.assign(made, { token, linkId: link.id, galleryId: gallery.id });
  });
});

const fillCustomer = (page: Page) =>
  fillCheckoutDetails(page, {
    name: 'Orla Doyle',
    email: 'orla@example.ie',
    phone: '+353 (1) 234-5678',
    street: '3 Church Road',
    city: 'Bray',
    postalCode: 'A98 X123',
    country: 'Ireland',
  });

test('a client orders a print of a gallery photo and pays through PayPal', async ({ page }) => {
  test.setTimeout(90_000);
  await routeFakeSdk(page);
  await page.goto(`${own.site.url}/g/${made.token}`);
  await expect(page.getByRole('heading', { name: 'Kippure sunrise' })).toBeVisible();
  await page.getByRole('button', { name: 'Order a print of DJI_0201.JPG' }).click();
  const dialog = page.getByRole('dialog', { name: /DJI_0201\.JPG/ });
  await expect(dialog.getByRole('radio', { name: /Small/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Large/ })).toHaveCount(0);
  // Each size shows its price from the shop's price list, in the finish chosen.
  const prices = withSiteDb(own.site.dataDir, (db) => currentPrices(db));
  const priced = (size: 'small' | 'medium', finish: 'matte' | 'gloss') => {
    const cents = prices[size]?.[finish];
    if (cents === undefined) throw new Error(`The shop has no price for ${size} ${finish}.`);
    return cents;
  };
  const sizeChoice = (size: 'Small' | 'Medium') =>
    dialog.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(`^${size}`) }) });
  await expect(
    sizeChoice('Small').getByText(formatEuro(priced('small', 'matte')), { exact: true }),
  ).toBeVisible();
  await expect(
    sizeChoice('Medium').getByText(formatEuro(priced('medium', 'matte')), { exact: true }),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'Gloss' }).check();
  await expect(
    sizeChoice('Medium').getByText(formatEuro(priced('medium', 'gloss')), { exact: true }),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'Matte' }).check();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`${own.site.url}/checkout`);
  await expect(page.getByText('Kippure sunrise: DJI_0201.JPG').first()).toBeVisible();
  await fillCustomer(page);
  await expect(page.getByText('Shipping to Ireland')).toBeVisible();
  await expect(page.getByTestId('payment-control')).toHaveAttribute('aria-disabled', 'false');
  await page.getByRole('button', { name: 'Pay with PayPal (fake SDK)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId') as string;

  const stored = withSiteDb(own.site.dataDir, (db) => ({
    order: db.select().from(orders).where(eq(orders.id, orderId)).get(),
    items: db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).all(),
  }));
  expect(stored.order).toMatchObject({
    paymentStatus: 'completed',
    galleryId: made.galleryId,
    galleryLinkId: made.linkId,
    shipCountry: 'IE',
  });
  expect(stored.items).toEqual([expect.objectContaining({ quantity: 1, productVariantId: null })]);
});
