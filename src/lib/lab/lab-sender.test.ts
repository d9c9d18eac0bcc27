// The lab outbox's sender against the Prodigi fake over HTTP, with the real client: the fake
// downloads every print file through its signed address (served here as the site serves it) and
// checks its MD5. A paid order is sent once, keyed by its order id, with the product's print area
// in pixels, the buyer's address and the edition's certificates (their addresses in the metadata,
// and their page as the packing slip, which the fake downloads as a PNG; an order without a numbered
// copy has no packing slip); a lab that is down or answers too
// late is asked again with growing waits and never makes a second order; six hours without the lab
// mail the owner once; a refusal (the lab's, or the shop's when a photo is gone) is kept with its
// reasons and mailed to the owner once; a held order waits; one pass runs at a time.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { originalKey } from '~/lib/platform/server/storage/storage';
import { labOrders, labSettings, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeEditionCopy, makeOrder, makePhoto, makeVariant, uniqueMediaId } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';
import { CERTIFICATE_SLIP_URL_PATH, certificateSlipOrderOf } from './certificate-slip-url.server';
import { LabUnavailableError } from './lab';
import { printAreasOf } from './lab-order-request.server';
import { queueLabOrder } from './lab-outbox.server';
import { labRetryDelayMs, sendDueLabOrders, startLabSender } from './lab-sender.server';
import { printFileKey } from './print-file.server';
import { PRINT_FILE_URL_PATH, printFileKeyOf } from './print-file-url.server';
import { ProdigiClient } from './prodigi-client.server';
import { type ProdigiFake, startProdigiFakeServer } from './prodigi-fake.server';

tempDataDir('lab-sender');

const SKU = 'GLOBAL-FAP-16X24';
let prodigi: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let fake: ProdigiFake;
let lab: ProdigiClient;
let files: Server;
let siteUrl: string;
let savedSiteUrl: string | undefined;
/** The orders whose packing slip the lab downloaded, by the order its signed address names. */
const slipsServed: string[] = [];

beforeAll(async () => {
  prodigi = await startProdigiFakeServer();
  fake = prodigi.fake;
  lab = new ProdigiClient({ apiKey: fake.apiKey, baseUrl: prodigi.url, timeoutMs: 2_000 });
  // The site draws an order's certificates on its packing slip (certificate-image.server.ts, tested
  // on its own); behind the same signed address, a blank page stands in for it here.
  const blankPage = await sharp({ create: { width: 1748, height: 2480, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // The site's print file route, as the lab reaches it: the signed token, then the stored bytes.
  files = createServer(async (req, res) => {
    try {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (path.startsWith(CERTIFICATE_SLIP_URL_PATH)) {
        slipsServed.push(certificateSlipOrderOf(path.slice(CERTIFICATE_SLIP_URL_PATH.length)));
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(blankPage);
        return;
      }
      const token = path.slice(PRINT_FILE_URL_PATH.length);
      const body = await getStorage().get(printFileKeyOf(token));
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      body.pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  savedSiteUrl = process.env.SITE_URL;
  process.env.SITE_URL = siteUrl;
  resetConfigForTests();
});
afterAll(async () => {
  if (savedSiteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = savedSiteUrl;
  resetConfigForTests();
  await prodigi?.stop();
  await new Promise((r) => files?.close(r));
});

let db: Db;
beforeEach(() => {
  db = memoryDb();
  fake.down = false;
  fake.latencyMs = 0;
  vi.spyOn(getLog(), 'info').mockImplementation(() => {});
  vi.spyOn(getLog(), 'warn').mockImplementation(() => {});
  vi.spyOn(getLog(), 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A landscape photo whose original is stored (600×400: the print file is made larger). */
async function storedPhoto(overrides: Parameters<typeof makePhoto>[1] = {}) {
  const mediaId = uniqueMediaId();
  const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2f6b4f' } })
    .jpeg()
    .toBuffer();
  await getStorage().put(originalKey(mediaId, 'jpg'), jpeg);
  return makePhoto(db, { mediaId, width: 600, height: 400, ...overrides });
}

const ADDRESS = {
  shipStreet: '12 Main Street',
  shipPostalCode: 'A67 X123',
  shipCity: 'Wicklow',
  shipCountry: 'IE',
};

/** A paid order of `quantity` lab prints of a photo, queued for the lab at `at`. */
async function paidLabOrder(
  opts: { at?: Date; quantity?: number; order?: Parameters<typeof makeOrder>[1] } = {},
) {
  const photo = await storedPhoto();
  const variant = makeVariant(db, { photoId: photo.id, size: 'large', finish: 'matte' });
  const order = makeOrder(db, {
    payment: 'paid',
    status: 'pending',
    ...ADDRESS,
    ...opts.order,
    items: [
      {
        productVariantId: variant.id,
        quantity: opts.quantity ?? 1,
        description: 'Lough Tay, large (16x24 inches) matte',
        labSku: SKU,
        labSizing: 'fillPrintArea',
      },
    ],
  });
  expect(queueLabOrder(db, order.id, opts.at ?? new Date())).toBe(true);
  return { order, photo, item: order.items[0] as (typeof order.items)[number] };
}

/** A small file kept where an earlier attempt left the line's print file (the reuse path). */
async function earlierPrintFile(orderId: string, lineId: string): Promise<string> {
  const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
    .jpeg()
    .toBuffer();
  await getStorage().put(printFileKey(orderId, lineId, { widthPx: 7200, heightPx: 4800 }), bytes);
  return createHash('md5').update(bytes).digest('hex');
}

const row = (orderId: string) => db.select().from(labOrders).where(eq(labOrders.orderId, orderId)).get();
const creates = (orderId: string) =>
  fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path.endsWith('/orders') &&
      (r.body as { merchantReference?: string })?.merchantReference === orderId,
  );
const labOrdersOf = (orderId: string) =>
  [...fake.orders.values()].filter((o) => o.request.merchantReference === orderId);
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('sending a paid order to the lab', () => {
  it('sends it once, keyed by its order id, with the print file at the print area’s pixels and the buyer’s address', async () => {
    const { order, item } = await paidLabOrder({ quantity: 2, order: { labShippingMethod: 'Express' } });
    expect(await sendDueLabOrders(db, lab)).toBe(1);

    const [create] = creates(order.id);
    const body = create?.body as {
      idempotencyKey: string;
      merchantReference: string;
      shippingMethod: string;
      callbackUrl: string;
      recipient: { name: string; email: string; phoneNumber: string; address: Record<string, string> };
      items: {
        merchantReference: string;
        sku: string;
        copies: number;
        sizing: string;
        assets: { printArea: string; url: string; md5Hash: string }[];
      }[];
      metadata: Record<string, unknown>;
    };
    expect(body.idempotencyKey).toBe(order.id);
    expect(body.merchantReference).toBe(order.id);
    expect(body.shippingMethod).toBe('Express');
    expect(body.callbackUrl).toBe(`${siteUrl}/api/lab/callback`);
    // No limited edition, no certificate: nothing for the lab to put in the parcel.
    expect(body).not.toHaveProperty('packingSlip');
    expect(body.metadata).toEqual({ shopOrderId: order.id });
    expect(labOrdersOf(order.id)[0]?.packingSlip).toBeNull();
    expect(body.recipient).toEqual({
      name: 'Aoife Byrne',
      email: 'aoife@example.ie',
      phoneNumber: '+353 1 234 5678',
      address: {
        line1: '12 Main Street',
        postalOrZipCode: 'A67 X123',
        townOrCity: 'Wicklow',
        countryCode: 'IE',
      },
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      merchantReference: item.id,
      sku: SKU,
      copies: 2,
      sizing: 'fillPrintArea',
    });
    const asset = body.items[0]?.assets[0];
    expect(asset?.printArea).toBe('default');
    expect(asset?.url.startsWith(`${siteUrl}/api/lab/files/`)).toBe(true);

    // The file the lab downloaded: the 4800×7200 area turned to the landscape photo, with that MD5.
    const key = printFileKey(order.id, item.id, { widthPx: 7200, heightPx: 4800 });
    const chunks: Buffer[] = [];
    for await (const c of await getStorage().get(key)) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(asset?.md5Hash);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([7200, 4800]);

    const sent = row(order.id);
    const made = labOrdersOf(order.id);
    expect(made).toHaveLength(1);
    expect(sent).toMatchObject({
      state: 'sent',
      labOrderId: made[0]?.id,
      labStage: 'InProgress',
      labIssues: null,
    });
    expect(sent?.sentAt).toBeInstanceOf(Date);

    // Nothing is due any more, and nobody is mailed by the sender.
    expect(await sendDueLabOrders(db, lab, at(new Date(), 3_600_000))).toBe(0);
    expect(creates(order.id)).toHaveLength(1);
    expect(queuedMails(db)).toEqual([]);
  }, 30_000);

  it('reuses a print file an earlier attempt made, and carries an edition’s certificate in the parcel', async () => {
    const { order, item, photo } = await paidLabOrder();
    const md5 = await earlierPrintFile(order.id, item.id);
    makeEditionCopy(db, {
      photoId: photo.id,
      orderId: order.id,
      orderItemId: item.id,
      number: 7,
      soldAt: new Date(),
      certificateCode: 'certcodeabcdefghijkl',
    });
    expect(await sendDueLabOrders(db, lab)).toBe(1);
    const body = creates(order.id)[0]?.body as {
      items: { assets: { md5Hash: string }[] }[];
      packingSlip: { url: string };
      metadata: { shopOrderId: string; editionCertificates: unknown[] };
    };
    expect(body.items[0]?.assets[0]?.md5Hash).toBe(md5);
    expect(body.metadata).toEqual({
      shopOrderId: order.id,
      editionCertificates: [{ line: item.id, number: 7, url: `${siteUrl}/certificate/certcodeabcdefghijkl` }],
    });
    // The page of the order's certificates, at a signed address naming the order, which the lab
    // downloaded (and would have refused the order without) as a PNG to print.
    expect(body.packingSlip).toEqual({ url: expect.stringMatching(`^${siteUrl}/api/lab/certificates/`) });
    expect(slipsServed).toContain(order.id);
    expect(labOrdersOf(order.id)[0]?.packingSlip).toMatchObject({
      url: body.packingSlip.url,
      format: 'png',
      widthPx: 1748,
      heightPx: 2480,
    });
  });

  it('sends Northern Ireland as part of the United Kingdom', async () => {
    const { order, item } = await paidLabOrder({
      order: { shipCountry: 'XI', shipPostalCode: 'BT1 1AA', shipCity: 'Belfast' },
    });
    await earlierPrintFile(order.id, item.id);
    expect(await sendDueLabOrders(db, lab)).toBe(1);
    const body = creates(order.id)[0]?.body as { recipient: { address: { countryCode: string } } };
    expect(body.recipient.address.countryCode).toBe('GB');
  });

  it('leaves a held order for the owner', async () => {
    db.insert(labSettings).values({ id: 1, holdForApproval: true }).run();
    const { order } = await paidLabOrder();
    expect(row(order.id)?.state).toBe('held');
    expect(await sendDueLabOrders(db, lab, at(new Date(), 3_600_000))).toBe(0);
    expect(creates(order.id)).toHaveLength(0);
    expect(row(order.id)?.state).toBe('held');
  });

  it('withdraws, instead of sending, the lab order of an order cancelled and refunded meanwhile', async () => {
    const { order } = await paidLabOrder();
    db.update(orders)
      .set({ status: 'cancelled', paymentStatus: 'cancelled' })
      .where(eq(orders.id, order.id))
      .run();
    expect(await sendDueLabOrders(db, lab)).toBe(0);
    expect(row(order.id)?.state).toBe('cancelled');
    expect(creates(order.id)).toHaveLength(0);
    expect(queuedMails(db)).toEqual([]);
  });

  it('runs one pass at a time: a second pass while one is under way sends nothing', async () => {
    const { order, item } = await paidLabOrder();
    await earlierPrintFile(order.id, item.id);
    fake.latencyMs = 200;
    expect(await Promise.all([sendDueLabOrders(db, lab), sendDueLabOrders(db, lab)])).toEqual([1, 0]);
    expect(creates(order.id)).toHaveLength(1);
  });
});

describe('a lab that cannot be reached', () => {
  it('is asked again after 30 s, doubling, and the order is made once when it answers', async () => {
    const T0 = new Date();
    const { order, item } = await paidLabOrder({ at: T0 });
    await earlierPrintFile(order.id, item.id);
    fake.down = true;
    expect(await sendDueLabOrders(db, lab, T0)).toBe(0);
    expect(row(order.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      nextAttemptAt: at(T0, 30_000),
      lastError: expect.stringMatching(/unavailable/),
    });
    // Not due yet: the lab is not asked.
    const asked = creates(order.id).length;
    expect(await sendDueLabOrders(db, lab, at(T0, 29_000))).toBe(0);
    expect(creates(order.id)).toHaveLength(asked);
    expect(await sendDueLabOrders(db, lab, at(T0, 30_000))).toBe(0);
    expect(row(order.id)).toMatchObject({ attempts: 2, nextAttemptAt: at(T0, 30_000 + 60_000) });

    fake.down = false;
    expect(await sendDueLabOrders(db, lab, at(T0, 90_000))).toBe(1);
    expect(row(order.id)?.state).toBe('sent');
    expect(labOrdersOf(order.id)).toHaveLength(1);
    expect(queuedMails(db)).toEqual([]);
  });

  it('that took the order but answered too late is answered with that order when asked again', async () => {
    const T0 = new Date();
    const { order, item } = await paidLabOrder({ at: T0 });
    await earlierPrintFile(order.id, item.id);
    const impatient = new ProdigiClient({ apiKey: fake.apiKey, baseUrl: prodigi.url, timeoutMs: 150 });
    await printAreasOf(impatient, SKU);
    fake.latencyMs = 400;
    expect(await sendDueLabOrders(db, impatient, T0)).toBe(0);
    expect(row(order.id)?.lastError).toMatch(/timeout|in time/);
    // The lab made it all the same, once the answer was abandoned.
    await expect.poll(() => labOrdersOf(order.id).length, { timeout: 5_000 }).toBe(1);
    fake.latencyMs = 0;
    expect(await sendDueLabOrders(db, impatient, at(T0, 30_000))).toBe(1);
    expect(creates(order.id).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey)).toEqual([
      order.id,
      order.id,
    ]);
    expect(labOrdersOf(order.id)).toHaveLength(1);
    expect(row(order.id)).toMatchObject({ state: 'sent', labOrderId: labOrdersOf(order.id)[0]?.id });
  });

  it('mails the owner once, six hours after the order was queued', async () => {
    const T0 = new Date();
    const { order, item } = await paidLabOrder({ at: T0 });
    await earlierPrintFile(order.id, item.id);
    fake.down = true;
    await sendDueLabOrders(db, lab, T0);
    await sendDueLabOrders(db, lab, at(T0, 6 * 3_600_000 - 60_000));
    expect(queuedMails(db)).toEqual([]);
    await sendDueLabOrders(db, lab, at(T0, 6 * 3_600_000 + 60_000));
    await sendDueLabOrders(db, lab, at(T0, 8 * 3_600_000));
    const mails = queuedMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'owner@example.com',
      subject: expect.stringMatching(/has not reached Prodigi yet/),
    });
    expect(mails[0]?.text).toContain(order.id);
    expect(mails[0]?.text).toMatch(/The last attempt failed: Prodigi is unavailable/);
    expect(mails[0]?.text).toMatch(/keeps trying/);
    expect(row(order.id)?.ownerAlertedAt).toEqual(at(T0, 6 * 3_600_000 + 60_000));
    expect(row(order.id)?.state).toBe('queued');
    expect(labOrdersOf(order.id)).toHaveLength(0);
  });

  it('with a key it refuses is asked again, not given up: the key is wrong, not the order', async () => {
    const { order, item } = await paidLabOrder();
    await earlierPrintFile(order.id, item.id);
    const wrongKey = new ProdigiClient({ apiKey: 'not-the-key', baseUrl: prodigi.url });
    expect(await sendDueLabOrders(db, wrongKey)).toBe(0);
    expect(row(order.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: expect.stringMatching(/401/),
    });
  });

  it('waits 30 s after the first failure, doubling up to 30 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(labRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000,
    ]);
  });
});

describe('an order that cannot be made', () => {
  it('refused by the lab is kept refused with its reasons, and the owner is mailed once', async () => {
    const { order, item } = await paidLabOrder({ order: { shipCountry: 'KP' } });
    await earlierPrintFile(order.id, item.id);
    expect(await sendDueLabOrders(db, lab)).toBe(0);
    expect(row(order.id)).toMatchObject({
      state: 'refused',
      refusal: [
        {
          field: 'recipient.address.countryCode',
          code: 'NotAvailable',
          description: 'We do not ship there.',
        },
      ],
    });
    expect(await sendDueLabOrders(db, lab, at(new Date(), 3_600_000))).toBe(0);
    const mails = queuedMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'owner@example.com',
      subject: expect.stringMatching(/could not be sent to Prodigi/),
    });
    expect(mails[0]?.text).toContain('recipient.address.countryCode: We do not ship there.');
    expect(labOrdersOf(order.id)).toHaveLength(0);
  });

  it('whose photo has lost its original is refused by the shop, without asking the lab to print', async () => {
    const { order, photo } = await paidLabOrder();
    await getStorage().delete(originalKey(photo.mediaId as string, 'jpg'));
    expect(await sendDueLabOrders(db, lab)).toBe(0);
    expect(row(order.id)?.state).toBe('refused');
    expect(row(order.id)?.refusal?.[0]?.description).toBe(
      'The photo of line “Lough Tay, large (16x24 inches) matte” no longer has its original file.',
    );
    expect(creates(order.id)).toHaveLength(0);
    expect(queuedMails(db).map((m) => m.to)).toEqual(['owner@example.com']);
  });

  it('paid before the address was kept in parts is refused with a reason for the owner', async () => {
    const { order } = await paidLabOrder({ order: { shipStreet: null } });
    expect(await sendDueLabOrders(db, lab)).toBe(0);
    expect(row(order.id)?.refusal?.[0]?.description).toMatch(
      /before the shop kept the delivery address in its parts/,
    );
    expect(creates(order.id)).toHaveLength(0);
  });
});

describe('the sender’s timer', () => {
  it('does nothing without a lab, and logs what fails instead of throwing it', async () => {
    const { order } = await paidLabOrder();
    const error = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    const stopNone = startLabSender(db, () => null, 10);
    await new Promise((r) => setTimeout(r, 60));
    stopNone();
    expect(row(order.id)?.state).toBe('queued');
    const stopBroken = startLabSender(
      db,
      () => {
        throw new LabUnavailableError('Prodigi', 'network', 'no route');
      },
      10,
    );
    await new Promise((r) => setTimeout(r, 60));
    stopBroken();
    expect(error).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringMatching(/Sending orders to the print lab failed/),
    );
  });
});
