// A client for Prodigi's Print API v4 (the print lab): quotes, product print areas, orders, their
// actions and the CloudEvents callbacks, over fetch with the X-API-Key header. Every answer is
// parsed with the schemas of prodigi-schemas.ts before it is believed.
// Three kinds of failure, told apart for whoever calls it again later:
//  - LabUnavailableError: no answer in time, no connection, or a 5xx/429: try again later;
//  - LabRefusedError: Prodigi answered no (validation failed with its reasons, unknown order, bad
//    key): the same call would get the same answer;
//  - LabAnswerError: an answer outside the documented format.
// The client never retries: an order's idempotency key lets the caller's retry be answered with
// the first order instead of a second one.

import type { z } from 'zod';
import { decimalStringToCents } from '~/lib/platform/shared/format';
import {
  type AllowedActions,
  type CallbackVerdict,
  type CancelResult,
  type CreateOutcome,
  type Lab,
  LabAnswerError,
  type LabMoney,
  type LabOrder,
  type LabOrderRequest,
  type LabQuote,
  LabRefusedError,
  LabUnavailableError,
  type PrintArea,
  type ProductInches,
  type QuoteRequest,
  type ShippingMethod,
} from './lab';
import {
  actionAnswerSchema,
  actionsAnswerSchema,
  callbackSchema,
  errorAnswerSchema,
  issuesLine,
  orderAnswerSchema,
  PRODIGI_ORDER_ID,
  type ProdigiOrder,
  type ProdigiOrderRequest,
  type ProdigiQuoteRequest,
  productAnswerSchema,
  quoteAnswerSchema,
} from './prodigi-schemas';

/** A product's size in inches, short side first, or null without one in a unit prints are measured in. */
function inchesOf(
  size: { width: number; height: number; units: string } | null | undefined,
): ProductInches | null {
  if (!size) return null;
  const perInch = ({ in: 1, inch: 1, inches: 1, cm: 2.54, mm: 25.4 } as Record<string, number>)[
    size.units.toLowerCase()
  ];
  if (!perInch) return null;
  const [a, b] = [size.width / perInch, size.height / perInch];
  return { short: Math.min(a, b), long: Math.max(a, b) };
}

export const PRODIGI_LIVE = 'https://api.prodigi.com/v4.0';
export const PRODIGI_SANDBOX = 'https://api.sandbox.prodigi.com/v4.0';

const LAB = 'Prodigi';
/** A callback is a few kilobytes; anything far larger is not one. */
const MAX_CALLBACK_CHARS = 256 * 1024;
const CREATE_OUTCOMES: readonly CreateOutcome[] = ['created', 'createdWithIssues', 'onHold', 'alreadyExists'];

export interface ProdigiClientOptions {
  apiKey: string;
  /** The sandbox unless told otherwise: only the live API makes and ships prints. */
  baseUrl?: string;
  /** How long one call may take before it is abandoned (LabUnavailableError 'timeout'). */
  timeoutMs?: number;
  /** The fetch to call the API with; the global one unless given (the demo's lab double). */
  fetch?: typeof fetch;
}

/** What an update action did: everything (updated), part of it or nothing, and the order as it is. */
export interface ActionResult {
  done: boolean;
  /** updated, partiallyUpdated, failedToUpdate or actionNotAvailable. */
  outcome: string;
  order: LabOrder | null;
}

export class ProdigiClient implements Lab {
  readonly name = LAB;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: ProdigiClientOptions) {
    this.baseUrl = (options.baseUrl ?? PRODIGI_SANDBOX).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async quote(request: QuoteRequest): Promise<LabQuote[]> {
    const body: ProdigiQuoteRequest = {
      destinationCountryCode: request.destinationCountryCode,
      ...(request.currency ? { currencyCode: request.currency } : {}),
      ...(request.shippingMethod ? { shippingMethod: request.shippingMethod } : {}),
      items: request.items.map((i) => ({
        sku: i.sku,
        copies: i.copies,
        attributes: i.attributes ?? {},
        assets: i.printAreas.map((printArea) => ({ printArea })),
      })),
    };
    const answer = await this.call('POST', '/quotes', quoteAnswerSchema, body);
    return answer.quotes.map((q) => ({
      shippingMethod: q.shipmentMethod,
      items: money(q.costSummary.items),
      shipping: money(q.costSummary.shipping),
      shipments: q.shipments.map((s) => ({
        carrier: s.carrier.name,
        service: s.carrier.service,
        madeInCountry: s.fulfillmentLocation.countryCode,
        labCode: s.fulfillmentLocation.labCode,
        cost: money(s.cost),
      })),
    }));
  }

  /** Each variant's print areas and the pixels each asks for. */
  async productPrintAreas(sku: string): Promise<PrintArea[]> {
    return (await this.product(sku)).printAreas;
  }

  async product(
    sku: string,
  ): Promise<{ printAreas: PrintArea[]; inches: ProductInches | null; description: string | null }> {
    const { product } = await this.call('GET', `/products/${encodeURIComponent(sku)}`, productAnswerSchema);
    const printAreas = product.variants.flatMap((variant) =>
      Object.entries(variant.printAreaSizes).map(([name, size]) => ({
        name,
        required: product.printAreas[name]?.required ?? false,
        attributes: variant.attributes ?? {},
        widthPx: size.horizontalResolution,
        heightPx: size.verticalResolution,
      })),
    );
    return {
      printAreas,
      inches: inchesOf(product.productDimensions),
      description: product.description?.trim() || null,
    };
  }

  async createOrder(request: LabOrderRequest): Promise<{ outcome: CreateOutcome; order: LabOrder }> {
    const { recipient } = request;
    const body: ProdigiOrderRequest = {
      merchantReference: request.merchantReference,
      idempotencyKey: request.idempotencyKey,
      shippingMethod: request.shippingMethod,
      recipient: {
        name: recipient.name,
        ...(recipient.email ? { email: recipient.email } : {}),
        ...(recipient.phone ? { phoneNumber: recipient.phone } : {}),
        address: recipient.address,
      },
      items: request.items.map((i) => ({ ...i, attributes: i.attributes ?? {} })),
      ...(request.callbackUrl ? { callbackUrl: request.callbackUrl } : {}),
      ...(request.packingSlip ? { packingSlip: { url: request.packingSlip.url } } : {}),
      ...(request.metadata ? { metadata: request.metadata } : {}),
    };
    const answer = await this.call('POST', '/orders', orderAnswerSchema, body);
    const outcome = CREATE_OUTCOMES.find((o) => o === answer.outcome);
    if (!outcome) throw new LabAnswerError(LAB, 200, `an order created with outcome ${answer.outcome}`);
    return { outcome, order: labOrder(answer.order) };
  }

  async getOrder(id: string): Promise<LabOrder> {
    const answer = await this.call('GET', `/orders/${orderId(id)}`, orderAnswerSchema);
    return labOrder(answer.order);
  }

  async cancel(id: string): Promise<CancelResult> {
    const answer = await this.call('POST', `/orders/${orderId(id)}/actions/cancel`, actionAnswerSchema);
    if (answer.outcome === 'cancelled' && answer.order) {
      return { cancelled: true, order: labOrder(answer.order) };
    }
    return { cancelled: false, outcome: answer.outcome };
  }

  /** The order's new shipping method; done is false when Prodigi could not change every parcel. */
  async updateShippingMethod(id: string, shippingMethod: ShippingMethod): Promise<ActionResult> {
    return this.update(id, 'updateShippingMethod', { shippingMethod });
  }

  async updateRecipient(id: string, recipient: LabOrderRequest['recipient']): Promise<ActionResult> {
    const { phone, ...rest } = recipient;
    return this.update(id, 'updateRecipient', { ...rest, ...(phone ? { phoneNumber: phone } : {}) });
  }

  /** Replaces the order's metadata as a whole; allowed at any stage. */
  async updateMetadata(id: string, metadata: Record<string, unknown>): Promise<ActionResult> {
    return this.update(id, 'updateMetadata', { metadata });
  }

  private async update(id: string, action: string, body: unknown): Promise<ActionResult> {
    const path = `/orders/${orderId(id)}/actions/${action}`;
    const answer = await this.call('POST', path, actionAnswerSchema, body);
    const order = answer.order ? labOrder(answer.order) : null;
    return { done: answer.outcome === 'updated', outcome: answer.outcome, order };
  }

  async allowedActions(id: string): Promise<AllowedActions> {
    const a = await this.call('GET', `/orders/${orderId(id)}/actions`, actionsAnswerSchema);
    return {
      cancel: a.cancel.isAvailable === 'Yes',
      updateRecipient: a.changeRecipientDetails.isAvailable === 'Yes',
      updateShippingMethod: a.changeShippingMethod.isAvailable === 'Yes',
      updateMetadata: a.changeMetaData.isAvailable === 'Yes',
    };
  }

  /**
   * The order a callback names, and nothing else of it: callbacks are not signed, so the order
   * must be read again (getOrder) before its stage or shipments are believed.
   */
  parseCallback(body: string): CallbackVerdict {
    if (body.length > MAX_CALLBACK_CHARS) return { ok: false, reason: 'The callback is too large.' };
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, reason: 'The callback is not JSON.' };
    }
    const parsed = callbackSchema.safeParse(json);
    if (!parsed.success) {
      return { ok: false, reason: `The callback is not a Prodigi CloudEvent: ${issuesLine(parsed.error)}` };
    }
    const { data, subject, id, type } = parsed.data;
    const named = 'order' in data ? data.order.id : data.id;
    if (subject && subject !== named) {
      return { ok: false, reason: 'The callback names two different orders.' };
    }
    return { ok: true, orderId: named, eventId: id, type };
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    let res: Response;
    try {
      res = await (this.options.fetch ?? fetch)(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'X-API-Key': this.options.apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw unavailable(err, `${method} ${path}`);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw unavailable(err, `${method} ${path} (reading the answer)`);
    }
    if (res.status >= 500 || res.status === 429) {
      throw new LabUnavailableError(LAB, 'server', `${method} ${path} answered ${res.status}`);
    }
    const json = parseJson(text);
    if (!res.ok) throw refusal(res.status, json, res.headers.get('traceparent'));
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new LabAnswerError(LAB, res.status, issuesLine(parsed.error));
    return parsed.data;
  }
}

function unavailable(err: unknown, what: string): LabUnavailableError {
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new LabUnavailableError(LAB, 'timeout', `${what} got no answer in time`);
  }
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return new LabUnavailableError(
    LAB,
    'network',
    `${what}: ${typeof cause === 'string' ? cause : String(err)}`,
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A 4xx answer: Prodigi's outcome and its failures per field, or the status alone. */
function refusal(status: number, json: unknown, traceHeader: string | null): LabRefusedError {
  const parsed = errorAnswerSchema.safeParse(json ?? {});
  const e = parsed.success ? parsed.data : undefined;
  const reasons = Object.entries(e?.failures ?? {}).flatMap(([field, failures]) =>
    failures.map((f) => ({ field, code: f.code, description: f.description ?? '' })),
  );
  const outcome =
    e?.outcome ??
    (status === 401 || status === 403 ? 'unauthorised' : status === 404 ? 'entityNotFound' : 'refused');
  if (!reasons.length && e?.statusText) reasons.push({ field: '', code: outcome, description: e.statusText });
  return new LabRefusedError(LAB, status, outcome, reasons, e?.traceParent ?? traceHeader);
}

function orderId(id: string): string {
  if (!PRODIGI_ORDER_ID.test(id)) {
    throw new LabRefusedError(
      LAB,
      400,
      'validationFailed',
      [{ field: 'id', code: 'InvalidValue', description: 'Not a Prodigi order id.' }],
      null,
    );
  }
  return id;
}

function money(cost: { amount: string; currency: string }): LabMoney {
  return { cents: decimalStringToCents(cost.amount), currency: cost.currency };
}

function labOrder(order: ProdigiOrder): LabOrder {
  return {
    id: order.id,
    merchantReference: order.merchantReference,
    stage: order.status.stage,
    issues: order.status.issues.map((i) => ({
      objectId: i.objectId,
      code: i.errorCode,
      description: i.description ?? '',
    })),
    shipments: order.shipments.map((s) => ({
      status: s.status,
      carrier: s.carrier?.name ?? null,
      trackingNumber: s.tracking?.number ?? null,
      trackingUrl: s.tracking?.url ?? null,
      dispatchDate: s.dispatchDate,
    })),
  };
}
