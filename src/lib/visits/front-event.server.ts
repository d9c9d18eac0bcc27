// POST /api/visits answered at the node:http front, without Astro's request pipeline, for requests
// without a session cookie (every visitor's cart event). The event itself is a few map updates;
// through Astro (a web Request and Response, the router, the middleware) it cost more than twice a
// cached page, so the cart events of a busy shop slowed its pages.
//
// The answers are the endpoint's (src/pages/api/visits.ts) and the middleware's, checked side by
// side in tests/integration/visits.test.ts: another site's origin a 403, a body over 1 KB a 413, bad
// JSON or an unknown event a 400, all with a JSON `message`; otherwise a 204. A request with a
// session cookie goes on to Astro, where the session is read: the owner's events are not counted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedOriginsFor, CROSS_SITE_REFUSAL, isCrossSite } from '~/lib/platform/server/auth/access';
import { hasSessionCookie } from '~/lib/platform/server/auth/auth';
import { getConfig } from '~/lib/platform/server/config';
import { isHttpError, parseJson } from '~/lib/platform/server/http/http';
import { readNodeBody } from '~/lib/platform/server/http/node-body';
import { clientAddress } from '~/lib/platform/server/http/rate-limit';
import { recordVisitEvent } from './record-event.server';
import { MAX_VISIT_EVENT_BYTES, visitEventSchema } from './schemas';

/** Whether the front answers this request itself: a POST to /api/visits (a normalised path) without a session. */
export function isFrontVisitEvent(req: IncomingMessage, path: string): boolean {
  return path === '/api/visits' && req.method === 'POST' && !hasSessionCookie(req.headers.cookie);
}

const headerOf = (req: IncomingMessage) => ({
  get: (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

function answerJson(res: ServerResponse, status: number, body: object, cacheControl = 'no-store'): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': cacheControl });
  res.end(JSON.stringify(body));
}

/** Answers a visit event; the caller has set the site's security headers on `res`. */
export async function answerVisitEvent(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https:' : 'http:';
  const origins = allowedOriginsFor(getConfig().allowedOrigins, protocol, req.headers.host);
  if (isCrossSite('POST', headerOf(req), origins)) {
    // As the middleware answers it: a refusal is never kept by a cache.
    answerJson(res, 403, { message: CROSS_SITE_REFUSAL }, 'private, no-store');
    return;
  }
  try {
    const text = new TextDecoder().decode(await readNodeBody(req, MAX_VISIT_EVENT_BYTES));
    recordVisitEvent(parseJson(text, visitEventSchema), {
      address: clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? 'unknown'),
      userAgent: req.headers['user-agent'],
      owner: false,
    });
  } catch (err) {
    if (!isHttpError(err)) throw err;
    answerJson(res, err.status, { message: err.message, ...err.extra });
    return;
  }
  res.writeHead(204, { 'cache-control': 'no-store' });
  res.end();
}
