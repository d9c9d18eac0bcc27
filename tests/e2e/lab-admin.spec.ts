// The owner's print lab screens in the browser, on the test site whose lab is the built-in lab
// double (its catalogue: GLOBAL-FAP-16X20, GLOBAL-FAP-12X18, GLOBAL-CAN-16X20).
// The Products tab's "Print lab" card: a print set to be made by the lab with a known product code
// is saved and still there after a reload; a code the lab does not know is refused under its field
// with the lab's reason, and nothing is saved. The order dialog's "Print lab" section: a lab order
// held for approval is sent to the lab, another cancelled before it goes (which refunds nothing,
// and says what the owner does next). Both fit 1280 and 390 px, axe clean. What the test makes it removes.
import { expect, type Page, test } from '@playwright/test';
import { inArray, like, or } from 'drizzle-orm';
import { labOrders, labProducts, labSettings, mailQueue, orders } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { seriousViolations } from './axe';
import { expectFits } from './page-fit';
import { signInTo } from './sign-in';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const forgetCard = () =>
  withSiteDb(DATA_DIR, (db) => {
    db.delete(labProducts).run();
    db.delete(labSettings).run();
  });

const madeBy = (page: Page, print: string) => page.getByRole('combobox', { name: `Made by, ${print}` });
const sku = (page: Page, print: string) =>
  page.getByRole('textbox', { name: `Lab product code (SKU), ${print}` });
const LARGE = 'Large (16x20 inches), matte, unframed';
const MEDIUM = 'Medium (12x16 inches), gloss, framed';

test('the owner has the lab make a print, and a code the lab does not know is refused', async ({ page }) => {
  forgetCard();
  try {
    await signInTo(page, '/admin?tab=products');
    const card = page.getByRole('region', { name: 'Print lab' });
    await expect(
      card.getByText('Test lab: this site takes test payments, and its lab double prints nothing'),
    ).toBeVisible();
    await expect(madeBy(page, LARGE)).toHaveValue('me');
    await madeBy(page, LARGE).selectOption({ label: 'The lab' });
    await sku(page, LARGE).fill('GLOBAL-FAP-16X20');
    await card.getByRole('combobox', { name: `Photo on the print area, ${LARGE}` }).selectOption({
      label: 'Whole photo, white margin',
    });
    await card.getByRole('checkbox', { name: 'Hold lab orders for my approval' }).check();
    await card.getByRole('combobox', { name: 'The lab’s delivery speed' }).selectOption('Express');
    await card.getByRole('button', { name: 'Save print lab' }).click();
    await expect(page.getByText('Print lab saved')).toBeVisible();

    await page.reload();
    await expect(madeBy(page, LARGE)).toHaveValue('lab');
    await expect(sku(page, LARGE)).toHaveValue('GLOBAL-FAP-16X20');
    await expect(page.getByRole('combobox', { name: `Photo on the print area, ${LARGE}` })).toHaveValue(
      'fitPrintArea',
    );
    await expect(page.getByRole('checkbox', { name: 'Hold lab orders for my approval' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'The lab’s delivery speed' })).toHaveValue('Express');

    // A code the lab does not know: the lab's refusal under its field, and nothing saved.
    await madeBy(page, MEDIUM).selectOption({ label: 'The lab' });
    await sku(page, MEDIUM).fill('GLOBAL-NOPE-1');
    await page.getByRole('button', { name: 'Save print lab' }).click();
    await expect(sku(page, MEDIUM)).toHaveAccessibleDescription(
      'The lab does not know the product code GLOBAL-NOPE-1: The requested entity could not be found. Nothing was saved.',
    );
    await expect(sku(page, MEDIUM)).toHaveAttribute('aria-invalid', 'true');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.getByRole('region', { name: 'Print lab' }).scrollIntoViewIfNeeded();
      await expectFits(page, `the Products tab with the print lab card at ${width} px`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(madeBy(page, MEDIUM)).toHaveValue('me');
    await expect(madeBy(page, LARGE)).toHaveValue('lab');
    expect(
      withSiteDb(DATA_DIR, (db) =>
        db
          .select()
          .from(labProducts)
          .all()
          .map((p) => p.sku),
      ),
    ).toEqual(['GLOBAL-FAP-16X20']);
  } finally {
    forgetCard();
  }
});

test('the owner sends a held lab order to the lab, and cancels another before it goes', async ({ page }) => {
  const buyers = [`Nuala Lab ${RUN}`, `Ronan Lab ${RUN}`];
  const ids = withSiteDb(DATA_DIR, (db) =>
    buyers.map((customerName) => {
      const order = makeOrder(db, {
        payment: 'paid',
        customerName,
        items: [
          { labSku: 'GLOBAL-FAP-16X20', labSizing: 'fillPrintArea', labAttributes: {} },
          { description: 'Lough Dan, small (8x12 inches) gloss' },
        ],
      });
      const at = new Date();
      db.insert(labOrders)
        .values({ orderId: order.id, state: 'held', nextAttemptAt: at, createdAt: at })
        .run();
      return order.id;
    }),
  );
  try {
    page.on('dialog', (d) => void d.accept());
    await signInTo(page, '/admin?tab=orders');
    const open = async (buyer: string) => {
      await page.getByLabel('Search by customer e-mail or name').fill(buyer);
      await expect(page.getByRole('cell', { name: buyer })).toBeVisible();
      await page.getByRole('button', { name: /^View/ }).first().click();
      const dialog = page.getByRole('dialog', { name: /^Order #/ });
      await expect(dialog.getByText(buyer)).toBeVisible();
      return dialog;
    };

    const first = await open(buyers[0] as string);
    const panel = first.getByRole('region', { name: 'Print lab' });
    await expect(panel.getByText('Waiting for your approval before it goes to the lab.')).toBeVisible();
    await expect(first.getByText('Made by the lab (GLOBAL-FAP-16X20)')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await panel.scrollIntoViewIfNeeded();
      await expectFits(page, `the order dialog with a held lab order at ${width} px`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await panel.getByRole('button', { name: 'Send to the lab' }).click();
    await expect(page.getByText('Sent to the lab', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Send to the lab' })).toHaveCount(0);
    expect(
      withSiteDb(
        DATA_DIR,
        (db) =>
          db
            .select()
            .from(labOrders)
            .all()
            .find((r) => r.orderId === ids[0])?.state,
      ),
    ).not.toBe('held');
    await first.getByRole('button', { name: 'Close', exact: true }).click();

    const second = await open(buyers[1] as string);
    const other = second.getByRole('region', { name: 'Print lab' });
    await other.getByRole('button', { name: 'Cancel lab order' }).click();
    await expect(other.getByText('Cancelled before it reached the lab.')).toBeVisible();
    // It says what comes next: the lab makes nothing, and the money is refunded from the order.
    await expect(
      other.getByText(
        'The lab will not make its prints of this order; the others are yours to make as before. Cancelling it refunded nothing: refund the buyer from this order (Cancel and refund), or make and send them yourself.',
      ),
    ).toBeVisible();
    // Cancelling the lab order refunded nothing: the refund is still offered.
    await expect(second.getByRole('button', { name: 'Cancel and refund' })).toBeVisible();
  } finally {
    // The site's sender may have tried the approved order meanwhile, and mailed the owner about it.
    withSiteDb(DATA_DIR, (db) => {
      db.delete(mailQueue)
        .where(or(...ids.map((id) => like(mailQueue.text, `%${id}%`))))
        .run();
      db.delete(orders).where(inArray(orders.id, ids)).run();
    });
  }
});
