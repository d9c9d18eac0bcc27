// The first week of a working photographer, in one go, on a site of its own that takes real
// payments (its server talks to the PayPal fake over HTTP; the browser gets a fake of
// PayPal's script). The owner adds a photo too small to print: the dialog says so before saving,
// the Photos tab badges it and the shop leaves it out. Then a photo that prints at two sizes: it is
// sold at once, at only those two. A visitor opens its print page from the home gallery's viewer,
// buys it, and pays. The owner marks the order delivered; the buyer follows the review link from the
// mail in the outbox and gives 5 stars, which show on the shop's card and the print page only once
// the owner has approved them.
import { expect, test } from '@playwright/test';
import { OWNER } from '../../playwright.config';
import { readOutbox } from '../helpers/outbox';
import { addPhoto, photoCard } from './add-photo';
import { seriousViolations } from './axe';
import { fillCheckoutDetails } from './checkout-form';
import { ownSiteWithPaypal } from './own-site';
import { routeFakeSdk } from './paypal-sdk-fake';
import { signInTo } from './sign-in';

const SMALL = 'Lough Dan from the Old Bridge';
const PRINTABLE = 'Glenmacnass Waterfall in Spate';
const BUYER = { name: 'Niamh Kavanagh', email: 'niamh.kavanagh@example.ie' };

const own = ownSiteWithPaypal({ OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password });

test('a photo too small is kept out, one that prints at two sizes is bought from its page, delivered, reviewed and approved', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await browser.newContext({ baseURL: own.site.url });
  const visitor = await browser.newContext({ baseURL: own.site.url });
  await routeFakeSdk(visitor);
  const admin = await owner.newPage();

  // 1. Too small to print: told before saving, badged after, and not in the shop.
  await signInTo(admin, '/admin?tab=photos');
  await addPhoto(admin, SMALL, 1680, 1120, 'Not for sale as a print');
  await expect(photoCard(admin, SMALL).getByText('Not in shop: too small to print')).toBeVisible();

  // 2. Prints at Small and Medium only: sellable at once at those two sizes.
  await addPhoto(admin, PRINTABLE, 2400, 1800, 'Sold as Small (8×12″) and Medium (12×16″) prints.');
  await expect(photoCard(admin, PRINTABLE).getByText('Not in shop')).toHaveCount(0);
  await expect(
    photoCard(admin, PRINTABLE).getByText('Not offered larger: Large (16×20″) needs 3000 × 2400 px'),
  ).toBeVisible();

  const page = await visitor.newPage();
  await page.goto('/shop');
  await expect(page.getByText('1 photo found')).toBeVisible();
  await expect(page.getByRole('heading', { name: PRINTABLE })).toBeVisible();
  await expect(page.getByRole('heading', { name: SMALL })).toHaveCount(0);

  // 3. From the home gallery's full-screen viewer to the print page. The photo too small to
  // print is in the gallery, but its viewer offers no print.
  await page.goto('/');
  const gallery = page.locator('#gallery');
  await gallery.getByRole('button', { name: `View ${SMALL} full screen` }).click();
  const viewer = page.getByRole('dialog', { name: SMALL });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Buy a print' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await gallery.getByRole('button', { name: `View ${PRINTABLE} full screen` }).click();
  await page.getByRole('dialog', { name: PRINTABLE }).getByRole('link', { name: 'Buy a print' }).click();
  await expect(page).toHaveURL(/\/prints\/glenmacnass-waterfall-in-spate$/);
  await expect(page.getByRole('heading', { level: 1, name: PRINTABLE })).toBeVisible();

  // 4. Only the two sizes are offered; buy a Medium.
  const options = page.getByRole('form', { name: `Print options: ${PRINTABLE}` });
  await expect(options.getByRole('radio', { name: /Small/ })).toBeVisible();
  await expect(options.getByRole('radio', { name: /Large/ })).toHaveCount(0);
  // A click made before the form's script has loaded is held and replayed once it has, so the
  // radio is checked a moment after the click: wait for that, as a person would see it.
  const medium = options.getByRole('radio', { name: /Medium/ });
  await medium.click();
  await expect(medium).toBeChecked();
  await options.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(options.getByRole('status')).toHaveText(`Added to cart: 1 × ${PRINTABLE}, medium matte.`);
  await page.goto('/checkout');
  await expect(page.getByText(PRINTABLE).first()).toBeVisible();
  await fillCheckoutDetails(page, {
    ...BUYER,
    phone: '+353 404 12345',
    street: '3 Church Hill',
    city: 'Wicklow',
    postalCode: 'A67 P2X4',
    country: 'Ireland',
  });
  await page.getByRole('button', { name: 'Pay with PayPal (fake SDK)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const bought = page.getByRole('list', { name: 'Prints ordered' }).getByRole('listitem');
  await expect(bought).toHaveCount(1);
  await expect(bought.first()).toContainText(PRINTABLE);

  // 5. The owner sees it paid, and marks it delivered.
  await admin.goto('/admin?tab=orders');
  await admin.getByLabel('Search by customer e-mail or name').fill(BUYER.email);
  await expect(admin.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await admin.getByRole('button', { name: /^View/ }).first().click();
  const order = admin.getByRole('dialog', { name: /^Order #/ });
  await expect(order.getByText('Paid', { exact: true })).toBeVisible();
  await order.getByLabel('New status').selectOption('delivered');
  await order.getByRole('button', { name: 'Update status' }).click();
  await expect(admin.getByText('Order status updated successfully')).toBeVisible();
  await order.getByRole('button', { name: 'Close', exact: true }).click();

  // 6. The buyer's mail, filed in the outbox, holds the review link.
  const reviewMail = () =>
    readOutbox(own.site.dataDir).find((m) => m.to === BUYER.email && /delivered/.test(m.subject));
  await expect.poll(() => reviewMail()?.subject, { timeout: 15_000 }).toMatch(/how do you like it\?$/);
  const link = /https?:\/\/\S+\/review\/[A-Za-z0-9_-]{43}/.exec(reviewMail()?.text ?? '')?.[0];
  expect(link).toBeTruthy();

  // 7. Five stars from the buyer.
  await page.goto(new URL(link as string).pathname);
  // The form's script starts after the load event; pressed before it, the form posts without
  // JavaScript (which works, and answers with another page).
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('article', { name: PRINTABLE });
  await expect(form.getByLabel('First name')).toHaveValue('Niamh');
  await form.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel(/Your review/).fill('The water is as loud on my wall as it was in the glen.');
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByRole('status')).toHaveText(/Thank you! Your review will appear on the site/);

  // Not shown before the owner approves it.
  const shopCard = async () => {
    await page.goto('/shop');
    return page
      .locator('[data-print-card]')
      .filter({ has: page.getByRole('heading', { name: PRINTABLE, exact: true }) });
  };
  await expect((await shopCard()).getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);

  // 8. The owner approves it; the card and the print page show the stars.
  await admin.goto('/admin?tab=reviews');
  const review = admin.getByRole('article', { name: PRINTABLE });
  await expect(review.getByText('Waiting for approval')).toBeVisible();
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByText('Approved: shown in the shop')).toBeVisible();

  const card = await shopCard();
  await expect(card.getByRole('img', { name: '5 out of 5 stars, 1 review' })).toBeVisible();
  await expect(card.getByText('(1)', { exact: true })).toBeVisible();
  await page.goto('/prints/glenmacnass-waterfall-in-spate');
  await expect(page.getByText('The water is as loud on my wall as it was in the glen.')).toBeVisible();
  await expect(page.getByText('Niamh, Ireland')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await owner.close();
  await visitor.close();
});
