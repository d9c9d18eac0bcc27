// Which requests need the owner, decided on the server from the route table. The client's
// isAdmin flag is for display only: every owner page, owner endpoint and mutation is checked here.
import { isSafeMethod, whoMay } from '../http/route-table';

export type Access = 'public' | 'owner-page' | 'owner-api';

/** The access a request needs, for a normalised path. Owner pages redirect; owner endpoints answer 401/403. */
export function accessFor(method: string, path: string): Access {
  if (whoMay(method, path) === 'public') return 'public';
  const lower = path.toLowerCase();
  const isApi = lower === '/api' || lower.startsWith('/api/');
  return isSafeMethod(method) && !isApi ? 'owner-page' : 'owner-api';
}

/** The stricter of two decisions: used to judge both the path and the route Astro matched. */
export function stricter(a: Access, b: Access): Access {
  const rank: Record<Access, number> = { public: 0, 'owner-page': 1, 'owner-api': 2 };
  return rank[a] >= rank[b] ? a : b;
}

/** Reads a request header: a Request's Headers, or the node:http front's view of node's headers. */
export type HeaderReader = Pick<Headers, 'get'>;

/** The origins a mutation may come from: the configured ones, and the site as the request's Host names it. */
export function allowedOriginsFor(
  configured: string[],
  protocol: string,
  host: string | null | undefined,
): string[] {
  return host ? [...configured, `${protocol}//${host}`] : configured;
}

/** What a refused cross-site mutation is told (403). */
export const CROSS_SITE_REFUSAL = 'This request came from another site and was refused.';

/**
 * Cross-site request check for mutations: a browser always sends Origin on a cross-origin
 * POST/PUT/PATCH/DELETE, so a mismatching Origin (or Sec-Fetch-Site: cross-site) is refused.
 * Requests without either header come from non-browser clients and carry no ambient cookies risk.
 */
export function isCrossSite(method: string, headers: HeaderReader, allowedOrigins: string[]): boolean {
  if (isSafeMethod(method)) return false;
  const origin = headers.get('origin');
  if (origin && origin !== 'null') return !allowedOrigins.includes(origin);
  if (origin === 'null') return true;
  return headers.get('sec-fetch-site') === 'cross-site';
}
