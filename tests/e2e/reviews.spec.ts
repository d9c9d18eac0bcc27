// Real reviews, or none. With no approved review, no card of the shop shows stars (server-rendered
// or made by the filter), and each card keeps an empty row of the same height. Then a paid order is
// marked delivered by the owner; the review link from the buyer's mail opens the review page, where
// 5 stars are given; the print's card still shows nothing until the owner approves the review in the
// Reviews tab (with its count badge); then the card shows the stars and "(1)", the shop says where
// reviews come from, and the print's page lists the review under the same words.
// The e2e site runs in test mode, where every purchase is a test order and invites no review: the
// order here is a paid one written into the database, as PayPal would have left it.
import { expect, type Page, test } from '@playwright/test';
import { eq, inArray } from 'drizzle-orm';
import { REVIEWS_SOURCE_NOTE } from '~/lib/reviews/reviews';
import { photos, productVariants, reviews } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeOrder, makePhoto, makeVariant } from '../helpers/factories';
import { mailsFiledTo } from '../helpers/mail-file';
import { seriousViolations } from './axe';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const BUYER = { name: `Róisín Review ${RUN}`, email: `roisin.${RUN}@example.ie` };

// The 17 demo prints fit on the shop's first page: a dozen more (newest first) push the oldest onto
// the second, whose cards the filter makes from its template. Removed again at the end.
const FILLERS = Array.from({ length: 12 }, (_, i) => `reviews-filler-${RUN}-${i}`);
test.beforeAll(() => {
  withSiteDb(DATA_DIR, (db) => {
    for (const id of FILLERS) {
      makePhoto(db, {
        id,
        title: `Filler print ${id}`,
        mediaId: null,
        imageUrl: '/favicon.svg',
        category: 'other',
      });
      makeVariant(db, { photoId: id });
    }
  });
});
test.afterAll(() => {
  withSiteDb(DATA_DIR, (db) => db.delete(photos).where(inArray(photos.id, FILLERS)).run());
});

/** Reviews approved by an earlier run on the same data are hidden: the shop starts with none. */
function hideApprovedReviews() {
  withSiteDb(DATA_DIR, (db) =>
    db.update(reviews).set({ state: 'hidden' }).where(eq(reviews.state, 'approved')).run(),
  );
}

/** The mails filed for `to` in the site's outbox. */
const mailsTo = (to: string) => mailsFiledTo(DATA_DIR, to);

/** Every star row of the shop's cards now on the page: its height, and whether it shows stars. */
const starRows = (page: Page) =>
  page.locator('[data-print-card] [data-rating]').evaluateAll((rows) =>
    rows.map((row) => ({
      height: row.getBoundingClientRect().height,
      stars: (row.querySelector('[data-rating-stars]') as HTMLElement).hidden ? 0 : 1,
    })),
  );

test('no card in the shop shows stars while no review is approved, and each keeps the row’s height', async ({
  page,
}) => {
  hideApprovedReviews();
  await page.goto('/shop');
  await expect(page.locator('[data-print-card]').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);
  // No count that no buyer gave, such as the "(24)" every card once showed.
  await expect(page.locator('[data-print-card]').filter({ hasText: /\(\d+\)/ })).toHaveCount(0);
  const rows = await starRows(page);
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.every((r) => r.stars === 0 && r.height >= 20)).toBe(true);
  // Cards made by the filter from the shop's list (those of the next page) show none either.
  await page.getByRole('button', { name: 'Show more prints' }).click();
  await expect(page.locator('[data-print-card]')).not.toHaveCount(rows.length);
  const more = await starRows(page);
  expect(more.length).toBeGreaterThan(rows.length);
  expect(more.every((r) => r.stars === 0 && r.height >= 20)).toBe(true);
  await expect(page.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);
  await expect(page.locator('[data-print-card]').filter({ hasText: /\(\d+\)/ })).toHaveCount(0);
  expect(await page.content()).not.toContain('AggregateRating');
  // No stars, so nothing said about where reviews come from.
  await expect(page.getByText(REVIEWS_SOURCE_NOTE)).toHaveCount(0);
});

test('a delivered order’s buyer reviews a print by the mailed link; its card shows the stars once the owner approves', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  hideApprovedReviews();
  // The oldest print: on the shop's second page, so its card is made by the filter's template.
  const listed = (await (await request.get('/api/photos')).json()) as { id: string; title: string }[];
  const photo = listed.at(-1) as { id: string; title: string };
  withSiteDb(DATA_DIR, (db) => {
    const variant = db.select().from(productVariants).where(eq(productVariants.photoId, photo.id)).get();
    makeOrder(db, {
      id: `order-review-${RUN}`,
      payment: 'paid',
      status: 'shipped',
      customerName: BUYER.name,
      customerEmail: BUYER.email,
      customerAddress: '4 Strand Road\nA98 X1Y2 Bray\nIreland',
      items: [{ productVariantId: variant?.id, description: `${photo.title}, small (8x12 inches) matte` }],
    });
  });

  // The owner marks it delivered.
  await signInTo(page, '/admin?tab=orders');
  await page.getByLabel('Search by customer e-mail or name').fill(BUYER.name.toLowerCase());
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await page.getByRole('button', { name: /^View/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Order #/ });
  await dialog.getByLabel('New status').selectOption('delivered');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('Order status updated successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The buyer's mail holds the link.
  await expect.poll(() => mailsTo(BUYER.email).length, { timeout: 10_000 }).toBe(1);
  const mail = mailsTo(BUYER.email)[0];
  expect(mail?.subject).toMatch(/has been delivered: how do you like it\?$/);
  const link = /https?:\/\/\S+\/review\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] as string;
  expect(link).toBeTruthy();

  // The buyer, in a browser of their own, gives 5 stars.
  const buyer = await browser.newContext();
  const review = await buyer.newPage();
  await review.goto(new URL(link).pathname);
  await expect(review.getByRole('heading', { name: 'Review your print' })).toBeVisible();
  const form = review.getByRole('article', { name: photo.title });
  await expect(form.getByLabel('First name')).toHaveValue('Róisín');
  await expect(form.getByLabel('County or country')).toHaveValue('Ireland');
  expect(await seriousViolations(review)).toEqual([]);
  // Sending without stars says what is missing, beside the stars.
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(form.getByText('Please choose from 1 to 5 stars.')).toBeVisible();
  await form.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel('County or country').fill('Co. Wicklow');
  await form.getByLabel(/Your review/).fill('The morning light is just as I remember it.');
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(review.getByRole('status')).toHaveText(/Thank you! Your review will appear on the site/);
  // The link works once for this print.
  await review.reload();
  await expect(review.getByRole('heading', { name: 'Thank you for your reviews' })).toBeVisible();

  // Before the owner approves it, the card shows no stars.
  const shop = await buyer.newPage();
  const card = await openCard(shop, photo.title);
  await expect(card.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);

  // The owner approves it in the Reviews tab, which counts the reviews waiting.
  await page.goto('/admin?tab=reviews');
  await expect(page.getByRole('tab', { name: /Reviews/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /Reviews/ })).toHaveAccessibleName(/^Reviews\D*[1-9]\d*$/);
  const item = page.getByRole('article', { name: photo.title }).filter({ hasText: 'The morning light' });
  await expect(item.getByText('Waiting for approval')).toBeVisible();
  await expect(item.getByText(`Róisín, Co. Wicklow`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Review approved: it shows in the shop')).toBeVisible();
  await expect(item.getByText('Approved: shown in the shop')).toBeVisible();

  // The shop (cached by the front, refreshed by the change) now shows the stars and the count.
  const after = await openCard(shop, photo.title);
  await expect(after.getByRole('img', { name: '5 out of 5 stars, 1 review' })).toBeVisible();
  await expect(after.getByText('(1)', { exact: true })).toBeVisible();
  // Served as HTML too, on the page of the print.
  await shop.goto('/shop?page=2');
  const served = shop.locator(`#photo-${photo.id}`);
  await expect(served.getByRole('img', { name: '5 out of 5 stars, 1 review' })).toBeVisible();
  await expect(served.getByText('(1)', { exact: true })).toBeVisible();
  // The row of stars is as tall as the empty row of a card without reviews: nothing shifted.
  const heights = await starRows(shop);
  expect(heights.filter((r) => r.stars === 1)).toHaveLength(1);
  expect(new Set(heights.map((r) => r.height)).size).toBe(1);
  // Beside the stars, the shop says where reviews come from; the print's page lists the review under
  // its heading and the same words.
  await expect(shop.getByText(REVIEWS_SOURCE_NOTE)).toBeVisible();
  await served.getByRole('link', { name: /^(Buy a print|View the print): / }).click();
  const reviewList = shop.getByRole('region', { name: 'Reviews' });
  await expect(reviewList.getByText(REVIEWS_SOURCE_NOTE)).toBeVisible();
  await expect(reviewList.getByText('The morning light is just as I remember it.')).toBeVisible();
  await expect(reviewList.getByText(/^Róisín, Co\. Wicklow/)).toBeVisible();
  await buyer.close();
  hideApprovedReviews();
});

/** The shop's card of a print, found with the search (so the filter makes it from its list). */
async function openCard(page: Page, title: string) {
  await page.goto('/shop');
  await page.getByLabel('Search photos').fill(title);
  const card = page
    .locator('[data-print-card]')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card).toBeVisible();
  return card;
}
