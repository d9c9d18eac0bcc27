import { describe, expect, it } from 'vitest';
import { clientIp, RateLimiter } from '../../src/lib/server/rate-limit';

const req = (xff?: string) => new Request('http://x/', { headers: xff ? { 'x-forwarded-for': xff } : {} });

describe('clientIp', () => {
  it('uses the socket address and ignores a forged X-Forwarded-For from the internet', () => {
    expect(clientIp(req('1.2.3.4'), '203.0.113.9')).toBe('203.0.113.9');
  });
  it("behind a local reverse proxy, uses the proxy's (last) X-Forwarded-For entry", () => {
    expect(clientIp(req('6.6.6.6, 198.51.100.7'), '127.0.0.1')).toBe('198.51.100.7');
    expect(clientIp(req(), '::1')).toBe('::1');
  });
});

describe('RateLimiter', () => {
  it('allows max hits per window, then says how long to wait, then resets', () => {
    const limiter = new RateLimiter(2, 60_000);
    expect(limiter.hit('a', 0)).toBe(0);
    expect(limiter.hit('a', 1)).toBe(0);
    expect(limiter.hit('a', 2)).toBe(60);
    expect(limiter.hit('b', 2)).toBe(0);
    expect(limiter.hit('a', 60_001)).toBe(0);
  });
});
