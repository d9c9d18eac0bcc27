// A few public endpoints answered at the node:http front, without Astro's request pipeline: the two
// requests of a PayPal payment and a visitor's cart event. They are the site's busiest writes under
// load (20 buyers paying at once), and Astro's router, its request context and the middleware cost
// a third of such a request's time on one core, which every other buyer waits for.
//
// Only a POST without a session cookie is answered here (a buyer, a visitor); anything else goes on
// to Astro, where the session is read. The endpoint's own code answers (the same module Astro
// routes to), or, for the cart event, the same function its endpoint calls: a web Request and
// Response cost more than counting the event. The front does the middleware's part for such a
// request: another site's origin is
// refused (403), the body is capped before it reaches the endpoint (413), the client's address is
// the one the rate limits use, and the site's security headers are set by the caller.
// tests/integration/front-api.test.ts holds the answers side by side with Astro's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIContext } from 'astro';
import {
  allowedOriginsFor,
  CROSS_SITE_REFUSAL,
  type HeaderReader,
  isCrossSite,
} from '~/lib/platform/server/auth/access';
import { hasSessionCookie } from '~/lib/platform/server/auth/auth';
import { getConfig } from '~/lib/platform/server/config';
import { isHttpError, MAX_JSON_BYTES } from '~/lib/platform/server/http/http';
import { readNodeBody } from '~/lib/platform/server/http/node-body';
import { clientAddress } from '~/lib/platform/server/http/rate-limit';
import { whoMay } from '~/lib/platform/server/http/route-table';
import { type EventSender, recordVisitEvent } from '~/lib/visits/record-event.server';
import { MAX_VISIT_EVENT_BYTES } from '~/lib/visits/schemas';
import { POST as paypalOrder } from '~/pages/api/paypal/order';
import { POST as paypalCapture } from '~/pages/api/paypal/order/[id]/capture';

type Endpoint = (context: APIContext) => Response | Promise<Response>;

interface EndpointRoute {
  /** The path as Astro routes it (case and all); a capture's order id is its one parameter. */
  pattern: RegExp;
  param?: string;
  endpoint: Endpoint;
}

/**
 * A route whose endpoint's whole work is one function over the body and its sender: the front
 * calls that function, reads at most `maxBytes` as the endpoint does, and answers its 204.
 */
interface RecordRoute {
  pattern: RegExp;
  maxBytes: number;
  record: (body: Uint8Array, sender: EventSender) => void;
}

type FrontRoute = EndpointRoute | RecordRoute;

const ROUTES: FrontRoute[] = [
  { pattern: /^\/api\/visits$/, maxBytes: MAX_VISIT_EVENT_BYTES, record: recordVisitEvent },
  { pattern: /^\/api\/paypal\/order$/, endpoint: paypalOrder as Endpoint },
  { pattern: /^\/api\/paypal\/order\/([^/]+)\/capture$/, param: 'id', endpoint: paypalCapture as Endpoint },
];

export interface FrontCall {
  route: FrontRoute;
  params: Record<string, string>;
}

/** The front route for this request (a normalised path), or null when Astro answers it. */
export function frontCallFor(req: IncomingMessage, path: string): FrontCall | null {
  if (req.method !== 'POST' || hasSessionCookie(req.headers.cookie)) return null;
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    // The route table stays the one judge of who may write: a route it does not open to everyone
    // goes on to Astro's owner check.
    if (whoMay('POST', path) !== 'public') return null;
    return { route, params: 'param' in route && route.param ? { [route.param]: match[1] ?? '' } : {} };
  }
  return null;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    // HTTP/2 pseudo-headers and anything undici refuses would make Request throw.
    if (name.startsWith(':')) continue;
    try {
      headers.append(name, raw[i + 1] as string);
    } catch {}
  }
  return headers;
}

/** Node's headers read as a Request's, without building one. */
const nodeHeaderReader = (req: IncomingMessage): HeaderReader => ({
  get: (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

function answerJson(res: ServerResponse, status: number, body: object, cacheControl = 'no-store'): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': cacheControl });
  res.end(JSON.stringify(body));
}

/** Answers `call`; the caller has set the site's security headers on `res`. */
export async function answerAtFront(
  req: IncomingMessage,
  res: ServerResponse,
  call: FrontCall,
): Promise<void> {
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https:' : 'http:';
  const origins = allowedOriginsFor(getConfig().allowedOrigins, protocol, req.headers.host);
  if (isCrossSite('POST', nodeHeaderReader(req), origins)) {
    // As the middleware answers it: a refusal is never kept by a cache.
    answerJson(res, 403, { message: CROSS_SITE_REFUSAL }, 'private, no-store');
    return;
  }
  const { route } = call;
  let body: Buffer<ArrayBuffer>;
  try {
    body = await readNodeBody(req, 'record' in route ? route.maxBytes : MAX_JSON_BYTES);
  } catch (err) {
    if (!isHttpError(err)) throw err;
    answerJson(res, err.status, { message: err.message });
    return;
  }
  const socketAddress = req.socket.remoteAddress;
  const clientIp = clientAddress(req.headers['x-forwarded-for'], socketAddress ?? 'unknown');
  if ('record' in route) {
    try {
      route.record(body, { address: clientIp, userAgent: req.headers['user-agent'], owner: false });
    } catch (err) {
      if (!isHttpError(err)) throw err;
      answerJson(res, err.status, { message: err.message, ...err.extra });
      return;
    }
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
    return;
  }
  const locals: App.Locals = { user: null, isAdmin: false, socketAddress, clientIp };
  // The Host header is the client's to write and may not parse as a URL: like Astro without a list
  // of allowed domains, the endpoint's URL names localhost.
  const request = new Request(`http://localhost${req.url ?? '/'}`, {
    method: 'POST',
    headers: headersOf(req),
    body,
  });
  const response = await route.endpoint({
    request,
    params: call.params,
    locals,
  } as unknown as APIContext);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') out[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out['set-cookie'] = cookies;
  res.writeHead(response.status, out);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
