// The print lab's whole story in the browser, on a demo site of its own whose lab is the Prodigi
// fake over HTTP (its sandbox, in effect) and whose payments are test payments. The owner starts
// selling fine-art paper and canvas at 16 × 24 in, has the lab make both, and prices them as a
// margin over the lab's cost; a buyer in Germany buys a fine-art print and a buyer in Ireland a
// canvas, each seeing the lab's delivery beside the prints; the lab receives one order each with
// the right product, print area, file and address; its callbacks move each order to shipped with
// the lab's tracking, and the buyer's mail says so.
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';
import { OWNER } from '../../playwright.config';
import { freePort } from '../helpers/lab-site';
import { type RunningServer, startServer } from '../helpers/server';
import { fillCheckoutDetails } from './checkout-form';
import { onSite as onSiteOf } from './own-site';
import { signInTo } from './sign-in';

type Fake = Awaited<ReturnType<typeof startProdigiFakeServer>>;
let prodigi: Fake;
let site: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  prodigi = await startProdigiFakeServer();
  const port = await freePort();
  site = await startServer({
    SEED_DEMO: '1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    PRODIGI_API_KEY: prodigi.fake.apiKey,
    PRODIGI_API_BASE: prodigi.url,
    LAB_SEND_EVERY_SECONDS: '1',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
  });
});
test.afterAll(async () => {
  await site?.stop();
  await prodigi?.stop();
});

/** The page, with its relative addresses sent to this spec's own site. */
const onSite = (page: Page) => onSiteOf(page, () => site.url);

const query = <T>(sql: string, ...args: unknown[]): T[] => {
  const db = new Database(`${site.dataDir}/site.sqlite`, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
};

async function buy(
  page: Page,
  print: { material: 'Fine-art paper' | 'Canvas'; words: string },
  buyer: { name: string; email: string; street: string; city: string; postalCode: string; country: string },
  speed: { name: 'Standard' | 'Express'; price: string } = { name: 'Standard', price: '€9.50' },
) {
  onSite(page);
  await page.goto('/shop');
  await page.getByPlaceholder('Search photos...').fill('lough tay');
  await page.getByRole('button', { name: /Customise print: Lough Tay/ }).click();
  const dialog = page.getByRole('dialog', { name: /Lough Tay/ });
  // The material first, then its sizes, in inches and centimetres.
  await dialog.getByRole('radio', { name: print.material }).check();
  await dialog.getByRole('radio', { name: /16 × 24 in \(41 × 61 cm\)/ }).check();
  // The dialog says, before the buyer chooses, that the lab makes this print, and what it is.
  await expect(dialog.getByText(`Made and sent by our print lab: ${print.words}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.goto('/checkout');
  await fillCheckoutDetails(page, { ...buyer, phone: '+353 1 234 5678' });
  // Who sends what, in plain words: the print is the lab's, and so is its delivery.
  await expect(page.getByText('Made and sent by our print lab')).toBeVisible();
  // The lab's delivery speeds the owner offers, each at the lab's price for this cart.
  const speeds = page.getByRole('group', { name: "Delivery of the print lab's prints" });
  await expect(speeds.getByRole('radio', { name: /Standard delivery/ })).toBeChecked();
  await expect(speeds.getByText('€19.00')).toBeVisible();
  await speeds.getByRole('radio', { name: new RegExp(`${speed.name} delivery`) }).check();
  await expect(
    page.getByText(`Print lab's delivery (${speed.name} delivery, from the Netherlands)`),
  ).toBeVisible();
  await expect(page.getByTestId('order-shipping-lab')).toHaveText(speed.price);
  await page.getByRole('button', { name: 'Test mode: no real payment' }).click();
  await expect(page.getByRole('heading', { name: 'Test order placed' })).toBeVisible();
  await expect(page.getByText('Made and sent by our print lab, in a parcel of its own')).toBeVisible();
  return new URL(page.url()).searchParams.get('orderId') as string;
}

test('the owner has the lab make prints; two buyers get theirs from the lab, tracked', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await browser.newPage();
  onSite(owner);
  await signInTo(owner, '/admin?tab=products');
  // The shop starts selling fine-art paper and canvas at 16 × 24 in, a 3:2 size.
  const products = owner.getByRole('region', { name: 'Products the shop sells' });
  // Materials the shop does not sell yet start folded.
  for (const folded of [/^Fine-art paper/, /^Canvas/]) {
    await products.locator('summary').filter({ hasText: folded }).click();
  }
  for (const [material, price] of [
    ['Fine-art paper', '150'],
    ['Canvas', '180'],
  ] as const) {
    const tick = owner.getByRole('checkbox', { name: `${material} 16 × 24 in (41 × 61 cm)` });
    await products.locator(tick).check();
    await products
      .getByRole('listitem')
      .filter({ has: tick })
      .getByLabel(/^Price, default list/)
      .fill(price);
  }
  await products.getByRole('button', { name: 'Save products' }).click();
  await expect(owner.getByText('Products saved')).toBeVisible();

  const card = owner.getByRole('region', { name: 'Print lab' });
  await expect(card.getByText('Prodigi sandbox: orders are checked but never printed')).toBeVisible();
  const fineArt = '16x24 inches, fine-art paper, unframed';
  const canvas = '16x24 inches, canvas, unframed';
  await card.getByRole('combobox', { name: `Made by, ${fineArt}` }).selectOption({ label: 'The lab' });
  await card.getByRole('textbox', { name: `Lab product code (SKU), ${fineArt}` }).fill('GLOBAL-FAP-16X24');
  await card.getByRole('combobox', { name: `Made by, ${canvas}` }).selectOption({ label: 'The lab' });
  await card.getByRole('textbox', { name: `Lab product code (SKU), ${canvas}` }).fill('GLOBAL-CAN-16X24');
  await card.getByRole('textbox', { name: `Attributes, ${canvas}` }).fill('wrap=ImageWrap');
  // Buyers may pay for Express delivery of the lab's prints; Standard stays the one offered first.
  await card.getByRole('group', { name: 'Delivery speeds buyers can choose' }).getByLabel('Express').check();
  await card.getByRole('button', { name: 'Save print lab' }).click();
  await expect(owner.getByText('Print lab saved')).toBeVisible();
  // What each lab print leaves the owner, from the lab's own costs.
  const margins = card.getByRole('table', { name: /What each lab print leaves you/ });
  await expect(margins.getByRole('row', { name: /16x24 fine-art paper GLOBAL-FAP-16X24/ })).toContainText(
    '€21.00',
  );
  await expect(margins.getByRole('row', { name: /16x24 canvas GLOBAL-CAN-16X24/ })).toContainText('€48.00');

  // The default price list prices the lab's prints as a margin over the lab's cost: €21.00 + 150%,
  // rounded up to whole euros.
  const lists = owner.getByRole('region', { name: 'Price lists' });
  await lists.getByRole('button', { name: /^Edit ?: the default price list$/ }).click();
  const form = owner.getByRole('form', { name: 'Edit the default price list' });
  await form.getByRole('radio', { name: 'The lab’s cost plus' }).check();
  await form.getByRole('textbox', { name: 'Margin over the lab’s cost, percent' }).fill('150');
  await expect(form.getByText(/16x24 fine-art paper: lab €21\.00 → €53\.00/)).toBeVisible();
  await form.getByRole('button', { name: 'Save price list' }).click();
  await expect(owner.getByText('Price list saved')).toBeVisible();
  await expect(lists.getByText('Prints the lab makes: the lab’s cost plus 150%.')).toBeVisible();
  // What the lab's print leaves the owner follows its new price.
  await expect(margins.getByRole('row', { name: /16x24 fine-art paper GLOBAL-FAP-16X24/ })).toContainText(
    '€53.00',
  );

  // The print page names the lab, and its product in the lab's words, where it makes the print.
  const visitor = await browser.newPage();
  onSite(visitor);
  await visitor.goto('/prints/lough-tay-at-first-light');
  await expect(
    visitor.getByText('(made by our print lab: Hahnemühle Photo Rag fine art print, 16x24")'),
  ).toBeVisible();
  await expect(visitor.getByText(/made for us, and sent to you, by Prodigi/)).toBeVisible();

  const german = await buy(
    await browser.newPage(),
    { material: 'Fine-art paper', words: 'Hahnemühle Photo Rag fine art print, 16x24"' },
    {
      name: 'Lena Vogel',
      email: 'lena@example.de',
      street: 'Kastanienallee 12',
      city: 'Berlin',
      postalCode: '10435',
      country: 'Germany',
    },
    { name: 'Express', price: '€19.00' },
  );
  const irish = await buy(
    await browser.newPage(),
    { material: 'Canvas', words: 'Standard canvas on quality stretcher bar, 16x24"' },
    {
      name: 'Aoife Byrne',
      email: 'aoife@example.ie',
      street: '12 Main Street',
      city: 'Wicklow',
      postalCode: 'A67 X123',
      country: 'Ireland',
    },
  );

  // The lab receives one order for each, sent by the site's outbox.
  await expect.poll(() => prodigi.fake.orders.size, { timeout: 30_000 }).toBe(2);
  const sent = [...prodigi.fake.orders.values()];
  const of = (orderId: string) => {
    const order = sent.find((o) => o.request.merchantReference === orderId);
    if (!order) throw new Error(`the lab has no order ${orderId}`);
    return order;
  };
  const expectations = [
    {
      orderId: german,
      sku: 'GLOBAL-FAP-16X24',
      country: 'DE',
      town: 'Berlin',
      name: 'Lena Vogel',
      px: [7200, 4800],
    },
    {
      orderId: irish,
      sku: 'GLOBAL-CAN-16X24',
      country: 'IE',
      town: 'Wicklow',
      name: 'Aoife Byrne',
      px: [4172, 2972],
    },
  ];
  for (const e of expectations) {
    const { request } = of(e.orderId);
    expect(request.idempotencyKey).toBe(e.orderId);
    expect(request.recipient).toMatchObject({
      name: e.name,
      address: { countryCode: e.country, townOrCity: e.town },
    });
    expect(request.items).toHaveLength(1);
    const [item] = request.items;
    expect(item?.sku).toBe(e.sku);
    expect(item?.assets).toEqual([expect.objectContaining({ printArea: 'default' })]);
    // The file the lab downloads: the photo at the product's print area, turned to its landscape.
    const file = await fetch(item?.assets[0]?.url as string);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual(e.px);
  }
  expect(of(irish).request.items[0]?.attributes).toEqual({ wrap: 'ImageWrap' });
  // Each goes by the speed its buyer paid for.
  expect(of(german).request.shippingMethod).toBe('Express');
  expect(of(irish).request.shippingMethod).toBe('Standard');

  // The lab makes and sends them: its callbacks move each order to shipped with its tracking.
  for (const e of expectations) {
    const id = of(e.orderId).id;
    prodigi.fake.advance(id, 'InProduction');
    prodigi.fake.advance(id, 'Complete');
  }
  await prodigi.fake.delivered();
  for (const e of expectations) {
    const tracking = of(e.orderId).shipments[0]?.tracking?.number as string;
    expect(tracking).toBeTruthy();
    await expect
      .poll(
        () =>
          query<{ status: string; tracking_number: string }>(
            'select status, tracking_number from orders where id = ?',
            e.orderId,
          )[0],
        { timeout: 15_000 },
      )
      .toEqual({ status: 'shipped', tracking_number: tracking });
    const mails = query<{ text: string }>(
      'select text from mail_queue where "to" like ? and text like ?',
      `%${e.name === 'Lena Vogel' ? 'lena@example.de' : 'aoife@example.ie'}%`,
      `%${tracking}%`,
    );
    expect(mails).toHaveLength(1);
  }

  // The owner sees the lab's stage and tracking in the order.
  await owner.goto('/admin?tab=orders');
  await owner.getByLabel('Search by customer e-mail or name').fill('Lena Vogel');
  await expect(owner.getByRole('cell', { name: 'Lena Vogel' })).toBeVisible();
  await owner.getByRole('button', { name: /^View/ }).first().click();
  const dialog = owner.getByRole('dialog', { name: /^Order #/ });
  await expect(dialog.getByRole('region', { name: 'Print lab' })).toContainText(
    of(german).shipments[0]?.tracking?.number as string,
  );
});
