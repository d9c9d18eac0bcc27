// Which requests need the owner, decided on the server (DESIGN.md, Auth).
// SPEC §6 leaves server-side enforcement open; here every admin page, admin call and
// mutation is closed unless it is one of the few things a visitor may do.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Mutations a visitor may make: enquiries, payments, signing in and out. */
const PUBLIC_MUTATIONS: RegExp[] = [
  /^\/api\/auth\//,
  /^\/api\/login\/?$/,
  /^\/api\/logout\/?$/,
  /^\/api\/contact\/?$/,
  /^\/api\/paypal\/order\/?$/,
  /^\/api\/paypal\/order\/[^/]+\/capture\/?$/,
  // The signed upload URL carries its own authorization (an HMAC with an expiry).
  /^\/api\/objects\/signed\/[^/]+\/?$/,
];

const OWNER_PAGES = [/^\/admin(\/|$)/, /^\/background-editor(\/|$)/];
const OWNER_READS = [/^\/api\/admin(\/|$)/, /^\/api\/orders(\/|$)/, /^\/api\/composition-tips(\/|$)/];

export type Access = 'public' | 'owner-page' | 'owner-api';

export function accessFor(method: string, pathname: string): Access {
  if (OWNER_PAGES.some((r) => r.test(pathname))) return 'owner-page';
  // The bio picture read is public (the about section shows it).
  if (pathname === '/api/admin/profile' && SAFE_METHODS.has(method)) return 'public';
  if (OWNER_READS.some((r) => r.test(pathname))) return 'owner-api';
  if (!SAFE_METHODS.has(method) && pathname.startsWith('/api/')) {
    return PUBLIC_MUTATIONS.some((r) => r.test(pathname)) ? 'public' : 'owner-api';
  }
  return 'public';
}

/**
 * Cross-site request check for mutations: a browser always sends Origin on a cross-origin
 * POST/PUT/PATCH/DELETE, so a mismatching Origin (or Sec-Fetch-Site: cross-site) is refused.
 * Requests without either header come from non-browser clients and carry no ambient cookies risk.
 */
export function isCrossSite(method: string, headers: Headers, allowedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(method)) return false;
  const origin = headers.get('origin');
  if (origin && origin !== 'null') return !allowedOrigins.includes(origin);
  if (origin === 'null') return true;
  return headers.get('sec-fetch-site') === 'cross-site';
}
