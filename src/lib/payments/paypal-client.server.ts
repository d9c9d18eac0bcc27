// A client for PayPal's Orders v2 REST API: OAuth token cached until shortly
// before it expires, PayPal-Request-Id on create and capture, order ids validated before they go
// into a URL, and PayPal's error format turned into PaypalApiError. The same code talks to the real
// API (sandbox or live), to the in-process fake of test mode and to the fake over HTTP in tests.

import { centsToDecimal, decimalStringToCents } from '~/lib/platform/shared/format';
import { PAYPAL_CAPTURE_ID, PAYPAL_ORDER_ID } from './paypal-ids';

/** One call of the client: what it hands to its fetch. */
export interface HttpCall {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** What the client reads of an answer: fetch's Response has it, and so does the in-process fake's. */
export interface HttpAnswer {
  readonly status: number;
  readonly ok: boolean;
  text(): Promise<string>;
}

type FetchLike = (url: string, call: HttpCall) => Promise<HttpAnswer>;

export interface PaypalClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The fetch to call instead of the network's (the fake of test mode); called without a timeout. */
  fetch?: FetchLike;
  /** Refresh the token this long before PayPal says it expires. */
  tokenMarginMs?: number;
  now?: () => number;
  /** How long a call over the network may take before it is abandoned. */
  timeoutMs?: number;
}

export interface Money {
  currency_code: string;
  value: string;
}

export interface CreateOrderBody {
  intent: 'CAPTURE';
  purchase_units: {
    custom_id?: string;
    amount: Money & { breakdown?: { item_total: Money; shipping?: Money; discount?: Money } };
    items?: { name: string; quantity: string; unit_amount: Money }[];
  }[];
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: Money;
}

export interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: { custom_id?: string; amount?: Money; payments?: { captures?: PaypalCapture[] } }[];
}

/**
 * An error answer of PayPal, in its documented format. Callers recognise it by its `code`
 * (isPaypalApiError), not by `instanceof`, like every error that crosses a module boundary.
 */
export class PaypalApiError extends Error {
  readonly code = 'PAYPAL_API_ERROR';
  constructor(
    readonly status: number,
    readonly name: string,
    readonly issue: string | undefined,
    readonly debugId: string | undefined,
  ) {
    super(`PayPal ${status} ${name}${issue ? ` (${issue})` : ''}${debugId ? ` debug_id=${debugId}` : ''}`);
  }
}

export function isPaypalApiError(err: unknown): err is PaypalApiError {
  return (err as { code?: unknown } | null)?.code === 'PAYPAL_API_ERROR';
}

export class InvalidOrderIdError extends Error {
  readonly code = 'INVALID_PAYPAL_ORDER_ID';
  constructor() {
    super('Invalid PayPal order id');
  }
}

export function isValidPaypalOrderId(id: unknown): id is string {
  return typeof id === 'string' && PAYPAL_ORDER_ID.test(id);
}

export class InvalidCaptureIdError extends Error {
  readonly code = 'INVALID_PAYPAL_CAPTURE_ID';
  constructor() {
    super('Invalid PayPal capture id');
  }
}

export function isInvalidCaptureIdError(err: unknown): err is InvalidCaptureIdError {
  return (err as { code?: unknown } | null)?.code === 'INVALID_PAYPAL_CAPTURE_ID';
}

export function isValidPaypalCaptureId(id: unknown): id is string {
  return typeof id === 'string' && PAYPAL_CAPTURE_ID.test(id);
}

/** PayPal's answer to a refund: its id and COMPLETED, PENDING, FAILED or CANCELLED. */
export interface PaypalRefund {
  id: string;
  status: string;
  /** The amount refunded in cents, when PayPal's answer gives it. */
  amountCents?: number;
}

export class PaypalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => number;

  constructor(private readonly options: PaypalClientOptions) {
    const timeoutMs = options.timeoutMs ?? 20_000;
    this.fetchImpl =
      options.fetch ?? ((url, call) => fetch(url, { ...call, signal: AbortSignal.timeout(timeoutMs) }));
    this.now = options.now ?? Date.now;
  }

  /** How many times a token was fetched (for tests and diagnostics). */
  tokenFetches = 0;

  async accessToken(): Promise<string> {
    const margin = this.options.tokenMarginMs ?? 5 * 60_000;
    if (this.token && this.token.expiresAt - margin > this.now()) return this.token.value;
    // Concurrent callers share one token request instead of each fetching their own (429 otherwise).
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    this.tokenFetches++;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const res = await this.send('/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await this.json(res)) as { access_token?: string; expires_in?: number };
    if (!res.ok || typeof body.access_token !== 'string') {
      throw new PaypalApiError(res.status, 'AUTHENTICATION_FAILURE', undefined, undefined);
    }
    const ttl = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
    this.token = { value: body.access_token, expiresAt: this.now() + ttl * 1000 };
    return body.access_token;
  }

  /** A client token for the JS SDK (GET {provider}/setup answers with it). */
  async generateClientToken(): Promise<string> {
    const body = (await this.call('POST', '/v1/identity/generate-token')) as { client_token?: string };
    return body.client_token ?? '';
  }

  async createOrder(body: CreateOrderBody, requestId: string): Promise<{ id: string; status: string }> {
    const out = (await this.call('POST', '/v2/checkout/orders', body, requestId)) as {
      id?: unknown;
      status?: string;
    };
    if (!isValidPaypalOrderId(out.id))
      throw new PaypalApiError(502, 'INVALID_RESPONSE', undefined, undefined);
    return { id: out.id, status: String(out.status ?? '') };
  }

  async captureOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
    if (!isValidPaypalOrderId(orderId)) throw new InvalidOrderIdError();
    return (await this.call('POST', `/v2/checkout/orders/${orderId}/capture`, {}, requestId)) as PaypalOrder;
  }

  async getOrder(orderId: string): Promise<PaypalOrder> {
    if (!isValidPaypalOrderId(orderId)) throw new InvalidOrderIdError();
    return (await this.call('GET', `/v2/checkout/orders/${orderId}`)) as PaypalOrder;
  }

  /**
   * A refund of a capture (Payments v2: POST /v2/payments/captures/{id}/refund): in full with `{}`,
   * or of part of it with `{ amount: { value, currency_code: 'EUR' } }` when `amountCents` is given.
   * The same requestId answers the first refund again instead of refunding twice.
   */
  async refundCapture(
    captureId: string,
    { requestId, amountCents: partCents }: { requestId: string; amountCents?: number },
  ): Promise<PaypalRefund> {
    if (!isValidPaypalCaptureId(captureId)) throw new InvalidCaptureIdError();
    const body =
      partCents === undefined ? {} : { amount: { value: centsToDecimal(partCents), currency_code: 'EUR' } };
    const out = (await this.call('POST', `/v2/payments/captures/${captureId}/refund`, body, requestId)) as {
      id?: unknown;
      status?: unknown;
      amount?: { value?: unknown };
    };
    if (typeof out.id !== 'string' || !out.id || typeof out.status !== 'string') {
      throw new PaypalApiError(502, 'INVALID_RESPONSE', undefined, undefined);
    }
    const value = out.amount?.value;
    const amountCents =
      typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value) ? decimalStringToCents(value) : undefined;
    return { id: out.id, status: out.status, ...(amountCents === undefined ? {} : { amountCents }) };
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await this.accessToken()}`,
      'Content-Type': 'application/json',
    };
    if (requestId) headers['PayPal-Request-Id'] = requestId.slice(0, 108);
    const init: HttpCall = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    let res: HttpAnswer;
    try {
      res = await this.send(path, init);
    } catch (err) {
      // A connection that broke before any answer (a reused keep-alive socket the other side had
      // just closed, say) is tried once more when that is safe: a read, or a call with a
      // PayPal-Request-Id, which PayPal answers once whatever the number of tries.
      const safe = method === 'GET' || requestId !== undefined;
      if (!safe || !(err instanceof TypeError)) throw err;
      res = await this.send(path, init);
    }
    const json = (await this.json(res)) as {
      name?: string;
      debug_id?: string;
      details?: { issue?: string }[];
    };
    if (res.status === 401) this.token = null; // a revoked token is fetched afresh next time
    if (!res.ok) {
      throw new PaypalApiError(
        res.status,
        json.name ?? 'UNKNOWN_ERROR',
        json.details?.[0]?.issue,
        json.debug_id,
      );
    }
    return json;
  }

  private async send(path: string, call: HttpCall): Promise<HttpAnswer> {
    return this.fetchImpl(`${this.options.apiBase.replace(/\/+$/, '')}${path}`, call);
  }

  private async json(res: HttpAnswer): Promise<unknown> {
    const text = await res.text();
    if (!text) return {};
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  }
}
