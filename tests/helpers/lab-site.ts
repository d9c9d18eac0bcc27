// A built site that sends its lab orders to the Prodigi fake and takes payments through the PayPal
// fake, both over HTTP on 127.0.0.1. The site listens on a port chosen beforehand and knows it as
// its SITE_URL, so the fake can download its print files and post its callbacks to it; a restart
// on the same data directory keeps the same address. A print the lab makes (a photo whose original
// is stored, its print, and the lab's product for that size and finish) is seeded, and paid orders
// of it are made through the real checkout.
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { originalKey } from '~/lib/platform/server/storage/storage';
import { labProducts } from '~db/schema';
import { withSiteDb } from './db';
import { makePhoto, makeVariant, uniqueMediaId } from './factories';
import { CUSTOMER } from './fixtures';
import { type RunningServer, startServer } from './server';
import { inSiteStore } from './test-storage';

export const LAB_SKU = 'GLOBAL-FAP-16X20';

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((r) => server.close(r));
  return port;
}

export interface LabSiteOptions {
  port: number;
  prodigi: { url: string; apiKey: string };
  paypal: { url: string; fake: PaypalFake };
  dataDir?: string;
}

export function startLabSite(o: LabSiteOptions): Promise<RunningServer> {
  return startServer({
    ...(o.dataDir ? { DATA_DIR: o.dataDir } : {}),
    PORT: String(o.port),
    SITE_URL: `http://127.0.0.1:${o.port}`,
    PRODIGI_API_KEY: o.prodigi.apiKey,
    PRODIGI_API_BASE: o.prodigi.url,
    LAB_SEND_EVERY_SECONDS: '1',
    PAYPAL_CLIENT_ID: o.paypal.fake.clientId,
    PAYPAL_CLIENT_SECRET: o.paypal.fake.clientSecret,
    PAYPAL_API_BASE: o.paypal.url,
    TRUSTED_PROXIES: '127.0.0.1',
  });
}

/**
 * A landscape photo on sale as a large matte print, which the lab makes as `sku`. Answers the
 * print's variant id. The photo says 6000×4000 (enough for any print); its stored original is a
 * smaller file of the same shape, quicker to make into a print file. `photo` changes the photo (a
 * title, a limited edition).
 */
export async function seedLabPrint(
  dataDir: string,
  sku = LAB_SKU,
  photo: { title?: string; editionSize?: number } = {},
): Promise<string> {
  const mediaId = uniqueMediaId();
  const jpeg = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#2f6b4f' } })
    .jpeg()
    .toBuffer();
  await inSiteStore(dataDir, () => getStorage().put(originalKey(mediaId, 'jpg'), jpeg));
  return withSiteDb(dataDir, (db) => {
    const made = makePhoto(db, { title: 'Lough Tay', ...photo, mediaId, width: 6000, height: 4000 });
    const variant = makeVariant(db, { photoId: made.id, size: 'large', finish: 'matte' });
    db.insert(labProducts)
      .values({ size: 'large', finish: 'matte', framed: false, sku, sizing: 'fillPrintArea' })
      .onConflictDoNothing()
      .run();
    return variant.id;
  });
}

let client = 0;
const post = (site: RunningServer, path: string, body: unknown) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // Each buyer from an address of its own (through a trusted local proxy), below the rate limits.
      'x-forwarded-for': `10.7.${(++client >> 8) & 255}.${client & 255}`,
    },
    body: JSON.stringify(body),
  });

/** Reads the site's database (read-only) while it runs. */
export function readSiteDb<T>(dataDir: string, fn: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'site.sqlite'), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * Starts an order of one lab print through the checkout, which marks its line as made by the lab
 * (lab_sku) from the print's lab product. Answers the shop's order id and PayPal's.
 */
export async function startLabOrder(site: RunningServer, variantId: string, sku = LAB_SKU) {
  const res = await post(site, '/api/paypal/order', {
    lines: [{ variantId, framing: null, quantity: 1 }],
    country: 'IE',
  });
  if (res.status !== 201) throw new Error(`The order was not made: ${res.status} ${await res.text()}`);
  const paypalId = ((await res.json()) as { id: string }).id;
  const orderId = readSiteDb(site.dataDir, (db) => {
    const row = db
      .prepare(
        `select o.id, i.lab_sku from orders o join order_items i on i.order_id = o.id
         where o.paypal_order_id = ?`,
      )
      .get(paypalId) as { id: string; lab_sku: string | null };
    if (row.lab_sku !== sku) throw new Error(`The checkout did not mark the line as made by ${sku}`);
    return row.id;
  });
  return { orderId, paypalId };
}

/** Pays an order started by startLabOrder; answers the capture's HTTP status. */
export async function captureLabOrder(site: RunningServer, paypalId: string): Promise<number> {
  const res = await post(site, `/api/paypal/order/${paypalId}/capture`, {
    customerData: CUSTOMER,
    cartItems: [],
  });
  await res.arrayBuffer();
  return res.status;
}

export interface LabOrderRow {
  order_id: string;
  state: string;
  attempts: number;
  lab_order_id: string | null;
  lab_stage: string | null;
  tracking_number: string | null;
}

export const labOrderRow = (dataDir: string, orderId: string) =>
  readSiteDb(
    dataDir,
    (db) => db.prepare('select * from lab_orders where order_id = ?').get(orderId) as LabOrderRow | undefined,
  );
