// The Prodigi client against the fake of Prodigi's API over HTTP: quotes, print areas, orders made
// once per key, refusals with their reasons, a packing slip the lab downloads and must be able to
// print, a lab that is slow or down, cancelling before and after production, and callbacks, which
// only name an order that is then read again.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type LabOrderRequest,
  LabRefusedError,
  LabUnavailableError,
  orderOfCallback,
  shopStatusForStage,
} from './lab';
import { PRODIGI_SANDBOX, ProdigiClient } from './prodigi-client.server';
import { type ProdigiFake, startProdigiFakeServer } from './prodigi-fake.server';

const PICTURE = randomBytes(4096);
const PICTURE_MD5 = createHash('md5').update(PICTURE).digest('hex');
/** A packing slip: a small PNG, made before the shop starts serving. */
let SLIP: Buffer = Buffer.alloc(0);

/** The shop's side: serves the picture to print and receives the lab's callbacks. */
const received: string[] = [];
const shop: Server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/print.jpg') {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.end(PICTURE);
    return;
  }
  if (req.method === 'GET' && (req.url === '/slip.png' || req.url === '/slip.txt')) {
    res.writeHead(200, { 'content-type': req.url === '/slip.png' ? 'image/png' : 'text/plain' });
    res.end(req.url === '/slip.png' ? SLIP : 'not a picture');
    return;
  }
  if (req.method === 'POST' && req.url === '/lab-callback') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});
let shopUrl = '';

let lab: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let fake: ProdigiFake;
let client: ProdigiClient;

beforeAll(async () => {
  SLIP = await sharp({ create: { width: 60, height: 85, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  lab = await startProdigiFakeServer();
  fake = lab.fake;
  client = new ProdigiClient({ apiKey: fake.apiKey, baseUrl: lab.url, timeoutMs: 2_000 });
});

afterAll(async () => {
  await lab.stop();
  shop.closeAllConnections();
  await new Promise<void>((r) => shop.close(() => r()));
});

beforeEach(() => {
  fake.latencyMs = 0;
  fake.down = false;
  received.length = 0;
});

let keys = 0;
function order(over: Partial<LabOrderRequest> = {}): LabOrderRequest {
  keys++;
  return {
    merchantReference: `order-${keys}`,
    idempotencyKey: `key-${keys}-${randomBytes(4).toString('hex')}`,
    shippingMethod: 'Standard',
    recipient: {
      name: 'Aoife Byrne',
      email: 'aoife@example.ie',
      address: {
        line1: '3 Main Street',
        postalOrZipCode: 'A98 X2Y3',
        countryCode: 'IE',
        townOrCity: 'Bray',
        stateOrCounty: 'Wicklow',
      },
    },
    items: [
      {
        merchantReference: 'item-1',
        sku: 'GLOBAL-FAP-16X24',
        copies: 1,
        sizing: 'fillPrintArea',
        assets: [{ printArea: 'default', url: `${shopUrl}/print.jpg`, md5Hash: PICTURE_MD5 }],
      },
    ],
    ...over,
  };
}

async function refusal(promise: Promise<unknown>): Promise<LabRefusedError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LabRefusedError);
  return err as LabRefusedError;
}

describe('ProdigiClient against the fake', () => {
  it('uses the sandbox unless given another base', () => {
    expect(PRODIGI_SANDBOX).toBe('https://api.sandbox.prodigi.com/v4.0');
  });

  it('quotes items and shipping for every method, in cents, with where each parcel is made', async () => {
    const quotes = await client.quote({
      destinationCountryCode: 'IE',
      items: [{ sku: 'GLOBAL-FAP-16X24', copies: 2, printAreas: ['default'] }],
    });
    expect(quotes.map((q) => q.shippingMethod)).toEqual(['Budget', 'Standard', 'Express', 'Overnight']);
    const standard = quotes.find((q) => q.shippingMethod === 'Standard');
    expect(standard?.items).toEqual({ cents: 4200, currency: 'EUR' });
    expect(standard?.shipping).toEqual({ cents: 1100, currency: 'EUR' });
    expect(standard?.shipments).toEqual([
      {
        carrier: 'DPD',
        service: 'Classic',
        madeInCountry: 'NL',
        labCode: 'nl2',
        cost: { cents: 1100, currency: 'EUR' },
      },
    ]);
    const body = fake.requests.at(-1)?.body as { items: unknown[] };
    expect(body.items).toEqual([
      { sku: 'GLOBAL-FAP-16X24', copies: 2, attributes: {}, assets: [{ printArea: 'default' }] },
    ]);
  });

  it('quotes one method when asked for one, and refuses an unknown SKU with its reason', async () => {
    const one = await client.quote({
      destinationCountryCode: 'GB',
      shippingMethod: 'Express',
      items: [{ sku: 'GLOBAL-CAN-16X24', copies: 1, attributes: { wrap: 'Black' }, printAreas: ['default'] }],
    });
    expect(one).toHaveLength(1);
    expect(one[0]?.shipments[0]?.madeInCountry).toBe('GB');
    const err = await refusal(
      client.quote({
        destinationCountryCode: 'IE',
        items: [{ sku: 'GLOBAL-NOPE-1X1', copies: 1, printAreas: ['default'] }],
      }),
    );
    expect(err.outcome).toBe('validationFailed');
    expect(err.reasons).toEqual([
      { field: 'items[0].sku', code: 'NotAvailable', description: 'SKU GLOBAL-NOPE-1X1 is not available.' },
    ]);
  });

  it('gives the print areas of each variant in pixels', async () => {
    expect(await client.productPrintAreas('GLOBAL-FAP-16X24')).toEqual([
      { name: 'default', required: true, attributes: {}, widthPx: 4800, heightPx: 7200 },
    ]);
    const canvas = await client.productPrintAreas('GLOBAL-CAN-16X24');
    expect(canvas.map((a) => [a.attributes.wrap, a.widthPx, a.heightPx])).toEqual([
      ['Black', 2400, 3600],
      ['ImageWrap', 2972, 4172],
      ['MirrorWrap', 2400, 3600],
      ['White', 2400, 3600],
    ]);
    const err = await refusal(client.productPrintAreas('GLOBAL-NOPE-1X1'));
    expect(err).toMatchObject({ status: 404, outcome: 'entityNotFound' });
  });

  it('makes one order for one idempotency key, however often it is sent', async () => {
    const request = order();
    const before = fake.orders.size;
    const first = await client.createOrder(request);
    const again = await client.createOrder(request);
    expect(first.outcome).toBe('created');
    expect(again.outcome).toBe('alreadyExists');
    expect(again.order.id).toBe(first.order.id);
    expect(first.order).toMatchObject({ merchantReference: request.merchantReference, stage: 'InProgress' });
    expect(fake.orders.size).toBe(before + 1);
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v4.0/orders');
    expect(sent.at(-1)).toMatchObject({
      apiKey: fake.apiKey,
      body: { idempotencyKey: request.idempotencyKey, shippingMethod: 'Standard' },
    });
  });

  it('makes one order when two calls with one key cross (a retry while the first still runs)', async () => {
    const request = order();
    const before = fake.orders.size;
    const answers = await Promise.all([client.createOrder(request), client.createOrder(request)]);
    expect(answers.map((a) => a.outcome).sort()).toEqual(['alreadyExists', 'created']);
    expect(answers[0].order.id).toBe(answers[1].order.id);
    expect(fake.orders.size).toBe(before + 1);
  });

  it('keeps the reasons of a refused address for the owner, and makes no order', async () => {
    const before = fake.orders.size;
    const bad = order();
    bad.recipient.address = { ...bad.recipient.address, postalOrZipCode: ' ', countryCode: 'XX' };
    const err = await refusal(client.createOrder(bad));
    expect(err).toMatchObject({ status: 400, outcome: 'validationFailed' });
    expect(err.reasons.map((r) => r.field).sort()).toEqual(['recipient.address.postalOrZipCode']);
    expect(err.reasons[0]?.description).toBe('The postcode is required');
    const nowhere = order();
    nowhere.recipient.address = { ...nowhere.recipient.address, countryCode: 'KP' };
    const far = await refusal(client.createOrder(nowhere));
    expect(far.reasons).toEqual([
      { field: 'recipient.address.countryCode', code: 'NotAvailable', description: 'We do not ship there.' },
    ]);
    expect(fake.orders.size).toBe(before);
  });

  it('is refused when the asset cannot be downloaded or its md5 differs', async () => {
    const missing = order();
    missing.items[0]!.assets = [{ printArea: 'default', url: `${shopUrl}/missing.jpg` }];
    const gone = await refusal(client.createOrder(missing));
    expect(gone.reasons).toEqual([
      {
        field: 'items[0].assets[0].url',
        code: 'NotDownloadable',
        description: 'Downloading the asset answered 404.',
      },
    ]);
    const other = order();
    other.items[0]!.assets = [{ printArea: 'default', url: `${shopUrl}/print.jpg`, md5Hash: '0'.repeat(32) }];
    const differs = await refusal(client.createOrder(other));
    expect(differs.reasons[0]).toMatchObject({ field: 'items[0].assets[0].md5Hash', code: 'InvalidValue' });
    expect(differs.message).toContain('items[0].assets[0].md5Hash');
  });

  it('sends a packing slip, which the lab downloads and keeps, and none when there is none', async () => {
    const { order: made } = await client.createOrder(order({ packingSlip: { url: `${shopUrl}/slip.png` } }));
    expect(fake.requests.at(-1)?.body).toMatchObject({ packingSlip: { url: `${shopUrl}/slip.png` } });
    expect(fake.orders.get(made.id)?.packingSlip).toEqual({
      url: `${shopUrl}/slip.png`,
      format: 'png',
      widthPx: 60,
      heightPx: 85,
      bytes: SLIP.length,
      md5: createHash('md5').update(SLIP).digest('hex'),
    });
    const answer = await fetch(`${lab.url}/orders/${made.id}`, { headers: { 'X-API-Key': fake.apiKey } });
    expect(((await answer.json()) as { order: { packingSlip: unknown } }).order.packingSlip).toEqual({
      url: `${shopUrl}/slip.png`,
      status: 'InProgress',
    });

    const { order: plain } = await client.createOrder(order());
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('packingSlip');
    expect(fake.orders.get(plain.id)?.packingSlip).toBeNull();
  });

  it('is refused when the packing slip cannot be downloaded or is not a picture', async () => {
    const before = fake.orders.size;
    const gone = await refusal(client.createOrder(order({ packingSlip: { url: `${shopUrl}/missing.png` } })));
    expect(gone.reasons).toEqual([
      {
        field: 'packingSlip.url',
        code: 'NotDownloadable',
        description: 'Downloading the packing slip answered 404.',
      },
    ]);
    const text = await refusal(client.createOrder(order({ packingSlip: { url: `${shopUrl}/slip.txt` } })));
    expect(text.reasons).toEqual([
      {
        field: 'packingSlip.url',
        code: 'InvalidValue',
        description: 'The packing slip is not a PNG or JPEG image.',
      },
    ]);
    expect(fake.orders.size).toBe(before);
  });

  it('tells a lab that is slow, down or unreachable from a lab that refuses', async () => {
    fake.latencyMs = 1_000;
    const slow = new ProdigiClient({ apiKey: fake.apiKey, baseUrl: lab.url, timeoutMs: 150 });
    await expect(slow.getOrder('ord_1')).rejects.toMatchObject({
      code: 'LAB_UNAVAILABLE',
      reason: 'timeout',
    });
    fake.latencyMs = 0;
    fake.down = true;
    const down = await client.createOrder(order()).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(LabUnavailableError);
    expect(down).toMatchObject({ reason: 'server' });
    fake.down = false;
    const nobody = new ProdigiClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v4.0', timeoutMs: 1_000 });
    await expect(nobody.getOrder('ord_1')).rejects.toMatchObject({
      code: 'LAB_UNAVAILABLE',
      reason: 'network',
    });
    const wrongKey = new ProdigiClient({ apiKey: 'sandbox_wrong', baseUrl: lab.url });
    await expect(wrongKey.getOrder('ord_1')).rejects.toMatchObject({
      code: 'LAB_REFUSED',
      status: 401,
      outcome: 'unauthorised',
    });
  });

  it('cancels an order until it is in production, and is told no afterwards', async () => {
    const { order: early } = await client.createOrder(order());
    expect(await client.allowedActions(early.id)).toEqual({
      cancel: true,
      updateRecipient: true,
      updateShippingMethod: true,
      updateMetadata: true,
    });
    const cancelled = await client.cancel(early.id);
    expect(cancelled).toMatchObject({ cancelled: true, order: { id: early.id, stage: 'Cancelled' } });

    const { order: late } = await client.createOrder(order());
    fake.advance(late.id, 'InProduction');
    expect((await client.allowedActions(late.id)).cancel).toBe(false);
    expect(await client.cancel(late.id)).toEqual({ cancelled: false, outcome: 'actionNotAvailable' });
    expect((await client.getOrder(late.id)).stage).toBe('InProgress');
  });

  it('changes shipping method and recipient before production, metadata at any time', async () => {
    const { order: made } = await client.createOrder(order());
    expect(await client.updateShippingMethod(made.id, 'Express')).toMatchObject({
      done: true,
      outcome: 'updated',
    });
    const moved = await client.updateRecipient(made.id, {
      name: 'Aoife Byrne',
      phone: '+353 1 234 5678',
      address: {
        line1: '9 Quay Street',
        postalOrZipCode: 'A67 Y2K4',
        countryCode: 'IE',
        townOrCity: 'Wicklow',
      },
    });
    expect(moved.done).toBe(true);
    expect(fake.requests.at(-1)?.body).toMatchObject({ name: 'Aoife Byrne', phoneNumber: '+353 1 234 5678' });
    fake.advance(made.id, 'InProduction');
    expect(await client.updateShippingMethod(made.id, 'Budget')).toEqual({
      done: false,
      outcome: 'actionNotAvailable',
      order: null,
    });
    expect(await client.updateMetadata(made.id, { note: 'gift' })).toMatchObject({ done: true });
  });

  it('refuses an order id that is not Prodigi’s before it goes into a URL', async () => {
    const calls = fake.requests.length;
    const err = await refusal(client.getOrder('../quotes'));
    expect(err.outcome).toBe('validationFailed');
    expect(fake.requests.length).toBe(calls);
  });
});

describe('callbacks', () => {
  it('names the order, which is read again: Complete with its tracking is shipped', async () => {
    const { order: made } = await client.createOrder(order({ callbackUrl: `${shopUrl}/lab-callback` }));
    fake.advance(made.id, 'InProduction');
    fake.advance(made.id, 'Complete');
    await fake.delivered();
    expect(received.map((b) => JSON.parse(b).type)).toEqual([
      'com.prodigi.order.status.stage.changed#InProgress',
      'com.prodigi.order.status.stage.changed#Complete',
    ]);
    const verdict = client.parseCallback(received[1]!);
    expect(verdict).toMatchObject({
      ok: true,
      orderId: made.id,
      type: 'com.prodigi.order.status.stage.changed#Complete',
    });
    const calls = fake.requests.length;
    const fresh = await orderOfCallback(client, received[1]!);
    expect(fake.requests.slice(calls).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v4.0/orders/${made.id}`,
    ]);
    if (!fresh.ok) throw new Error(fresh.reason);
    expect(fresh.order.stage).toBe('Complete');
    expect(shopStatusForStage(fresh.order.stage)).toBe('shipped');
    expect(fresh.order.shipments).toEqual([
      expect.objectContaining({
        status: 'Shipped',
        carrier: 'DPD',
        trackingNumber: expect.stringMatching(/^FK\d+IE$/),
      }),
    ]);
  });

  it('believes nothing a forged callback says: the order read again decides', async () => {
    const { order: made } = await client.createOrder(order());
    const forged = JSON.stringify({
      specversion: '1.0',
      type: 'com.prodigi.order.status.stage.changed#Complete',
      source: 'https://api.prodigi.com/v4.0/Orders/',
      id: 'evt_1',
      time: new Date().toISOString(),
      subject: made.id,
      data: { order: { id: made.id, status: { stage: 'Complete' } } },
    });
    const fresh = await orderOfCallback(client, forged);
    expect(fresh).toMatchObject({ ok: true, order: { id: made.id, stage: 'InProgress' } });
    expect(shopStatusForStage('InProgress')).toBe('processing');
    const unknown = forged.replaceAll(made.id, 'ord_999999999');
    const err = await refusal(orderOfCallback(client, unknown));
    expect(err.outcome).toBe('entityNotFound');
  });

  it.each([
    ['not JSON', 'hello', /not JSON/],
    ['another spec version', '{"specversion":"0.3"}', /specversion/],
    [
      'an order id that is not one',
      '{"specversion":"1.0","type":"com.prodigi.order.status.stage.changed#Complete","source":"x","id":"evt_1","time":"t","data":{"order":{"id":"../../admin"}}}',
      /data/,
    ],
    [
      'another kind of event',
      '{"specversion":"1.0","type":"com.example.thing","source":"x","id":"evt_1","time":"t","data":{"id":"ord_1"}}',
      /type/,
    ],
    [
      'two orders',
      '{"specversion":"1.0","type":"com.prodigi.order.status.stage.changed#Complete","source":"x","id":"evt_1","time":"t","subject":"ord_2","data":{"id":"ord_1"}}',
      /two different orders/,
    ],
    ['a huge body', `{"x":"${'a'.repeat(300_000)}"}`, /too large/],
  ])('refuses a callback with %s', (_name, body, reason) => {
    const verdict = client.parseCallback(body);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(reason);
  });
});

describe('answers outside the documented format', () => {
  const odd = createServer((req, res) => {
    const bodies: Record<string, [number, string, string]> = {
      '/v4.0/orders/ord_1': [200, 'application/json', '{"outcome":"Ok","order":{"id":"12","status":{}}}'],
      '/v4.0/orders/ord_2': [200, 'text/html', '<html>Welcome</html>'],
      '/v4.0/orders/ord_3': [502, 'text/html', '<html>Bad gateway</html>'],
    };
    const [status, type, text] = bodies[req.url ?? ''] ?? [404, 'text/plain', ''];
    res.writeHead(status, { 'content-type': type }).end(text);
  });
  let oddClient: ProdigiClient;
  beforeAll(async () => {
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    oddClient = new ProdigiClient({
      apiKey: 'k',
      baseUrl: `http://127.0.0.1:${(odd.address() as AddressInfo).port}/v4.0`,
    });
  });
  afterAll(() => new Promise<void>((r) => odd.close(() => r())));

  it('refuses garbage with a clear error, and takes a 502 for a lab that is down', async () => {
    await expect(oddClient.getOrder('ord_1')).rejects.toMatchObject({
      code: 'LAB_BAD_ANSWER',
      message: expect.stringMatching(/order\.id: a Prodigi order id/),
    });
    await expect(oddClient.getOrder('ord_2')).rejects.toMatchObject({ code: 'LAB_BAD_ANSWER' });
    await expect(oddClient.getOrder('ord_3')).rejects.toMatchObject({
      code: 'LAB_UNAVAILABLE',
      reason: 'server',
    });
  });
});

describe('shopStatusForStage', () => {
  it.each([
    ['InProgress', 'processing'],
    ['OnHold', 'processing'],
    ['Complete', 'shipped'],
    ['Cancelled', 'cancelled'],
    ['SomethingNew', null],
  ])('%s → %s', (stage, status) => {
    expect(shopStatusForStage(stage)).toBe(status);
  });
});
