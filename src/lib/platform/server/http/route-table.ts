// The one route table. For every path prefix it says who may read it, who may change it,
// whether the front's page cache may keep it (and which query parameters the page reads),
// and whether robots may index it. The owner check (access.ts), the front's cache rule and
// robots.txt all read it, so a new route is added here once.
//
// Safe by default: a path that no rule matches may be read by anyone (it is a 404 page or a
// public read), changed only by the owner, never cached, and not indexed.
// Paths are matched after normalisation (paths.ts), case-insensitively, segment by segment;
// `*` stands for one segment. The most specific rule wins: the one with the most segments,
// and an exact rule before a prefix rule of the same length.

export type Who = 'public' | 'owner';
/** Maps a query value to the canonical value kept in the cache key, or null to drop it. */
export type QueryParam = (value: string) => string | null;

export interface RouteRule {
  path: string;
  /** Only this path, not the paths below it. */
  exact?: boolean;
  read: Who;
  write: Who;
  /**
   * false: never cached. Otherwise the query parameters the page reads (all others are dropped),
   * and those that make the page one visitor's own: with any of them present it is never cached.
   */
  cache: false | { query: Record<string, QueryParam>; bypass?: readonly string[] };
  index: boolean;
  /**
   * A file sent for as long as the client takes to read it (a download, a video): it takes no turn
   * at the front's render gate, which would otherwise be held, and every page render kept
   * waiting, until the last byte reached the slowest client.
   */
  streams?: boolean;
}

/** `page=N` for the shop's pages without JavaScript: 2 to 999; 1 and anything else mean page 1. */
const pageNumber: QueryParam = (v) => (/^[1-9]\d{0,2}$/.test(v) && v !== '1' ? v : null);
/** `sent=1|0`: the home page's answer to a contact form posted without JavaScript. */
const sentFlag: QueryParam = (v) => (v === '1' || v === '0' ? v : null);

const page = (path: string, query: Record<string, QueryParam> = {}, exact = false): RouteRule => ({
  path,
  exact,
  read: 'public',
  write: 'owner',
  cache: { query },
  index: true,
});
const ownerPage = (path: string): RouteRule => ({
  path,
  read: 'owner',
  write: 'owner',
  cache: false,
  index: false,
});
const api = (path: string, read: Who, write: Who, exact = false): RouteRule => ({
  path,
  exact,
  read,
  write,
  cache: false,
  index: false,
});

export const ROUTES: readonly RouteRule[] = [
  page('/', { sent: sentFlag }, true),
  page('/shop', { page: pageNumber }),
  // The shop's list for its client-side filter: the same for every visitor, of no use to a robot.
  { ...page('/shop/data.json', {}, true), index: false },
  // The home gallery's photos for its viewers, fetched when a visitor reaches for a card.
  { ...page('/viewer/featured.json', {}, true), index: false },
  // A page for each print on sale, /prints/{slug}; an old slug answers with a 301 (not cached).
  page('/prints'),
  page('/drone-services'),
  page('/privacy'),
  page('/terms'),
  page('/shipping-returns'),
  // The withdrawal form posts to itself in two steps (the order's details, then a confirmation):
  // a visitor may send it, and only its empty form is kept by the page cache.
  { ...page('/withdraw', {}, true), write: 'public' },
  // Public, showing 'Admin Access Required' to everyone but the owner.
  page('/composition-analysis'),
  page('/robots.txt'),
  page('/sitemap.xml'),
  // The checkout's frame is the same for everyone (the cart lives in the browser); the outcome of
  // one order (?success= or ?pending= with its orderId) is rendered for that request alone.
  {
    path: '/checkout',
    read: 'public',
    write: 'owner',
    cache: { query: {}, bypass: ['success', 'pending', 'orderId'] },
    index: false,
  },
  // The VAT invoice of the order paid in this browser (?orderId=…): shown only to the browser holding
  // the order's receipt cookie, so one visitor's, never cached or indexed.
  { path: '/checkout/invoice.pdf', exact: true, read: 'public', write: 'owner', cache: false, index: false },
  // A buyer's review page: its address holds the review link's token, so it is never cached or indexed.
  { path: '/review', read: 'public', write: 'owner', cache: false, index: false },
  // A client's gallery, /g/{token}, and its files: the address holds the link's token, a password, so
  // it is never cached or indexed.
  { path: '/g', read: 'public', write: 'owner', cache: false, index: false },
  // What the gallery's client may send: the PIN, hearts and notes, the selection. The link's token in
  // the path is the authorization, checked by each of these endpoints.
  api('/g/*/pin', 'public', 'public', true),
  api('/g/*/favourites/*', 'public', 'public', true),
  api('/g/*/selection', 'public', 'public', true),
  // The gallery's files (viewing copies, videos, downloads, the next page of the grid) and its ZIPs.
  { path: '/g/*/files', read: 'public', write: 'owner', cache: false, index: false, streams: true },
  { path: '/g/*/zip', read: 'public', write: 'owner', cache: false, index: false, streams: true },
  // A client's drone quote, /quote/{token}, and its PDF: the address holds the link's token, so it is
  // never cached or indexed.
  { path: '/quote', read: 'public', write: 'owner', cache: false, index: false },
  // A numbered copy's certificate of authenticity: its unguessable code is the key, so never indexed.
  { path: '/certificate', read: 'public', write: 'owner', cache: false, index: false },
  ownerPage('/admin'),
  ownerPage('/background-editor'),
  // Served by the front itself: derivatives of photos and uploaded objects, and its health check.
  { path: '/media', read: 'public', write: 'owner', cache: false, index: true },
  { path: '/objects', read: 'public', write: 'owner', cache: false, index: true },
  { path: '/_astro', read: 'public', write: 'owner', cache: false, index: true },
  { path: '/healthz', read: 'public', write: 'owner', cache: false, index: false },

  api('/api', 'public', 'owner'),
  api('/api/admin', 'owner', 'owner'),
  // The bio picture read is public: the about section shows it.
  api('/api/admin/profile', 'public', 'owner', true),
  api('/api/orders', 'owner', 'owner'),
  // Counting and clearing the test orders made before the site took real payments.
  api('/api/admin/test-orders', 'owner', 'owner', true),
  api('/api/composition-tips', 'owner', 'owner'),
  // What a visitor may send: signing in and out, enquiries, payments and reviews.
  api('/api/auth', 'public', 'public'),
  api('/api/login', 'public', 'public', true),
  api('/api/logout', 'public', 'public', true),
  api('/api/contact', 'public', 'public', true),
  api('/api/paypal/order', 'public', 'public', true),
  // The price of a cart delivered to a country: what any buyer may ask before paying.
  api('/api/checkout/quote', 'public', 'public', true),
  // A buyer's review of a print: the review link's token in the body is its authorization.
  api('/api/reviews', 'public', 'public', true),
  api('/api/paypal/order/*/capture', 'public', 'public', true),
  // A card payment's PaymentIntent (the amount the server's), and Stripe's signed webhook events.
  api('/api/stripe/payment-intent', 'public', 'public', true),
  api('/api/stripe/webhook', 'public', 'public', true),
  // A client's acceptance of a drone quote, or a change asked for: the quote link's token in the path
  // is the authorization, checked by each endpoint; rate-limited per address.
  api('/api/quotes/*/accept', 'public', 'public', true),
  api('/api/quotes/*/changes', 'public', 'public', true),
  // The client's payment of an accepted quote's deposit: the same token in the path, the amount the
  // server's, rate-limited per address.
  api('/api/quotes/*/deposit', 'public', 'public', true),
  api('/api/quotes/*/deposit/*/capture', 'public', 'public', true),
  // The client's payment of a job's invoiced balance: the same token, the amount the invoice's.
  api('/api/quotes/*/balance', 'public', 'public', true),
  api('/api/quotes/*/balance/*/capture', 'public', 'public', true),
  // The same two payments by card: a PaymentIntent of the server's amount, the same token.
  api('/api/quotes/*/deposit/card', 'public', 'public', true),
  api('/api/quotes/*/balance/card', 'public', 'public', true),
  // A page's shop event (a print added to the cart) for the owner's visitor numbers: counted once a
  // minute at most per address, never from robots or the owner.
  api('/api/visits', 'public', 'public', true),
  // A signed upload URL carries its own authorization (an HMAC with an expiry).
  api('/api/objects/signed/*', 'public', 'public', true),
  // A print file for the lab, behind a signed address of its own (an HMAC with an expiry): read by
  // the lab's downloader for as long as it takes, so it takes no turn at the render gate.
  { ...api('/api/lab/files/*', 'public', 'owner', true), streams: true },
  // The page of certificates the lab puts in a parcel, behind a signed address of the same kind:
  // drawn when asked, so it takes its turn at the render gate like a page.
  api('/api/lab/certificates/*', 'public', 'owner', true),
  // The lab's status callbacks: the lab posts them unsigned, so anyone may; nothing in them is
  // believed, since the order they name is read again from the lab with the shop's key.
  api('/api/lab/callback', 'public', 'public', true),
  // The shop's products are the same for every visitor: kept by the page cache like a page.
  { ...api('/api/products', 'public', 'owner', true), cache: { query: {} } },
  // The Open Graph image is for link previews, so crawlers may fetch it.
  { ...api('/api/photos/featured/og-image', 'public', 'owner', true), index: true },
];

const UNLISTED: RouteRule = { path: '', read: 'public', write: 'owner', cache: false, index: false };

const segmentsOf = (path: string) => path.toLowerCase().split('/').filter(Boolean);
const COMPILED = ROUTES.map((rule) => ({ rule, segments: segmentsOf(rule.path) }))
  // Most specific first: more segments, then exact before prefix.
  .sort((a, b) => b.segments.length - a.segments.length || Number(!!b.rule.exact) - Number(!!a.rule.exact));

/** The rule for a normalised path. */
export function ruleFor(path: string): RouteRule {
  const parts = segmentsOf(path);
  for (const { rule, segments } of COMPILED) {
    if (rule.exact ? parts.length !== segments.length : parts.length < segments.length) continue;
    if (segments.every((s, i) => s === '*' || s === parts[i])) return rule;
  }
  return UNLISTED;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** Who may make this request: the rule's reader for safe methods, its writer for the rest. */
export function whoMay(method: string, path: string): Who {
  const rule = ruleFor(path);
  return isSafeMethod(method) ? rule.read : rule.write;
}

/**
 * The page cache's key for a normalised path and its query: the path plus the query parameters
 * its page reads, canonical and sorted. Null when the path may not be cached, or the query holds a
 * parameter that makes the page one visitor's own.
 */
export function cacheKey(path: string, query: URLSearchParams): string | null {
  const rule = ruleFor(path);
  if (!rule.cache) return null;
  if (rule.cache.bypass?.some((name) => query.has(name))) return null;
  const kept: string[] = [];
  for (const [name, canonical] of Object.entries(rule.cache.query)) {
    const value = query.get(name);
    const v = value === null ? null : canonical(value);
    if (v !== null) kept.push(`${name}=${encodeURIComponent(v)}`);
  }
  return kept.length ? `${path}?${kept.sort().join('&')}` : path;
}

/** robots.txt lines: Disallow for each prefix robots may not index, Allow for exceptions below one. */
export function robotsRules(): string[] {
  const closed = ROUTES.filter((r) => !r.index);
  const outermost = closed.filter((rule) => !closed.some((other) => isBelow(rule.path, other.path)));
  const exceptions = ROUTES.filter((r) => r.index && closed.some((other) => isBelow(r.path, other.path)));
  return [...outermost.map((r) => `Disallow: ${r.path}`), ...exceptions.map((r) => `Allow: ${r.path}`)];
}

function isBelow(path: string, prefix: string): boolean {
  return path.startsWith(`${prefix}/`);
}
