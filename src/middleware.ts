// Session → locals, then the owner guard and the cross-site check (DESIGN.md, Auth).
import { defineMiddleware } from 'astro:middleware';
import { accessFor, isCrossSite } from './lib/server/access';
import { readSessionUser } from './lib/server/auth';
import { getConfig } from './lib/server/config';
import { contentSecurityPolicy } from './lib/server/csp';
import { deferModuleScripts } from './lib/server/deferred-scripts';
import { jsonError } from './lib/server/http';

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  const config = getConfig();
  const user = await readSessionUser(request.headers);
  locals.user = user;
  locals.isAdmin = user?.isAdmin ?? false;

  const allowedOrigins = [
    new URL(config.siteUrl).origin,
    `http://localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
    request.headers.get('host') ? `${url.protocol}//${request.headers.get('host')}` : '',
  ];
  if (isCrossSite(request.method, request.headers, allowedOrigins)) {
    return jsonError(403, 'This request came from another site and was refused.');
  }

  let pathname: string;
  try {
    // Decoded, so that /%61dmin is judged as /admin.
    pathname = decodeURI(url.pathname);
  } catch {
    return jsonError(400, 'The address is not valid.');
  }
  const access = accessFor(request.method, pathname);
  if (access === 'owner-page' && !user) {
    const target = `/api/login?next=${encodeURIComponent(pathname + url.search)}`;
    return context.redirect(target, 302);
  }
  if (access === 'owner-page' && !user?.isAdmin) {
    return new Response('Only the site owner can open this page.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (access === 'owner-api' && !user) return jsonError(401, 'Please sign in to do this.');
  if (access === 'owner-api' && !user?.isAdmin) {
    return jsonError(403, 'Only the site owner can do this.');
  }

  const response = await next();
  if (user || access !== 'public') response.headers.set('Cache-Control', 'private, no-store');
  if (import.meta.env.DEV || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  // HTML pages: their scripts wait for the load event, then a hash-based CSP is computed from the
  // page's own inline scripts (the loader included).
  const html = deferModuleScripts(await response.text());
  const headers = new Headers(response.headers);
  headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy(html, {
      paypal: config.paypal.mode !== 'test' && url.pathname.startsWith('/checkout'),
    }),
  );
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
