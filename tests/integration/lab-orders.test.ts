// A paid order of a print the lab makes, on the built site, against the Prodigi and PayPal fakes
// over HTTP: the lab gets one order, keyed by the shop's order id, with the right SKU and address,
// and downloads its print file through the signed address; when the lab has made and sent it, its
// callback makes the site read the order again, and the shop's order is shipped with the lab's
// tracking number and the buyer mailed it; the print files are then deleted. Forged callbacks (an
// order the shop never sent, a false stage for a real one, garbage, a huge body) change nothing.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProdigiFake, startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';
import { type PaypalFake, startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import {
  captureLabOrder,
  freePort,
  LAB_SKU,
  labOrderRow,
  readSiteDb,
  seedLabPrint,
  startLabOrder,
  startLabSite,
} from '../helpers/lab-site';
import { waitForOutbox } from '../helpers/outbox';
import type { RunningServer } from '../helpers/server';

let prodigi: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let lab: ProdigiFake;
let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>>;
let payments: PaypalFake;
let site: RunningServer;
let orderId: string;
let labOrderId: string;
let assetUrl: string;
let assetMd5: string;

beforeAll(async () => {
  prodigi = await startProdigiFakeServer();
  lab = prodigi.fake;
  paypal = await startPaypalFakeServer();
  payments = paypal.fake;
  site = await startLabSite({
    port: await freePort(),
    prodigi: { url: prodigi.url, apiKey: lab.apiKey },
    paypal: { url: paypal.url, fake: payments },
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await prodigi?.stop();
  await paypal?.stop();
});

const shopOrder = (id: string) =>
  readSiteDb(
    site.dataDir,
    (db) =>
      db.prepare('select status, carrier, tracking_number from orders where id = ?').get(id) as {
        status: string;
        carrier: string | null;
        tracking_number: string | null;
      },
  );
const createsFor = (id: string) =>
  lab.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path.endsWith('/orders') &&
      (r.body as { merchantReference?: string } | undefined)?.merchantReference === id,
  );
const labOrdersFor = (id: string) =>
  [...lab.orders.values()].filter((o) => o.request.merchantReference === id);

/** A digest of what a callback could change: the orders, their lab orders, history and mails. */
function snapshot(): string {
  return readSiteDb(site.dataDir, (db) =>
    createHash('sha256')
      .update(
        JSON.stringify(
          ['orders', 'lab_orders', 'order_status_history', 'mail_queue'].map((t) =>
            db.prepare(`select * from ${t} order by rowid`).all(),
          ),
        ),
      )
      .digest('hex'),
  );
}

const postCallback = (body: string) =>
  fetch(`${site.url}/api/lab/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('a paid order of a print the lab makes', () => {
  it('reaches the lab once, with its SKU, the buyer’s address and a print file the lab downloads', async () => {
    const variantId = await seedLabPrint(site.dataDir);
    const started = await startLabOrder(site, variantId);
    orderId = started.orderId;
    expect(await captureLabOrder(site, started.paypalId)).toBe(200);

    await expect
      .poll(() => labOrderRow(site.dataDir, orderId)?.state, { timeout: 30_000, interval: 100 })
      .toBe('sent');
    const made = labOrdersFor(orderId);
    expect(made).toHaveLength(1);
    labOrderId = made[0]?.id as string;
    expect(labOrderRow(site.dataDir, orderId)).toMatchObject({
      lab_order_id: labOrderId,
      lab_stage: 'InProgress',
    });
    expect(createsFor(orderId)).toHaveLength(1);

    const request = made[0]?.request;
    expect(request?.idempotencyKey).toBe(orderId);
    expect(request?.items.map((i) => [i.sku, i.copies])).toEqual([[LAB_SKU, 1]]);
    expect(request?.recipient).toMatchObject({
      name: 'Aoife Byrne',
      email: 'aoife@example.ie',
      address: {
        line1: '12 Main Street',
        postalOrZipCode: 'A67 X123',
        townOrCity: 'Wicklow',
        countryCode: 'IE',
      },
    });
    expect(request?.callbackUrl).toBe(`${site.url}/api/lab/callback`);

    // The lab took it only after downloading the file and checking its MD5 (the fake refuses
    // otherwise); the same signed address gives the same bytes, at the print area's pixels.
    const asset = request?.items[0]?.assets[0];
    assetUrl = asset?.url as string;
    assetMd5 = asset?.md5Hash as string;
    expect(assetUrl.startsWith(`${site.url}/api/lab/files/`)).toBe(true);
    const res = await fetch(assetUrl);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash('md5').update(bytes).digest('hex')).toBe(assetMd5);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([6000, 4800]);

    // The lab is making it: the shop's order is being processed.
    await expect.poll(() => shopOrder(orderId).status, { timeout: 10_000 }).toBe('processing');
  }, 90_000);

  it('is shipped with the lab’s tracking once the lab has sent it, and the buyer is told', async () => {
    expect(labOrderId).toBeTruthy();
    lab.advance(labOrderId, 'InProduction');
    lab.advance(labOrderId, 'Complete');
    await lab.delivered();
    const tracking = lab.orders.get(labOrderId)?.shipments[0]?.tracking?.number as string;
    expect(tracking).toMatch(/^FK/);
    expect(lab.callbacks.filter((c) => c.event.subject === labOrderId).at(-1)?.result).toBe(200);

    expect(shopOrder(orderId)).toMatchObject({
      status: 'shipped',
      carrier: 'DPD',
      tracking_number: tracking,
    });
    expect(labOrderRow(site.dataDir, orderId)).toMatchObject({
      state: 'sent',
      lab_stage: 'Complete',
      tracking_number: tracking,
    });
    const mails = await waitForOutbox(site.dataDir, (all) =>
      all.some((m) => m.to === 'aoife@example.ie' && /has been shipped/.test(m.subject)),
    );
    const shipped = mails.find((m) => m.to === 'aoife@example.ie' && /has been shipped/.test(m.subject));
    expect(shipped?.text).toContain(`Tracking number: ${tracking}`);
    expect(shipped?.text).toContain('Carrier: DPD');

    // The lab has made it: the print file is no longer kept.
    expect((await fetch(assetUrl)).status).toBe(404);
    expect(createsFor(orderId)).toHaveLength(1);
  }, 60_000);
});

describe('a forged callback', () => {
  it('changes nothing: an order the shop never sent, a false stage, garbage, a huge body', async () => {
    expect(labOrderId).toBeTruthy();
    const before = snapshot();
    const real = lab.callbackEvent(lab.orders.get(labOrderId) as Parameters<ProdigiFake['callbackEvent']>[0]);
    const asked = lab.requests.length;

    // An order the shop never sent: refused without asking the lab.
    const stranger = {
      ...real,
      subject: 'ord_999999',
      data: { order: { ...real.data.order, id: 'ord_999999' } },
    };
    const unknown = await postCallback(JSON.stringify(stranger));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/no such order/);
    expect(lab.requests.length).toBe(asked);

    // The real order said to be cancelled: the lab is asked, and says Complete.
    const lie = {
      ...real,
      type: 'com.prodigi.order.status.stage.changed#Cancelled',
      data: { order: { ...real.data.order, status: { ...real.data.order.status, stage: 'Cancelled' } } },
    };
    const liar = await postCallback(JSON.stringify(lie));
    expect(liar.status).toBe(200);
    expect(lab.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v4.0/orders/${labOrderId}` });

    for (const garbage of [
      'not json at all',
      '{"specversion":"1.0"}',
      '[]',
      JSON.stringify({ ...real, id: 'x' }),
    ]) {
      const res = await postCallback(garbage);
      expect(res.status, garbage).toBe(400);
      expect(typeof (await res.json()).message).toBe('string');
    }
    const huge = await postCallback(JSON.stringify({ ...real, padding: 'x'.repeat(400_000) }));
    expect(huge.status).toBe(413);

    expect(snapshot()).toBe(before);
    expect(shopOrder(orderId).status).toBe('shipped');
    expect(labOrderRow(site.dataDir, orderId)?.state).toBe('sent');
  }, 60_000);
});
