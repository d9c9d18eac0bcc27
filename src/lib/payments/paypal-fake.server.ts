// A fake of PayPal's REST API that speaks its Orders v2 request and response formats: the OAuth
// token, create, capture and read of an order, the refund of a capture in full or in part (Payments v2),
// PayPal-Request-Id idempotency and the error format. Like PayPal, it refuses an order whose
// amount.breakdown does not add up (breakdown.server.ts).
// It serves two purposes:
//  - test mode (no PayPal credentials): the real client talks to it in-process through `fetch`,
//    so a fresh install can take a whole (pretend) payment with the very code that talks to PayPal;
//  - tests: `startPaypalFakeServer()` runs it as an HTTP server for PAYPAL_API_BASE.
// Switches make it decline, answer PENDING, capture a different amount, or fail with 500; and
// make refunds be refused, answer PENDING or FAILED, or fail with 500.
import { createServer, type Server } from 'node:http';
import { readBody } from '~/lib/platform/server/http/http';
import { registerInstance } from '~/lib/platform/server/instances';
import { pooledRandomBytes } from '~/lib/platform/server/random-pool';
import { type BreakdownUnit, breakdownIssue } from './breakdown.server';
import type { HttpAnswer, HttpCall, Money } from './paypal-client.server';

/** PayPal's request bodies are a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;
const readText = async (request: Request) =>
  new TextDecoder().decode(await readBody(request, MAX_BODY_BYTES));

export type CaptureBehaviour =
  /** A COMPLETED capture of the order's amount. */
  | 'complete'
  /** A capture whose status is DECLINED (201, order COMPLETED, capture DECLINED). */
  | 'declined'
  /** 422 UNPROCESSABLE_ENTITY with the INSTRUMENT_DECLINED issue. */
  | 'instrument-declined'
  /** A capture whose status is PENDING. */
  | 'pending'
  /** A COMPLETED capture of another amount than the order's. */
  | 'wrong-amount'
  /** A COMPLETED capture in another currency. */
  | 'wrong-currency'
  /** 500 INTERNAL_SERVER_ERROR. */
  | 'fail500';

export type RefundBehaviour =
  /** 201 COMPLETED; the capture becomes REFUNDED. */
  | 'complete'
  /** 201 PENDING; the capture becomes REFUNDED. */
  | 'pending'
  /** 201 FAILED; the capture stays COMPLETED. */
  | 'failed'
  /** 422 UNPROCESSABLE_ENTITY with the TRANSACTION_REFUSED issue; the capture stays COMPLETED. */
  | 'refused'
  /** 500 INTERNAL_SERVER_ERROR. */
  | 'fail500';

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchaseUnits: {
    custom_id?: string;
    amount: Money & { breakdown?: NonNullable<BreakdownUnit['amount']>['breakdown'] };
    items?: BreakdownUnit['items'];
  }[];
  captures: {
    id: string;
    status: string;
    amount: { currency_code: string; value: string };
    /** What refunds gave back of it so far. */
    refundedCents?: number;
  }[];
}

export interface RecordedCall {
  method: string;
  path: string;
  requestId: string | null;
}

const TOKEN_TTL_S = 32400;

function paypalId(length = 17): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let out = '';
  for (const b of pooledRandomBytes(length)) out += alphabet[b % alphabet.length];
  return out;
}

/**
 * An answer of the fake: its status and its JSON text, serialised once when it is made, so that
 * a replayed answer is byte for byte the first one (as PayPal's are) and costs little to keep.
 */
interface Answer {
  status: number;
  text: string;
}

const json = (status: number, body: unknown): Answer => ({ status, text: JSON.stringify(body) });

/** What the fake reads of a request. */
interface FakeRequest {
  method: string;
  path: string;
  authorization: string;
  requestId: string | null;
  bodyText: () => Promise<string>;
}

/**
 * Calls, idempotent answers and orders kept: the most recent ones, so a long test-mode run stays
 * small. An older order is then unknown to the fake, as every order is after a restart.
 */
const KEPT = 10_000;

function error(status: number, name: string, issue?: string, description?: string): Answer {
  return json(status, {
    name,
    message: issue ? 'The requested action could not be performed.' : name,
    debug_id: paypalId(13).toLowerCase(),
    details: issue ? [{ issue, description: description ?? issue }] : [],
    links: [],
  });
}

const toResponse = (answer: Answer) =>
  new Response(answer.text, { status: answer.status, headers: { 'content-type': 'application/json' } });

export class PaypalFake {
  readonly orders = new Map<string, FakeOrder>();
  readonly calls: RecordedCall[] = [];
  /** How the next captures behave. */
  captureBehaviour: CaptureBehaviour = 'complete';
  /** Make create fail with 500. */
  failCreate = false;
  /** How the next refunds behave. */
  refundBehaviour: RefundBehaviour = 'complete';
  /** Refunds made, by refund id: the capture refunded and the refund's status. */
  readonly refunds = new Map<string, { captureId: string; status: string; amountCents: number }>();
  tokensIssued = 0;
  private readonly tokens = new Map<string, number>();
  private readonly idempotent = new Map<string, Answer>();
  private readonly inFlight = new Map<string, Promise<Answer>>();

  constructor(
    readonly clientId = 'test-client-id',
    readonly clientSecret = 'test-client-secret',
  ) {}

  /** The access tokens handed out so far (a test checks that none of them is ever logged). */
  issuedTokens(): string[] {
    return [...this.tokens.keys()];
  }

  reset(): void {
    this.orders.clear();
    this.calls.length = 0;
    this.captureBehaviour = 'complete';
    this.failCreate = false;
    this.refundBehaviour = 'complete';
    this.refunds.clear();
    this.tokensIssued = 0;
    this.tokens.clear();
    this.idempotent.clear();
    this.inFlight.clear();
  }

  /** PayPal finishing its review of every PENDING capture: they become COMPLETED or DECLINED. */
  settlePendingCaptures(status: 'COMPLETED' | 'DECLINED' = 'COMPLETED'): number {
    let settled = 0;
    for (const order of this.orders.values()) {
      for (const capture of order.captures) {
        if (capture.status === 'PENDING') {
          capture.status = status;
          settled++;
        }
      }
    }
    return settled;
  }

  /** Handles one request (the fake over HTTP). */
  async handle(request: Request): Promise<Response> {
    return toResponse(
      await this.answer({
        method: request.method,
        path: new URL(request.url).pathname,
        authorization: request.headers.get('authorization') ?? '',
        requestId: request.headers.get('paypal-request-id'),
        bodyText: () => readText(request),
      }),
    );
  }

  /** The same code answering over HTTP and in-process. */
  private async answer(request: FakeRequest): Promise<Answer> {
    const { method, path, requestId } = request;
    this.calls.push({ method, path, requestId });
    if (this.calls.length > KEPT) this.calls.splice(0, KEPT / 2);

    if (method === 'POST' && path === '/v1/oauth2/token') return this.token(request);
    if (!this.authorised(request.authorization)) return error(401, 'AUTHENTICATION_FAILURE');

    if (method === 'POST' && path === '/v1/identity/generate-token') {
      return json(200, { client_token: `fake-${paypalId(24)}`, expires_in: 3600 });
    }
    if (requestId && requestId.length > 108) return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    const key = requestId ? `${method} ${path} ${requestId}` : undefined;
    const replay = key ? this.idempotent.get(key) : undefined;
    if (replay) return replay;
    // A request with an id still being answered waits for that answer and gets it too.
    const running = key ? this.inFlight.get(key) : undefined;
    if (running) return running;
    if (!key) return this.route(request);
    const answer = this.route(request);
    this.inFlight.set(key, answer);
    try {
      const done = await answer;
      if (done.status < 500) {
        this.idempotent.set(key, done);
        if (this.idempotent.size > KEPT)
          this.idempotent.delete(this.idempotent.keys().next().value as string);
      }
      return done;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async route(request: FakeRequest): Promise<Answer> {
    const { method, path } = request;
    const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]{1,36})\/capture$/.exec(path);
    const read = /^\/v2\/checkout\/orders\/([A-Z0-9]{1,36})$/.exec(path);
    const refund = /^\/v2\/payments\/captures\/([A-Z0-9]{1,36})\/refund$/.exec(path);
    if (method === 'POST' && path === '/v2/checkout/orders') return this.create(request);
    if (method === 'POST' && capture) return this.capture(capture[1]!);
    if (method === 'GET' && read) return this.read(read[1]!);
    if (method === 'POST' && refund) return this.refund(refund[1]!, await request.bodyText());
    return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  }

  /**
   * A fetch bound to this fake, for the client in test mode. It reads the client's call as it
   * is (a string URL, a headers record, a string body) and answers with the status and text the
   * client reads, instead of building a Fetch Request and Response: their body streams cost more
   * than the fake's whole work.
   */
  readonly fetch = async (url: string, call: HttpCall): Promise<HttpAnswer> => {
    const { headers } = call;
    const header = (name: string) =>
      Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? null;
    const answer = await this.answer({
      method: call.method.toUpperCase(),
      path: new URL(url).pathname,
      authorization: header('authorization') ?? '',
      requestId: header('paypal-request-id'),
      bodyText: async () => call.body ?? '',
    });
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      text: async () => answer.text,
    };
  };

  private async token(request: FakeRequest): Promise<Answer> {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    const body = await request.bodyText();
    if (request.authorization !== expected || !/grant_type=client_credentials/.test(body)) {
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const token = `A21AA${paypalId(40)}`;
    this.tokens.set(token, Date.now() + TOKEN_TTL_S * 1000);
    this.tokensIssued++;
    return json(200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-FAKE',
      expires_in: TOKEN_TTL_S,
      nonce: paypalId(20),
    });
  }

  private authorised(authorization: string): boolean {
    const m = /^Bearer (\S+)$/.exec(authorization);
    const expires = m ? this.tokens.get(m[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  private async create(request: FakeRequest): Promise<Answer> {
    if (this.failCreate) return error(500, 'INTERNAL_SERVER_ERROR');
    let body: { intent?: string; purchase_units?: (BreakdownUnit & { custom_id?: string })[] };
    try {
      body = JSON.parse(await request.bodyText());
    } catch {
      return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
    }
    const unit = body.purchase_units?.[0];
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    if (!unit?.amount?.currency_code || !/^\d+(\.\d{2})?$/.test(unit.amount.value ?? '')) {
      return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    }
    const issue = breakdownIssue(unit);
    if (issue) {
      const name = issue.status === 422 ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST';
      return error(issue.status, name, issue.issue, issue.description);
    }
    const id = paypalId();
    const { currency_code, value, breakdown } = unit.amount;
    this.orders.set(id, {
      id,
      status: 'CREATED',
      intent: body.intent,
      purchaseUnits: [
        {
          custom_id: unit.custom_id,
          amount: { currency_code, value: value as string, ...(breakdown ? { breakdown } : {}) },
          ...(unit.items ? { items: unit.items } : {}),
        },
      ],
      captures: [],
    });
    if (this.orders.size > KEPT) this.orders.delete(this.orders.keys().next().value as string);
    return json(201, { id, status: 'CREATED', links: this.links(id) });
  }

  private capture(id: string): Answer {
    const order = this.orders.get(id);
    if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    const behaviour = this.captureBehaviour;
    if (behaviour === 'fail500') return error(500, 'INTERNAL_SERVER_ERROR');
    if (behaviour === 'instrument-declined') {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'INSTRUMENT_DECLINED',
        'The instrument presented was declined.',
      );
    }
    const unit = order.purchaseUnits[0]!;
    const amount = { currency_code: unit.amount.currency_code, value: unit.amount.value };
    if (behaviour === 'wrong-amount')
      amount.value = (Number(amount.value) - 1 > 0 ? Number(amount.value) - 1 : 1).toFixed(2);
    if (behaviour === 'wrong-currency') amount.currency_code = 'USD';
    const status = behaviour === 'declined' ? 'DECLINED' : behaviour === 'pending' ? 'PENDING' : 'COMPLETED';
    order.captures.push({ id: paypalId(), status, amount });
    order.status = 'COMPLETED';
    return json(201, this.view(order));
  }

  /** The capture with this id, in whichever order holds it. */
  findCapture(captureId: string) {
    for (const order of this.orders.values()) {
      const capture = order.captures.find((c) => c.id === captureId);
      if (capture) return capture;
    }
    return undefined;
  }

  /**
   * A refund, in full (`{}`) or of part of the capture (`{ amount: { value, currency_code } }`):
   * only a COMPLETED (or PARTIALLY_REFUNDED) capture can be refunded, never beyond what it took.
   */
  private refund(captureId: string, bodyText: string): Answer {
    const capture = this.findCapture(captureId);
    if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    let asked: { value?: unknown; currency_code?: unknown } | undefined;
    try {
      asked = (JSON.parse(bodyText || '{}') as { amount?: typeof asked }).amount;
    } catch {
      return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
    }
    const takenCents = Math.round(Number(capture.amount.value) * 100);
    const refundedBefore = capture.refundedCents ?? 0;
    let cents = takenCents - refundedBefore;
    if (asked) {
      if (typeof asked.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(asked.value))
        return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
      if (asked.currency_code !== capture.amount.currency_code)
        return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH');
      cents = Math.round(Number(asked.value) * 100);
      if (cents > takenCents - refundedBefore)
        return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    }
    if (capture.status === 'REFUNDED') {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'CAPTURE_FULLY_REFUNDED',
        'The capture has already been fully refunded.',
      );
    }
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'REFUND_NOT_ALLOWED',
        'Refund cannot be issued for this capture.',
      );
    }
    const behaviour = this.refundBehaviour;
    if (behaviour === 'fail500') return error(500, 'INTERNAL_SERVER_ERROR');
    if (behaviour === 'refused') {
      return error(422, 'UNPROCESSABLE_ENTITY', 'TRANSACTION_REFUSED', 'The request was refused.');
    }
    const id = paypalId();
    const status = behaviour === 'failed' ? 'FAILED' : behaviour === 'pending' ? 'PENDING' : 'COMPLETED';
    if (status !== 'FAILED') {
      capture.refundedCents = refundedBefore + cents;
      capture.status = capture.refundedCents >= takenCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    }
    this.refunds.set(id, { captureId, status, amountCents: cents });
    const links = [{ href: `/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' }];
    // PayPal's minimal answer (no Prefer: return=representation) carries no amount.
    return json(201, { id, status, links });
  }

  private read(id: string): Answer {
    const order = this.orders.get(id);
    if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    return json(200, this.view(order));
  }

  private view(order: FakeOrder) {
    return {
      id: order.id,
      status: order.status,
      intent: order.intent,
      payment_source: { paypal: { email_address: 'buyer@example.com', account_id: 'FAKEBUYER1' } },
      purchase_units: order.purchaseUnits.map((u) => ({
        reference_id: 'default',
        custom_id: u.custom_id,
        amount: u.amount,
        ...(u.items ? { items: u.items } : {}),
        payments: order.captures.length
          ? {
              captures: order.captures.map((c) => ({
                id: c.id,
                status: c.status,
                amount: c.amount,
                final_capture: true,
                seller_receivable_breakdown: { gross_amount: c.amount },
              })),
            }
          : undefined,
      })),
      payer: {
        name: { given_name: 'Test', surname: 'Buyer' },
        email_address: 'buyer@example.com',
        payer_id: 'FAKEBUYER1',
      },
      links: this.links(order.id),
    };
  }

  private links(id: string) {
    return [
      { href: `/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      { href: `/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      { href: `/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
      { href: `/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
    ];
  }
}

// The in-process fake of test mode: one per process, so its orders outlive any one request.
registerInstance('PayPal fake', import.meta.url);
let inProcess: PaypalFake | undefined;
export function inProcessFake(): PaypalFake {
  inProcess ??= new PaypalFake();
  return inProcess;
}

/** Runs the fake as an HTTP server on a free local port (tests point PAYPAL_API_BASE at it). */
export async function startPaypalFakeServer(
  fake = new PaypalFake(),
): Promise<{ url: string; fake: PaypalFake; server: Server; stop: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await fake.handle(
      new Request(`http://fake${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      }),
    );
    const out = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { 'content-type': 'application/json', 'content-length': out.length });
    res.end(out);
  });
  // Idle connections stay open well past the client's keep-alive, as PayPal's do: a test on a busy
  // machine must not meet a socket closed under it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    fake,
    server,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
