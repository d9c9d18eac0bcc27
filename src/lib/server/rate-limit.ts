// A fixed-window counter in memory: enough for one box and one process (DESIGN.md).
// Hand-written because the limits are tiny and per-process; a library would add a store for nothing.

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

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

/**
 * The visitor's address for rate limits. The socket's own address, unless that is this machine
 * (a reverse proxy in front of the site): then the proxy's entry, the last one of
 * X-Forwarded-For. Earlier entries are written by the client and cannot be trusted.
 */
export function clientIp(request: Request, socketAddress: string | undefined): string {
  const peer = socketAddress ?? '';
  const loopback = peer === '' || peer === '::1' || peer.startsWith('127.') || peer === '::ffff:127.0.0.1';
  if (!loopback) return peer;
  const forwarded = request.headers.get('x-forwarded-for');
  return forwarded?.split(',').at(-1)?.trim() || peer || 'local';
}

/** Sign-in attempts: 10 per address per 15 minutes. */
export const loginLimiter = new RateLimiter(10, 15 * 60_000);

/** Enquiries from one address (besides the 5 per e-mail address an hour of SPEC/issue 4). */
export const contactIpLimiter = new RateLimiter(30, 60 * 60_000);
export const orderCreateLimiter = new RateLimiter(20, 60 * 60_000);
