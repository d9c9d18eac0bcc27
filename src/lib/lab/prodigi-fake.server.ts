// A fake of Prodigi's Print API v4 that speaks its request and response formats, over HTTP on
// 127.0.0.1, for the lab client's tests and, later, for a lab in test mode:
//  - a small catalogue (fine-art paper and canvas) with print areas in pixels per variant;
//  - quotes with item and shipping costs per shipping method and where each parcel is made;
//  - orders checked as Prodigi checks them (ValidationFailed with failures per field): the
//    address, the SKU and its print areas, and each asset, which the fake really downloads and
//    whose md5 it compares with the md5Hash given;
//  - a packing slip, downloaded too and refused unless it is a PNG or a JPEG, kept on the order
//    (its format, pixels, size and md5) for the tests to see;
//  - the idempotency key: the same key answers AlreadyExists with the first order;
//  - the order actions (cancel, update shipping method, recipient, metadata), available while the
//    order is not yet in production;
//  - stages moved by the test (advance: into production, then Complete with a shipment and its
//    tracking), each change of stage POSTed to the order's callbackUrl as an unsigned CloudEvent;
//  - a latency and a "down" switch (503 from every call), and the record of every request.
// Unlike Prodigi, which downloads assets after it has taken the order and reports a failed download
// as an issue of the order, the fake refuses the order at once: a test sees the refusal without
// waiting for a download that the real lab retries for hours.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { SHIPPING_METHODS, type ShippingMethod } from './lab';
import { orderRequestSchema, quoteRequestSchema } from './prodigi-schemas';

/** Prodigi's request bodies are a few kilobytes. */
const MAX_BODY_BYTES = 1024 * 1024;
/** How long the fake waits for an asset or a callback receiver. */
const OUTBOUND_TIMEOUT_MS = 5_000;
/** The merchant account's currency: the only one the fake quotes in. */
const CURRENCY = 'EUR';

interface Variant {
  attributes: Record<string, string>;
  /** Print area name → [width, height] in pixels. */
  sizes: Record<string, [number, number]>;
}
interface Product {
  description: string;
  inches: [number, number];
  /** Cost of one copy, in cents of CURRENCY. */
  unitCents: number;
  attributes: Record<string, string[]>;
  variants: Variant[];
}

const canvasWraps = (normal: [number, number], imageWrap: [number, number]): Variant[] =>
  ['Black', 'ImageWrap', 'MirrorWrap', 'White'].map((wrap) => ({
    attributes: { wrap },
    sizes: { default: wrap === 'ImageWrap' ? imageWrap : normal },
  }));

/** The fake's catalogue: a few of Prodigi's SKUs, with print areas at 300 dpi (paper) or 150 (canvas). */
export const FAKE_CATALOGUE: Record<string, Product> = {
  'GLOBAL-FAP-16X24': {
    description: 'Hahnemühle Photo Rag fine art print, 16x24"',
    inches: [16, 24],
    unitCents: 2100,
    attributes: {},
    variants: [{ attributes: {}, sizes: { default: [4800, 7200] } }],
  },
  'GLOBAL-FAP-12X18': {
    description: 'Hahnemühle Photo Rag fine art print, 12x18"',
    inches: [12, 18],
    unitCents: 1400,
    attributes: {},
    variants: [{ attributes: {}, sizes: { default: [3600, 5400] } }],
  },
  'GLOBAL-FAP-8X12': {
    description: 'Hahnemühle Photo Rag fine art print, 8x12"',
    inches: [8, 12],
    unitCents: 900,
    attributes: {},
    variants: [{ attributes: {}, sizes: { default: [2400, 3600] } }],
  },
  'GLOBAL-FAP-12X16': {
    description: 'Hahnemühle Photo Rag fine art print, 12x16"',
    inches: [12, 16],
    unitCents: 1300,
    attributes: {},
    variants: [{ attributes: {}, sizes: { default: [3600, 4800] } }],
  },
  'GLOBAL-FAP-16X20': {
    description: 'Hahnemühle Photo Rag fine art print, 16x20"',
    inches: [16, 20],
    unitCents: 1800,
    attributes: {},
    variants: [{ attributes: {}, sizes: { default: [4800, 6000] } }],
  },
  'GLOBAL-CAN-12X16': {
    description: 'Standard canvas on quality stretcher bar, 12x16"',
    inches: [12, 16],
    unitCents: 3400,
    attributes: { wrap: ['Black', 'ImageWrap', 'MirrorWrap', 'White'] },
    variants: canvasWraps([1800, 2400], [2372, 2972]),
  },
  'GLOBAL-CAN-16X20': {
    description: 'Standard canvas on quality stretcher bar, 16x20"',
    inches: [16, 20],
    unitCents: 4200,
    attributes: { wrap: ['Black', 'ImageWrap', 'MirrorWrap', 'White'] },
    variants: canvasWraps([2400, 3000], [2972, 3572]),
  },
  'GLOBAL-CAN-16X24': {
    description: 'Standard canvas on quality stretcher bar, 16x24"',
    inches: [16, 24],
    unitCents: 4800,
    attributes: { wrap: ['Black', 'ImageWrap', 'MirrorWrap', 'White'] },
    variants: canvasWraps([2400, 3600], [2972, 4172]),
  },
};

/** Where the fake ships to: Ireland, the United Kingdom, the EU, the US and a few more. */
const SHIPS_TO = new Set(
  'IE GB AT BE BG HR CY CZ DK EE FI FR DE GR HU IT LV LT LU MT NL PL PT RO SK SI ES SE NO CH IS US CA AU NZ'.split(
    ' ',
  ),
);
const EU = new Set(
  'IE AT BE BG HR CY CZ DK EE FI FR DE GR HU IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

/** Which lab makes a parcel for a country. */
function labFor(country: string): { countryCode: string; labCode: string } {
  if (EU.has(country)) return { countryCode: 'NL', labCode: 'nl2' };
  if (country === 'US' || country === 'CA') return { countryCode: 'US', labCode: 'us11' };
  if (country === 'AU' || country === 'NZ') return { countryCode: 'AU', labCode: 'au3' };
  return { countryCode: 'GB', labCode: 'uk6' };
}

const CARRIERS: Record<ShippingMethod, { name: string; service: string; cents: number }> = {
  Budget: { name: 'PostNL', service: 'Economy', cents: 650 },
  Standard: { name: 'DPD', service: 'Classic', cents: 950 },
  Express: { name: 'DHL', service: 'Express', cents: 1900 },
  Overnight: { name: 'UPS', service: 'Express Saver', cents: 2900 },
};

/** Overnight delivery reaches only countries in Europe; the other speeds reach everywhere shipped to. */
const deliversBy = (method: ShippingMethod, country: string) =>
  method !== 'Overnight' || EU.has(country) || ['GB', 'NO', 'CH', 'IS'].includes(country);

/** Shipping of one parcel: the method's price, €1.50 more for each copy after the first. */
const shippingCents = (method: ShippingMethod, copies: number) =>
  CARRIERS[method].cents + 150 * Math.max(0, copies - 1);

const decimal = (cents: number) => (cents / 100).toFixed(2);
const cost = (cents: number) => ({ amount: decimal(cents), currency: CURRENCY });
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const traceParent = () => `00-${hex(16)}-${hex(8)}-00`;

type Details = Record<
  'downloadAssets' | 'printReadyAssetsPrepared' | 'allocateProductionLocation' | 'inProduction' | 'shipping',
  'NotStarted' | 'InProgress' | 'Complete' | 'Error'
>;

interface FakeShipment {
  id: string;
  status: 'Processing' | 'Shipped' | 'Cancelled';
  carrier: { name: string; service: string };
  tracking: { url: string; number: string } | null;
  dispatchDate: string | null;
  items: { itemId: string }[];
  fulfillmentLocation: { countryCode: string; labCode: string };
}

type OrderRequest = z.output<typeof orderRequestSchema>;

interface FakeOrder {
  id: string;
  created: string;
  lastUpdated: string;
  request: OrderRequest;
  stage: 'InProgress' | 'Complete' | 'Cancelled';
  details: Details;
  shipments: FakeShipment[];
  itemIds: string[];
  assetIds: string[][];
  packingSlip: FakePackingSlip | null;
  metadata: Record<string, unknown>;
}

/** The packing slip of an order, as the fake downloaded it. */
export interface FakePackingSlip {
  url: string;
  format: 'png' | 'jpeg';
  /** A PNG's pixels; null for a JPEG, which the fake does not measure. */
  widthPx: number | null;
  heightPx: number | null;
  bytes: number;
  md5: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A picture's format (and a PNG's pixels, from its header), or null for anything else. */
function pictureOf(bytes: Buffer): Pick<FakePackingSlip, 'format' | 'widthPx' | 'heightPx'> | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { format: 'png', widthPx: bytes.readUInt32BE(16), heightPx: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { format: 'jpeg', widthPx: null, heightPx: null };
  }
  return null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | null;
  /** The JSON body as sent, or undefined when there was none (or it was not JSON). */
  body: unknown;
}

export interface DeliveredCallback {
  url: string;
  event: { type: string; id: string; subject: string };
  /** The receiver's HTTP status, or the error that kept the callback from it. */
  result: number | string;
}

interface Answer {
  status: number;
  body: unknown;
  /** An answer that is not JSON (a proxy's page while the lab is down). */
  html?: string;
}

type Failures = Record<string, { code: string; description: string; providedValue?: unknown }[]>;

const failed = (failures: Failures): Answer => ({
  status: 400,
  body: { outcome: 'ValidationFailed', failures, traceParent: traceParent() },
});
const notFound = (): Answer => ({
  status: 404,
  body: {
    outcome: 'EntityNotFound',
    statusText: 'The requested entity could not be found',
    statusCode: 404,
    data: {},
    traceParent: traceParent(),
  },
});

/** Zod's issues as Prodigi's failures: one list per field path. */
function failuresOf(error: z.ZodError): Failures {
  const out: Failures = {};
  for (const issue of error.issues) {
    const field = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .slice(1);
    const code = issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : 'InvalidValue';
    const key = field || 'body';
    out[key] = [...(out[key] ?? []), { code, description: issue.message }];
  }
  return out;
}

export class ProdigiFake {
  readonly orders = new Map<string, FakeOrder>();
  readonly requests: RecordedRequest[] = [];
  readonly callbacks: DeliveredCallback[] = [];
  /** How long every answer waits before it is sent. */
  latencyMs = 0;
  /** While true every call is answered 503, as a lab behind a proxy answers while it is down. */
  down = false;
  /**
   * For the demo site: every new order moves on by itself, into production and then sent with
   * tracking, this many milliseconds apart (null: only advance() moves orders).
   */
  autoAdvanceMs: number | null = null;
  /** Where the fake says its orders live (a callback's source); set by startProdigiFakeServer. */
  baseUrl = 'https://api.sandbox.prodigi.com/v4.0';
  private nextOrder = 840_800;
  private readonly byKey = new Map<string, string>();
  private readonly creating = new Map<string, Promise<Answer>>();
  private sending: Promise<void> = Promise.resolve();

  constructor(readonly apiKey = 'sandbox_test-key') {}

  /** Answers one request of the API, its path starting with /v4.0. */
  async answer(method: string, path: string, apiKey: string | null, bodyText: string): Promise<Answer> {
    let body: unknown;
    try {
      body = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      body = undefined;
    }
    this.requests.push({ method, path, apiKey, body });
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    if (this.down)
      return { status: 503, body: null, html: '<html><body>503 Service Unavailable</body></html>' };
    if (apiKey !== this.apiKey) {
      return {
        status: 401,
        body: { statusText: 'Unauthorized', statusCode: 401, data: {}, traceParent: traceParent() },
      };
    }
    if (bodyText && body === undefined) {
      return failed({ body: [{ code: 'InvalidJson', description: 'The body is not valid JSON.' }] });
    }
    return this.route(method, path.replace(/\/+$/, ''), body);
  }

  private route(method: string, path: string, body: unknown): Promise<Answer> | Answer {
    const m = (re: RegExp) => re.exec(path);
    const action = m(/^\/v4\.0\/orders\/(ord_\d+)\/actions(?:\/(\w+))?$/i);
    const order = m(/^\/v4\.0\/orders\/(ord_\d+)$/i);
    const product = m(/^\/v4\.0\/products\/([\w-]+)$/i);
    if (method === 'POST' && /^\/v4\.0\/orders$/i.test(path)) return this.create(body);
    if (method === 'POST' && /^\/v4\.0\/quotes$/i.test(path)) return this.quote(body);
    if (method === 'GET' && product) return this.product(product[1]!);
    if (method === 'GET' && order) return this.read(order[1]!);
    if (method === 'GET' && action && !action[2]) return this.actions(action[1]!);
    if (method === 'POST' && action?.[2]) return this.act(action[1]!, action[2].toLowerCase(), body);
    return {
      status: 404,
      body: { outcome: 'EndpointDoesNotExist', statusText: 'Not found', statusCode: 404, data: {} },
    };
  }

  private product(sku: string): Answer {
    const key = Object.keys(FAKE_CATALOGUE).find((k) => k.toLowerCase() === sku.toLowerCase());
    const p = key ? FAKE_CATALOGUE[key] : undefined;
    if (!key || !p) return notFound();
    return {
      status: 200,
      body: {
        outcome: 'Ok',
        product: {
          sku: key,
          description: p.description,
          productDimensions: { width: p.inches[0], height: p.inches[1], units: 'in' },
          attributes: p.attributes,
          printAreas: { default: { required: true } },
          variants: p.variants.map((v) => ({
            attributes: v.attributes,
            shipsTo: [...SHIPS_TO],
            printAreaSizes: Object.fromEntries(
              Object.entries(v.sizes).map(([area, [w, h]]) => [
                area,
                { horizontalResolution: w, verticalResolution: h },
              ]),
            ),
          })),
        },
        traceParent: traceParent(),
      },
    };
  }

  /** The failures of items against the catalogue (SKU, attributes, print areas). */
  private itemFailures(
    items: { sku: string; attributes?: Record<string, string>; assets: { printArea: string }[] }[],
  ): Failures {
    const out: Failures = {};
    items.forEach((item, i) => {
      const p = FAKE_CATALOGUE[item.sku.toUpperCase()];
      if (!p) {
        out[`items[${i}].sku`] = [
          { code: 'NotAvailable', description: `SKU ${item.sku} is not available.`, providedValue: item.sku },
        ];
        return;
      }
      for (const [name, values] of Object.entries(p.attributes)) {
        const given = item.attributes?.[name];
        if (!given || !values.includes(given)) {
          out[`items[${i}].attributes.${name}`] = [
            {
              code: given ? 'InvalidValue' : 'Required',
              description: `Attribute ${name} must be one of ${values.join(', ')}.`,
              providedValue: given,
            },
          ];
        }
      }
      item.assets.forEach((a, j) => {
        if (a.printArea !== 'default') {
          out[`items[${i}].assets[${j}].printArea`] = [
            { code: 'InvalidValue', description: `This product has no print area ${a.printArea}.` },
          ];
        }
      });
    });
    return out;
  }

  private quote(body: unknown): Answer {
    const parsed = quoteRequestSchema.safeParse(body);
    if (!parsed.success) return failed(failuresOf(parsed.error));
    const q = parsed.data;
    const failures = this.itemFailures(q.items);
    if (!SHIPS_TO.has(q.destinationCountryCode)) {
      failures.destinationCountryCode = [
        {
          code: 'NotAvailable',
          description: 'We do not ship there.',
          providedValue: q.destinationCountryCode,
        },
      ];
    }
    if (q.currencyCode && q.currencyCode !== CURRENCY) {
      failures.currencyCode = [{ code: 'NotAvailable', description: `Quotes are in ${CURRENCY} only.` }];
    }
    const one = SHIPPING_METHODS.find((s) => s.toLowerCase() === q.shippingMethod?.toLowerCase());
    if (q.shippingMethod && !one) {
      failures.shippingMethod = [{ code: 'InvalidValue', description: 'Unknown shipping method.' }];
    }
    if (Object.keys(failures).length) return failed(failures);
    const items = q.items.map((i) => ({
      ...i,
      id: `qit_${hex(16)}`,
      p: FAKE_CATALOGUE[i.sku.toUpperCase()]!,
    }));
    const itemCents = items.reduce((sum, i) => sum + i.p.unitCents * i.copies, 0);
    const copies = items.reduce((sum, i) => sum + i.copies, 0);
    const methods = SHIPPING_METHODS.filter((m) => deliversBy(m, q.destinationCountryCode));
    if (one && !methods.includes(one)) {
      return failed({
        shippingMethod: [
          { code: 'NotAvailable', description: `${one} shipping is not available to this destination.` },
        ],
      });
    }
    const quotes = (one ? [one] : methods).map((method) => ({
      shipmentMethod: method,
      costSummary: { items: cost(itemCents), shipping: cost(shippingCents(method, copies)) },
      shipments: [
        {
          carrier: { name: CARRIERS[method].name, service: CARRIERS[method].service },
          fulfillmentLocation: labFor(q.destinationCountryCode),
          cost: cost(shippingCents(method, copies)),
          items: items.map((i) => i.id),
        },
      ],
      items: items.map((i) => ({
        id: i.id,
        sku: i.sku.toUpperCase(),
        copies: i.copies,
        unitCost: cost(i.p.unitCents),
        attributes: i.attributes ?? {},
        assets: i.assets,
      })),
    }));
    return { status: 200, body: { outcome: 'Created', quotes, traceParent: traceParent() } };
  }

  private async create(body: unknown): Promise<Answer> {
    const parsed = orderRequestSchema.safeParse(body);
    if (!parsed.success) return failed(failuresOf(parsed.error));
    const request = parsed.data;
    const key = request.idempotencyKey;
    const existing = key ? this.byKey.get(key) : undefined;
    if (existing) return this.orderAnswer('AlreadyExists', this.orders.get(existing)!);
    // A second request with the key of one still being checked gets that one's answer.
    const running = key ? this.creating.get(key) : undefined;
    if (running) {
      const first = await running;
      const id = key ? this.byKey.get(key) : undefined;
      return id ? this.orderAnswer('AlreadyExists', this.orders.get(id)!) : first;
    }
    const made = this.check(request);
    if (key) this.creating.set(key, made);
    try {
      return await made;
    } finally {
      if (key) this.creating.delete(key);
    }
  }

  private async check(request: OrderRequest): Promise<Answer> {
    const failures = this.itemFailures(request.items);
    const country = request.recipient.address.countryCode;
    if (!SHIPS_TO.has(country)) {
      failures['recipient.address.countryCode'] = [
        { code: 'NotAvailable', description: 'We do not ship there.', providedValue: country },
      ];
    }
    if (Object.keys(failures).length) return failed(failures);
    const [slip, ...downloads] = await Promise.all([
      request.packingSlip ? this.downloadPackingSlip(request.packingSlip.url) : null,
      ...request.items.flatMap((item, i) =>
        item.assets.map((asset, j) => this.download(asset, `items[${i}].assets[${j}]`)),
      ),
    ]);
    for (const d of downloads) if (d) Object.assign(failures, d);
    if (slip && 'failures' in slip) Object.assign(failures, slip.failures);
    if (Object.keys(failures).length) return failed(failures);

    const now = new Date().toISOString();
    const order: FakeOrder = {
      id: `ord_${this.nextOrder++}`,
      created: now,
      lastUpdated: now,
      request,
      stage: 'InProgress',
      details: {
        downloadAssets: 'NotStarted',
        printReadyAssetsPrepared: 'NotStarted',
        allocateProductionLocation: 'NotStarted',
        inProduction: 'NotStarted',
        shipping: 'NotStarted',
      },
      shipments: [],
      itemIds: request.items.map(() => `ori_${this.nextOrder}${hex(2)}`),
      assetIds: request.items.map((i) => i.assets.map(() => `ast_${hex(4)}`)),
      packingSlip: slip && 'slip' in slip ? slip.slip : null,
      metadata: request.metadata ?? {},
    };
    this.orders.set(order.id, order);
    if (request.idempotencyKey) this.byKey.set(request.idempotencyKey, order.id);
    this.sendCallback(order);
    if (this.autoAdvanceMs !== null) this.moveOnByItself(order.id, this.autoAdvanceMs);
    return this.orderAnswer('Created', order);
  }

  private moveOnByItself(id: string, everyMs: number): void {
    const step = (to: 'InProduction' | 'Complete') => {
      const order = this.orders.get(id);
      if (order?.stage === 'InProgress') this.advance(id, to);
    };
    setTimeout(() => step('InProduction'), everyMs).unref();
    setTimeout(() => step('Complete'), 2 * everyMs).unref();
  }

  /**
   * The fake as a fetch function, for a client in the same process (the demo site's lab). The
   * client sends its bodies as strings, so the body is taken as given rather than read as a stream.
   */
  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const answer = await this.answer(
      init?.method ?? 'GET',
      url.pathname,
      headers.get('x-api-key'),
      typeof init?.body === 'string' ? init.body : '',
    );
    const html = 'html' in answer && answer.html;
    return new Response(html || JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': html ? 'text/html' : 'application/json; charset=utf-8' },
    });
  };

  /** Downloads a file of an order as Prodigi would: its bytes, or the failure of its url. */
  private async fetchFile(url: string, field: string, what: string): Promise<Buffer | Failures> {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS) });
      if (!res.ok) {
        return {
          [`${field}.url`]: [
            { code: 'NotDownloadable', description: `Downloading the ${what} answered ${res.status}.` },
          ],
        };
      }
      return Buffer.from(await res.arrayBuffer());
    } catch (err) {
      return {
        [`${field}.url`]: [
          { code: 'NotDownloadable', description: `The ${what} could not be downloaded: ${String(err)}` },
        ],
      };
    }
  }

  /** Downloads a packing slip, which must be a picture the lab can print: a PNG or a JPEG. */
  private async downloadPackingSlip(
    url: string,
  ): Promise<{ slip: FakePackingSlip } | { failures: Failures }> {
    const bytes = await this.fetchFile(url, 'packingSlip', 'packing slip');
    if (!Buffer.isBuffer(bytes)) return { failures: bytes };
    const picture = pictureOf(bytes);
    if (!picture) {
      const description = 'The packing slip is not a PNG or JPEG image.';
      return { failures: { 'packingSlip.url': [{ code: 'InvalidValue', description }] } };
    }
    const md5 = createHash('md5').update(bytes).digest('hex');
    return { slip: { url, ...picture, bytes: bytes.length, md5 } };
  }

  /** Downloads an asset as Prodigi would, and compares its md5 with the one given. */
  private async download(
    asset: { url: string; md5Hash?: string },
    field: string,
  ): Promise<Failures | undefined> {
    const bytes = await this.fetchFile(asset.url, field, 'asset');
    if (!Buffer.isBuffer(bytes)) return bytes;
    const md5 = createHash('md5').update(bytes).digest('hex');
    if (asset.md5Hash && asset.md5Hash.toLowerCase() !== md5) {
      return {
        [`${field}.md5Hash`]: [
          {
            code: 'InvalidValue',
            description: `The asset's md5 is ${md5}, not the md5Hash given.`,
            providedValue: asset.md5Hash,
          },
        ],
      };
    }
    return undefined;
  }

  private read(id: string): Answer {
    const order = this.orders.get(id);
    return order ? this.orderAnswer('Ok', order) : notFound();
  }

  /** Changes are possible until the order goes into production; metadata always. */
  private changeable(order: FakeOrder): boolean {
    return order.stage === 'InProgress' && order.details.inProduction === 'NotStarted';
  }

  private actions(id: string): Answer {
    const order = this.orders.get(id);
    if (!order) return notFound();
    const yes = (b: boolean) => ({ isAvailable: b ? 'Yes' : 'No' });
    const open = this.changeable(order);
    return {
      status: 200,
      body: {
        outcome: 'Ok',
        cancel: yes(open),
        changeRecipientDetails: yes(open),
        changeShippingMethod: yes(open),
        changeMetaData: yes(true),
        traceParent: traceParent(),
      },
    };
  }

  private act(id: string, action: string, body: unknown): Answer {
    const order = this.orders.get(id);
    if (!order) return notFound();
    const b = (body ?? {}) as Record<string, unknown>;
    if (action === 'updatemetadata') {
      if (typeof b.metadata !== 'object' || b.metadata === null) {
        return failed({ metadata: [{ code: 'Required', description: 'metadata is required.' }] });
      }
      order.metadata = b.metadata as Record<string, unknown>;
      return this.orderAnswer('Updated', order);
    }
    const known = ['cancel', 'updateshippingmethod', 'updateshipping', 'updaterecipient'];
    if (!known.includes(action)) return notFound();
    if (!this.changeable(order)) {
      return { status: 200, body: { outcome: 'ActionNotAvailable', traceParent: traceParent() } };
    }
    if (action === 'cancel') {
      this.move(order, 'Cancelled');
      return this.orderAnswer('Cancelled', order);
    }
    if (action === 'updaterecipient') {
      const recipient = orderRequestSchema.shape.recipient.safeParse(body);
      if (!recipient.success) return failed(failuresOf(recipient.error));
      order.request = { ...order.request, recipient: recipient.data };
    } else {
      const method = SHIPPING_METHODS.find((s) => s.toLowerCase() === String(b.shippingMethod).toLowerCase());
      if (!method)
        return failed({ shippingMethod: [{ code: 'InvalidValue', description: 'Unknown method.' }] });
      order.request = { ...order.request, shippingMethod: method };
    }
    order.lastUpdated = new Date().toISOString();
    return { status: 200, body: { outcome: 'Updated', shipmentUpdateResults: [], order: this.view(order) } };
  }

  /**
   * Moves an order on, as the lab would: 'InProduction' (assets downloaded, the lab chosen, the
   * prints being made: no more cancelling), then 'Complete' (every parcel sent, with tracking).
   * Each change of stage is posted to the order's callbackUrl; delivered() waits for the posts.
   */
  advance(id: string, to: 'InProduction' | 'Complete'): void {
    const order = this.orders.get(id);
    if (!order) throw new Error(`The fake has no order ${id}`);
    if (order.stage !== 'InProgress') throw new Error(`Order ${id} is ${order.stage}`);
    const d = order.details;
    if (d.inProduction === 'NotStarted') {
      Object.assign(d, {
        downloadAssets: 'Complete',
        allocateProductionLocation: 'Complete',
        printReadyAssetsPrepared: 'Complete',
        inProduction: 'InProgress',
      });
      const method = order.request.shippingMethod;
      order.shipments = [
        {
          id: `shp_${hex(4)}`,
          status: 'Processing',
          carrier: { name: CARRIERS[method].name, service: CARRIERS[method].service },
          tracking: null,
          dispatchDate: null,
          items: order.itemIds.map((itemId) => ({ itemId })),
          fulfillmentLocation: labFor(order.request.recipient.address.countryCode),
        },
      ];
    }
    if (to === 'Complete') {
      Object.assign(d, { inProduction: 'Complete', shipping: 'Complete' });
      for (const s of order.shipments) {
        const number = `FK${String(Date.now()).slice(-9)}IE`;
        s.status = 'Shipped';
        s.dispatchDate = new Date().toISOString();
        s.tracking = { number, url: `https://tracking.example/track?n=${number}` };
      }
      this.move(order, 'Complete');
    }
    order.lastUpdated = new Date().toISOString();
  }

  private move(order: FakeOrder, stage: FakeOrder['stage']): void {
    order.stage = stage;
    if (stage === 'Cancelled') for (const s of order.shipments) s.status = 'Cancelled';
    order.lastUpdated = new Date().toISOString();
    this.sendCallback(order);
  }

  /** Waits until every callback sent so far has been delivered or has failed. */
  async delivered(): Promise<void> {
    let last: Promise<void> | undefined;
    while (last !== this.sending) {
      last = this.sending;
      await last;
    }
  }

  /** The CloudEvent of an order's stage, as Prodigi sends it. */
  callbackEvent(order: FakeOrder) {
    return {
      specversion: '1.0',
      type: `com.prodigi.order.status.stage.changed#${order.stage}`,
      source: `${this.baseUrl}/Orders/`,
      id: `evt_${hex(6)}`,
      time: new Date().toISOString(),
      datacontenttype: 'application/json',
      data: { order: this.view(order) },
      subject: order.id,
    };
  }

  /** Posts the order's event; the fake sends its callbacks one at a time, in the order made. */
  private sendCallback(order: FakeOrder): void {
    const url = order.request.callbackUrl;
    if (!url) return;
    const event = this.callbackEvent(order);
    const record = { url, event: { type: event.type, id: event.id, subject: event.subject } };
    const post = async () => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(event),
          signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        this.callbacks.push({ ...record, result: res.status });
      } catch (err) {
        this.callbacks.push({ ...record, result: String(err) });
      }
    };
    this.sending = this.sending.then(post);
  }

  private orderAnswer(outcome: string, order: FakeOrder): Answer {
    return { status: 200, body: { outcome, order: this.view(order), traceParent: traceParent() } };
  }

  /** The order object of Prodigi's answers. */
  view(order: FakeOrder) {
    const { request: r } = order;
    return {
      id: order.id,
      created: order.created,
      lastUpdated: order.lastUpdated,
      callbackUrl: r.callbackUrl ?? null,
      merchantReference: r.merchantReference ?? null,
      shippingMethod: r.shippingMethod,
      idempotencyKey: r.idempotencyKey ?? null,
      status: { stage: order.stage, issues: [], details: { ...order.details } },
      charges: [],
      shipments: order.shipments.map((s) => ({ ...s })),
      recipient: {
        name: r.recipient.name,
        email: r.recipient.email ?? null,
        phoneNumber: r.recipient.phoneNumber ?? null,
        address: {
          line1: r.recipient.address.line1,
          line2: r.recipient.address.line2 ?? null,
          postalOrZipCode: r.recipient.address.postalOrZipCode,
          countryCode: r.recipient.address.countryCode,
          townOrCity: r.recipient.address.townOrCity,
          stateOrCounty: r.recipient.address.stateOrCounty ?? null,
        },
      },
      items: r.items.map((item, i) => ({
        id: order.itemIds[i],
        status: order.details.downloadAssets === 'Complete' ? 'Ok' : 'NotYetDownloaded',
        merchantReference: item.merchantReference ?? null,
        sku: item.sku.toUpperCase(),
        copies: item.copies,
        sizing: item.sizing,
        attributes: item.attributes ?? {},
        assets: item.assets.map((a, j) => ({
          id: order.assetIds[i]?.[j],
          printArea: a.printArea,
          md5Hash: a.md5Hash ?? null,
          url: a.url,
          status: order.details.downloadAssets === 'Complete' ? 'Complete' : 'InProgress',
        })),
      })),
      packingSlip: order.packingSlip && {
        url: order.packingSlip.url,
        status: order.details.downloadAssets === 'Complete' ? 'Complete' : 'InProgress',
      },
      metadata: order.metadata,
    };
  }
}

async function readText(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs the fake as an HTTP server on a free port of 127.0.0.1. `url` is its API base (…/v4.0),
 * to hand to the client as its baseUrl.
 */
export async function startProdigiFakeServer(
  fake = new ProdigiFake(),
): Promise<{ url: string; fake: ProdigiFake; server: Server; stop: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const text = await readText(req);
    const header = req.headers['x-api-key'];
    const answer =
      text === null
        ? { status: 413, body: { statusText: 'Request too large', statusCode: 413, data: {} } }
        : await fake.answer(
            req.method ?? 'GET',
            new URL(req.url ?? '/', 'http://fake').pathname,
            typeof header === 'string' ? header : null,
            text,
          );
    if (res.destroyed) return;
    const out = 'html' in answer && answer.html ? answer.html : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'content-type': 'html' in answer && answer.html ? 'text/html' : 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(out),
    });
    res.end(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/v4.0`;
  fake.baseUrl = url;
  return {
    url,
    fake,
    server,
    stop: async () => {
      await fake.delivered();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
