// A buyer withdraws from a paid order in two steps, without help: from the footer's link to the
// form, the order number and address from their mails, "Withdraw from contract here", a
// confirmation that names the order, the acknowledgement, and the mail with the date and time.
// Then the owner finds it in the order's dialog. The order is a paid, delivered one written into
// the site's database, as PayPal would leave it.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { shortOrderId } from '~/lib/platform/shared/format';
import { photos } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeDeliveredOrder } from '../helpers/factories';
import { mailsFiledTo } from '../helpers/mail-file';
import { seriousViolations } from './axe';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const BUYER = `sadhbh.${RUN}@example.ie`;
const NAME = `Sadhbh Kelly ${RUN}`;

/** The mails filed for `to` in the site's outbox. */
const mailsTo = (to: string) => mailsFiledTo(DATA_DIR, to);

test('a buyer withdraws from a paid order from the footer’s link, is sent the acknowledgement, and the owner sees it', async ({
  page,
}) => {
  // Two axe runs, two pages posted and the owner's sign-in: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const orderId = randomUUID();
  withSiteDb(DATA_DIR, (db) => {
    // A print of the demo's: a photo made here would have no stored files for the storage check.
    const photo = db.select({ id: photos.id }).from(photos).limit(1).get();
    if (!photo) throw new Error('The demo photos are missing');
    makeDeliveredOrder(db, { id: orderId, customerEmail: BUYER, customerName: NAME, photoIds: [photo.id] });
  });
  const ref = shortOrderId(orderId);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Withdraw from a purchase' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw from a purchase' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Order number' }).fill(ref);
  await page.getByRole('textbox', { name: 'Email used for the order' }).fill(BUYER);
  await page.getByRole('textbox', { name: 'Note (optional)' }).fill('The framed print only');
  await page.getByRole('button', { name: 'Withdraw from contract here' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Confirm withdrawal' })).toBeVisible();
  await expect(page.getByText(`You are withdrawing from your purchase in order ${ref}`)).toBeVisible();
  await expect(page.getByText('The framed print only')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal received' })).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'If this order was placed with that address, we have recorded your withdrawal' }),
  ).toBeVisible();

  await expect.poll(() => mailsTo(BUYER).length, { timeout: 10_000 }).toBe(1);
  const [mail] = mailsTo(BUYER);
  expect(mail?.subject).toBe(`Your withdrawal from order ${ref} is received`);
  expect(mail?.text).toMatch(
    new RegExp(`withdrawal from order ${ref} on \\d{1,2} \\w+ \\d{4} at \\d{2}:\\d{2} \\(Irish time\\)`),
  );
  expect(mail?.text).toContain('The framed print only');

  // The owner sees it in the order's dialog, with the refund's last day and the buyer's note.
  await signInTo(page, '/admin?tab=orders');
  await page.getByLabel('Search by customer e-mail or name').fill(NAME);
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await page.getByRole('button', { name: /^View/ }).first().click();
  const dialog = page.getByRole('dialog', { name: `Order ${ref}` });
  await expect(dialog.getByText(/^Withdrawn on .+ · refund by \d{1,2} \w+ \d{4}/)).toBeVisible();
  await expect(dialog.getByText('Buyer’s note: The framed print only')).toBeVisible();
});
