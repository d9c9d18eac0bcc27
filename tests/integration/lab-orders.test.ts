// A paid order of a print the lab makes, on the built site, against the Prodigi and PayPal fakes
// over HTTP: the lab gets one order, keyed by the shop's order id, with the right SKU and address,
// and downloads its print file through the signed address; when the lab has made and sent it, its
// callback makes the site read the order again, and the shop's order is shipped with the lab's
// tracking number and the buyer mailed it; the print files are then deleted. Forged callbacks (an
// order the shop never sent, a false stage for a real one, garbage, a huge body) change nothing.
// A limited edition's copy travels with its certificate: the lab is given the page of the order's
// certificates as its packing slip and downloads it as a PNG, from a signed address that refuses
// any other token alike; an order of an open edition has no packing slip.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_SLIP_URL_PATH, certificateSlipUrl } from '~/lib/lab/certificate-slip-url.server';
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
    // An open edition: no certificate, so nothing for the lab to put in the parcel.
    expect(request?.packingSlip).toBeUndefined();
    expect(made[0]?.packingSlip).toBeNull();

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

describe('a paid order of a limited edition’s copy the lab makes', () => {
  let editionOrderId: string;
  let slipUrl: string;

  it('carries the copy’s certificate as its packing slip, which the lab downloads as a PNG', async () => {
    const variantId = await seedLabPrint(site.dataDir, LAB_SKU, {
      title: 'Lough Dan & the "Inchavore" <river>',
      editionSize: 25,
    });
    const started = await startLabOrder(site, variantId);
    editionOrderId = started.orderId;
    expect(await captureLabOrder(site, started.paypalId)).toBe(200);
    await expect
      .poll(() => labOrderRow(site.dataDir, editionOrderId)?.state, { timeout: 30_000, interval: 100 })
      .toBe('sent');

    const copy = readSiteDb(
      site.dataDir,
      (db) =>
        db
          .prepare('select number, certificate_code as code from edition_copies where order_id = ?')
          .get(editionOrderId) as { number: number; code: string },
    );
    expect(copy.number).toBe(1);
    const [made] = labOrdersFor(editionOrderId);
    // The certificate's address stays in the metadata, and its page goes in the parcel.
    expect(made?.request.metadata).toMatchObject({
      editionCertificates: [{ number: 1, url: `${site.url}/certificate/${copy.code}` }],
    });
    slipUrl = made?.request.packingSlip?.url as string;
    expect(slipUrl.startsWith(`${site.url}${CERTIFICATE_SLIP_URL_PATH}`)).toBe(true);
    // The lab took the order only after downloading the slip and finding a picture it can print.
    expect(made?.packingSlip).toMatchObject({ url: slipUrl, format: 'png', widthPx: 1748, heightPx: 2480 });

    const res = await fetch(slipUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.density]).toEqual(['png', 1748, 2480, 300]);
    const head = await fetch(slipUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  }, 90_000);

  it('is refused at any other address alike, and is none for an order without a numbered copy', async () => {
    expect(slipUrl).toBeTruthy();
    const token = new URL(slipUrl).pathname.slice(CERTIFICATE_SLIP_URL_PATH.length);
    const [order, exp, sig] = token.split('.') as [string, string, string];
    const secret = readFileSync(join(site.dataDir, 'auth-secret'), 'utf8').trim();
    const expired = certificateSlipUrl(editionOrderId, {
      siteUrl: site.url,
      secret,
      now: Date.now() - 8 * 24 * 3600_000,
    });
    const openEdition = Buffer.from(orderId).toString('base64url');
    for (const bad of [
      `${openEdition}.${exp}.${sig}`,
      `${order}.${Number(exp) + 60}.${sig}`,
      `${order}.${exp}.${sig.slice(0, -2)}AA`,
      `${order}.${exp}`,
      'x',
      new URL(expired).pathname.slice(CERTIFICATE_SLIP_URL_PATH.length),
      new URL(assetUrl).pathname.split('/').at(-1) as string,
    ]) {
      const res = await fetch(`${site.url}${CERTIFICATE_SLIP_URL_PATH}${bad}`);
      expect(res.status, bad).toBe(403);
      expect((await res.json()).message).toBe('This certificate link is not valid, or has expired.');
    }
    // Signed by the site for an order of an open edition: there is nothing to print.
    const none = await fetch(certificateSlipUrl(orderId, { siteUrl: site.url, secret }));
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('This order has no certificate for the lab to print.');
  }, 30_000);
});
