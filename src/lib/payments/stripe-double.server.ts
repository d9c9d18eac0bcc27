// A local stand-in for Stripe's API, for tests: a node:http server on a loopback port that speaks
// the part of Stripe's API this site uses, with its shapes (form-encoded bodies, its JSON objects,
// its error objects, idempotency keys):
//   POST /v1/payment_intents              create (amount, currency, metadata[…], automatic_payment_methods)
//   GET  /v1/payment_intents/:id          retrieve
//   POST /v1/payment_intents/:id/confirm  what Stripe.js does when the buyer pays (the stand-in calls it)
//   POST /v1/payment_intents/:id/cancel   cancel one not paid (cancellation_reason); a cancelled one
//                                         refuses confirmation, as Stripe does
//   POST /v1/refunds                      refund a payment intent (payment_intent, amount)
// The `stripe` package is pointed at it with { host, port, protocol: 'http' } (STRIPE_API_BASE).
// Written by hand because no package offers such a double that runs without Stripe's own CLI
// (stripe-mock is a Go binary downloaded from GitHub); it is small and only tests start it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface DoubleIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: 'card_error' } | null;
  automatic_payment_methods: { enabled: boolean } | null;
  cancellation_reason: string | null;
}

export interface DoubleRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed';
  created: number;
  metadata: Record<string, string>;
}

/** The card number the stand-in of Stripe.js sends for a declined card (Stripe's own test number). */
export const DECLINED_CARD = '4000000000000002';

export interface StripeDouble {
  url: string;
  intents: Map<string, DoubleIntent>;
  refunds: Map<string, DoubleRefund>;
  /** Every request, as `METHOD /path`. */
  calls: string[];
  /** An event for an intent, signed with `secret` as Stripe signs webhooks. */
  signedEvent(
    type: string,
    intent: DoubleIntent,
    secret: string,
  ): { payload: string; signature: string; id: string };
  /** Marks an intent paid (or declined), as a buyer's confirmation would. */
  confirm(id: string, card?: string): DoubleIntent;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(res: ServerResponse, status: number, error: Record<string, unknown>) {
  send(res, status, { error: { type: 'invalid_request_error', ...error } });
}

/** Stripe's refusal of an action the intent's status does not allow. */
function unexpectedState(res: ServerResponse, intent: DoubleIntent, action: 'cancel' | 'confirm') {
  stripeError(res, 400, {
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    payment_intent: intent,
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': id('req'),
    // The stand-in of Stripe.js calls confirm from the page's origin.
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  });
  res.end(JSON.stringify(body));
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** metadata[key]=value pairs of a form body. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m?.[1]) metadata[m[1]] = value;
  }
  return metadata;
}

/** Starts the double on a free loopback port. */
export async function startStripeDouble(): Promise<StripeDouble> {
  const intents = new Map<string, DoubleIntent>();
  const refunds = new Map<string, DoubleRefund>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const calls: string[] = [];
  // Signs events as Stripe does; it never calls any API.
  const signer = new Stripe('sk_test_signer');

  const confirm = (intentId: string, card?: string): DoubleIntent => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`No payment intent ${intentId}`);
    if (intent.status === 'succeeded') return intent;
    if (card === DECLINED_CARD) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        code: 'card_declined',
        message: 'Your card was declined.',
        type: 'card_error',
      };
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = id('ch');
      intent.last_payment_error = null;
    }
    return intent;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const route = `${req.method} ${url.pathname}`;
    calls.push(route);
    if (req.method === 'OPTIONS') return send(res, 204, {});
    const form = req.method === 'POST' ? await formBody(req) : new URLSearchParams();
    // A secret key comes as a bearer token; Stripe.js sends its publishable key in the body.
    const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '') || (form.get('key') ?? '');
    if (!/^(sk|rk)_test_/.test(key) && !(/^pk_test_/.test(key) && /\/confirm$/.test(url.pathname))) {
      return stripeError(res, 401, { message: 'Invalid API Key provided: a test key is expected.' });
    }
    const idempotencyKey = req.headers['idempotency-key'];
    const remembered =
      typeof idempotencyKey === 'string' ? byIdempotencyKey.get(`${route} ${idempotencyKey}`) : undefined;
    if (remembered) return send(res, remembered.status, remembered.body);
    const answer = (status: number, body: unknown) => {
      if (typeof idempotencyKey === 'string')
        byIdempotencyKey.set(`${route} ${idempotencyKey}`, { status, body });
      send(res, status, body);
    };

    if (route === 'POST /v1/payment_intents') {
      const amount = Number(form.get('amount'));
      const currency = form.get('currency') ?? '';
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(res, 400, {
          code: 'amount_too_small',
          param: 'amount',
          message: 'Amount must be at least €0.50 eur',
        });
      }
      if (!/^[a-z]{3}$/.test(currency)) {
        return stripeError(res, 400, {
          code: 'parameter_invalid',
          param: 'currency',
          message: 'Invalid currency',
        });
      }
      const intentId = id('pi');
      const intent: DoubleIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        metadata: metadataOf(form),
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        latest_charge: null,
        last_payment_error: null,
        automatic_payment_methods:
          form.get('automatic_payment_methods[enabled]') === 'true' ? { enabled: true } : null,
        cancellation_reason: null,
      };
      intents.set(intentId, intent);
      return answer(200, intent);
    }
    const one = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(url.pathname);
    if (one?.[1]) {
      const intent = intents.get(one[1]);
      if (!intent) {
        return stripeError(res, 404, {
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${one[1]}'`,
        });
      }
      if (req.method === 'GET' && !one[2]) return send(res, 200, intent);
      if (req.method === 'POST' && one[2] === '/cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return unexpectedState(res, intent, 'cancel');
        }
        intent.status = 'canceled';
        intent.cancellation_reason = form.get('cancellation_reason');
        return answer(200, intent);
      }
      if (req.method === 'POST' && one[2]) {
        if (intent.status === 'canceled') return unexpectedState(res, intent, 'confirm');
        // With a publishable key, only the holder of the intent's client secret may confirm it.
        if (key.startsWith('pk_') && form.get('client_secret') !== intent.client_secret) {
          return stripeError(res, 400, {
            code: 'payment_intent_unexpected_state',
            param: 'client_secret',
            message:
              'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
          });
        }
        return answer(200, confirm(intent.id, form.get('card') ?? undefined));
      }
    }
    if (route === 'POST /v1/refunds') {
      const intentId = form.get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) {
        return stripeError(res, 404, {
          code: 'resource_missing',
          param: 'payment_intent',
          message: `No such payment_intent: '${intentId}'`,
        });
      }
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intentId)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount_received - refunded;
      if (intent.status !== 'succeeded') {
        return stripeError(res, 400, {
          code: 'charge_not_refundable',
          message: 'This PaymentIntent does not have a successful charge to refund.',
        });
      }
      if (amount <= 0 || refunded + amount > intent.amount_received) {
        return stripeError(res, 400, {
          code: 'charge_already_refunded',
          message: `Charge ${intent.latest_charge} has already been refunded.`,
        });
      }
      const refund: DoubleRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intentId,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
        metadata: metadataOf(form),
      };
      refunds.set(refund.id, refund);
      return answer(200, refund);
    }
    return stripeError(res, 404, { message: `Unrecognized request URL (${route}).` });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    calls,
    confirm,
    signedEvent(type, intent, secret) {
      const eventId = id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...intent } },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, signature, id: eventId };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
