// A fixed-window counter in memory: enough for one box and one process.
// Hand-written because the limits are tiny and per-process; a library would add a store for nothing.
import { BlockList } from 'node:net';
import { getConfig } from '../config';
import { registerInstance } from '../instances';
import { ipVersion, normalizeIp, rateLimitKey } from './ip';

registerInstance('rate limits', import.meta.url);

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; returns the seconds to wait when over the limit, or 0 when allowed. */
  hit(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 10_000) this.prune(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /**
   * The seconds to wait while `key` has used up its attempts (its next hit would be refused), or 0;
   * counts nothing. For limits on failures only: the attempt is checked first, and hit() only when it fails.
   */
  waitFor(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.max) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

/**
 * The key of requests whose peer cannot be known: Astro's node adapter reports the FIRST
 * X-Forwarded-For entry (written by the client) as `clientAddress` whenever that header is
 * present, so the socket's address is then lost. All such requests share one key, which a client
 * cannot vary.
 */
export const UNKNOWN_PEER = 'unknown-peer';

/**
 * The configured proxies, and each peer's answer once found: a site has a few peers (its proxy,
 * loopback), and BlockList's check costs more than the rest of a cached page's bookkeeping.
 */
let trusted: { list: string[]; blocks: BlockList; answers: Map<string, boolean> } | undefined;

function isTrustedProxy(address: string): boolean {
  const list = getConfig().trustedProxies;
  if (trusted?.list !== list) {
    const blocks = new BlockList();
    for (const ip of list) blocks.addAddress(ip, ipVersion(ip) === 6 ? 'ipv6' : 'ipv4');
    trusted = { list, blocks, answers: new Map() };
  }
  let answer = trusted.answers.get(address);
  if (answer === undefined) {
    const version = ipVersion(address);
    answer = version !== 0 && trusted.blocks.check(address, version === 6 ? 'ipv6' : 'ipv4');
    if (trusted.answers.size >= 1000) trusted.answers.clear();
    trusted.answers.set(address, answer);
  }
  return answer;
}

/**
 * The visitor's key for rate limits (rateLimitKey: the address, or an IPv6 client's /64), from the
 * socket's peer as the front saw it. The X-Forwarded-For header is read only when that peer is
 * listed in TRUSTED_PROXIES, and then only its last entry, the one that proxy added; earlier
 * entries are written by the client.
 */
export function clientIpFromPeer(request: Request, socketPeer: string): string {
  return clientAddress(request.headers.get('x-forwarded-for'), socketPeer);
}

/**
 * The same from the raw X-Forwarded-For header (node joins repeated headers with ", "), for the
 * front, which keys the render queue's turns by visitor before any Request exists.
 */
export function clientAddress(
  forwarded: string | readonly string[] | null | undefined,
  socketPeer: string,
): string {
  const peer = normalizeIp(socketPeer);
  if (!forwarded || !isTrustedProxy(peer)) return rateLimitKey(peer);
  const list = typeof forwarded === 'string' ? forwarded : forwarded.join(',');
  const last = normalizeIp(list.split(',').at(-1) ?? '');
  return rateLimitKey(ipVersion(last) === 0 ? peer : last);
}

/**
 * The same from Astro's `clientAddress`, for a request that did not come through the front
 * (`astro dev`): when the header is present that address is its first entry, which the client
 * wrote, so such requests share one key.
 */
export function clientIp(request: Request, socketAddress: string | undefined): string {
  const first = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  if (!socketAddress || (first && socketAddress.trim() === first)) return UNKNOWN_PEER;
  return clientIpFromPeer(request, socketAddress);
}

/** The wait before a refused client may try again, in words: 'a minute', '12 minutes'. */
export function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

/** The answer to a client over a limit: the message, and the seconds to wait in Retry-After. */
export function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  return Response.json(
    { message },
    { status: 429, headers: { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' } },
  );
}

/** Enquiries from one address, besides the 5 per e-mail address an hour. */
export const contactIpLimiter = new RateLimiter(30, 60 * 60_000);
/** Orders started from one address: each stores a pending order and calls PayPal. */
export const orderCreateLimiter = new RateLimiter(20, 60 * 60_000);
/**
 * Payment sessions opened from one address (GET /api/paypal/setup): in live mode each asks PayPal
 * for a client token, so a script must not make the site call PayPal without end. The checkout asks
 * once per page view; a buyer opens it a few times per order (a reload, a step back from PayPal),
 * and one address may start 20 orders an hour (orderCreateLimiter), so 60 views an hour (three per
 * order allowed) is more than any buyer, or a household or office behind one address, comes near.
 */
export const paypalSetupLimiter = new RateLimiter(60, 60 * 60_000);
/** Acceptances and change requests of quotes from one address: a client sends a few; this stops floods and guessing. */
export const quoteIpLimiter = new RateLimiter(30, 60 * 60_000);
/**
 * Deposit payments of quotes started and captured from one address: a client pays once, after a
 * retry or two; this stops floods of orders asked of PayPal and the guessing of links.
 */
export const quotePaymentIpLimiter = new RateLimiter(30, 60 * 60_000);
/** Reviews sent from one address: a link holds at most one per print, so this only stops floods. */
export const reviewIpLimiter = new RateLimiter(60, 60 * 60_000);
/**
 * Wrong discount codes from one address: enough for a buyer's typos, too few to find a code by
 * guessing. A refused address may send no code at all until the window has passed, so a right guess
 * is not told apart from a wrong one.
 */
export const discountCodeLimiter = new RateLimiter(10, 10 * 60_000);
