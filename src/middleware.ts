// Session → locals, then the owner guard and the cross-site check, then the security headers
// of every answer and, on pages, deferred scripts and a hash-based CSP.
import { defineMiddleware } from 'astro:middleware';
import { cardsOn } from '~/lib/payments/stripe-access.server';
import { setRequestRole } from '~/lib/platform/server/log';
import {
  accessFor,
  allowedOriginsFor,
  CROSS_SITE_REFUSAL,
  isCrossSite,
  stricter,
} from './lib/platform/server/auth/access';
import { readSessionUser } from './lib/platform/server/auth/auth';
import { signInRequired } from './lib/platform/server/auth/sign-in-required';
import { getConfig } from './lib/platform/server/config';
import { jsonError } from './lib/platform/server/http/http';
import { normalizePath } from './lib/platform/server/http/paths';
import { clientIp, clientIpFromPeer } from './lib/platform/server/http/rate-limit';
import { pagePolicy, pageScriptHashes } from './lib/platform/server/render/csp';
import { deferModuleScripts } from './lib/platform/server/render/deferred-scripts';
import { cutInlineStylesheet } from './lib/platform/server/render/late-stylesheets';
import { securityHeaders } from './lib/platform/server/render/security-headers';

export const onRequest = defineMiddleware(async (context, next) => {
  const config = getConfig();
  const [response, personal] = await guarded(context, next);
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(securityHeaders(config.siteUrl))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (personal) headers.set('Cache-Control', 'private, no-store');
  const path = context.url.pathname;
  return finish(response, headers, {
    paypal:
      (config.paypal.mode === 'live' || config.paypal.mode === 'sandbox') &&
      // The checkout and a drone quote's page (its deposit) show PayPal's buttons.
      (path.startsWith('/checkout') || path.startsWith('/quote/')),
    // The checkout, and a drone quote's page (its deposit, its balance), offer cards through
    // Stripe.js when Stripe's keys are set.
    stripe: (path.startsWith('/checkout') || path.startsWith('/quote/')) && cardsOn(),
  });
});

async function guarded(
  context: Parameters<Parameters<typeof defineMiddleware>[0]>[0],
  next: () => Promise<Response>,
): Promise<[response: Response, personal: boolean]> {
  const { request, url, locals } = context;
  const config = getConfig();
  // The front hands Astro normalised paths; this judges the same form when Astro runs alone.
  const pathname = normalizePath(url.pathname);
  if (pathname === null) return [jsonError(400, 'The address is not valid.'), false];

  locals.clientIp = locals.socketAddress
    ? clientIpFromPeer(request, locals.socketAddress)
    : clientIp(request, context.clientAddress);
  const user = await readSessionUser(request.headers);
  locals.user = user;
  locals.isAdmin = user?.isAdmin ?? false;
  setRequestRole(user ? (user.isAdmin ? 'owner' : 'user') : 'anonymous');

  const allowedOrigins = allowedOriginsFor(config.allowedOrigins, url.protocol, request.headers.get('host'));
  if (isCrossSite(request.method, request.headers, allowedOrigins)) {
    return [jsonError(403, CROSS_SITE_REFUSAL), true];
  }

  // Judged on the path and on the route Astro matched, whichever is stricter: if the two ever
  // disagree about a path, the owner check still holds.
  const access = stricter(
    accessFor(request.method, pathname),
    accessFor(request.method, context.routePattern || pathname),
  );
  if (access === 'owner-page' && !user) return [signInRequired(pathname + url.search), true];
  if (access === 'owner-page' && !user?.isAdmin) {
    const refusal = new Response('Only the site owner can open this page.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
    return [refusal, true];
  }
  if (access === 'owner-api' && !user) return [jsonError(401, 'Please sign in to do this.'), true];
  if (access === 'owner-api' && !user?.isAdmin) {
    return [jsonError(403, 'Only the site owner can do this.'), true];
  }
  return [await next(), Boolean(user) || access !== 'public'];
}

/**
 * A copy of the response with the given headers (Astro's own responses may have immutable
 * headers). HTML pages get their scripts deferred until the load event (the home page's inline
 * stylesheet cut to its markup, its whole stylesheet loaded before those scripts), and a CSP that
 * allows only the site's own inline scripts (by hash) and the loader made here.
 */
async function finish(
  response: Response,
  headers: Headers,
  providers: { paypal: boolean; stripe: boolean },
): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!headers.get('content-type')?.startsWith('text/html') || import.meta.env.DEV) {
    return new Response(response.body, init);
  }
  const cut = cutInlineStylesheet(await response.text());
  const { html, loader } = deferModuleScripts(cut.html, cut.stylesheet);
  const scriptHashes = pageScriptHashes(html, loader ? [loader] : []);
  headers.set('Content-Security-Policy', pagePolicy({ scriptHashes, ...providers }));
  return new Response(html, init);
}
