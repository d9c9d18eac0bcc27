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

export function clientIp(request: Request, fallback = 'local'): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || fallback;
}

/** Sign-in attempts: 10 per address per 15 minutes. */
export const loginLimiter = new RateLimiter(10, 15 * 60_000);
