import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '~/lib/server/config';
import { clientIp, RateLimiter } from '~/lib/server/rate-limit';

const req = (xff?: string) => new Request('http://x/', { headers: xff ? { 'x-forwarded-for': xff } : {} });

const saved = { ...process.env };
const trust = (list: string | undefined) => {
  if (list === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = list;
  resetConfigForTests();
};

beforeEach(() => {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'wicklow-rate-limit-'));
  trust(undefined);
});
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

describe('clientIp', () => {
  it('uses the socket address and ignores a forged X-Forwarded-For from the internet', () => {
    expect(clientIp(req('1.2.3.4'), '203.0.113.9')).toBe('203.0.113.9');
  });

  it('trusts no X-Forwarded-For by default, not even from this machine', () => {
    expect(clientIp(req('6.6.6.6, 198.51.100.7'), '127.0.0.1')).toBe('127.0.0.1');
    expect(clientIp(req('198.51.100.7'), '::1')).toBe('::1');
    expect(clientIp(req('198.51.100.7'), '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientIp(req(), '::1')).toBe('::1');
  });

  it("behind a trusted proxy, uses only the proxy's (last) X-Forwarded-For entry", () => {
    trust('127.0.0.1, ::1');
    expect(clientIp(req('6.6.6.6, 198.51.100.7'), '127.0.0.1')).toBe('198.51.100.7');
    expect(clientIp(req('198.51.100.7'), '::ffff:127.0.0.1')).toBe('198.51.100.7');
    expect(clientIp(req('::ffff:198.51.100.8'), '::1')).toBe('198.51.100.8');
    // Without the header, the proxy's own address.
    expect(clientIp(req(), '127.0.0.1')).toBe('127.0.0.1');
  });

  it('a peer that is not in TRUSTED_PROXIES cannot choose its address with X-Forwarded-For', () => {
    trust('10.0.0.5');
    expect(clientIp(req('198.51.100.7'), '127.0.0.1')).toBe('127.0.0.1');
    expect(clientIp(req('198.51.100.7'), '203.0.113.9')).toBe('203.0.113.9');
  });

  it("never takes Astro's clientAddress for the peer when it is the client's own first X-Forwarded-For entry", () => {
    // Astro's node adapter gives the first X-Forwarded-For entry as clientAddress when the header is
    // present: then the peer is unknown, and every such request shares one address.
    const a = clientIp(req('198.51.100.1'), '198.51.100.1');
    const b = clientIp(req('198.51.100.2, 10.0.0.1'), '198.51.100.2');
    expect(a).toBe(b);
    expect(a).not.toMatch(/198\.51\.100/);
    trust('127.0.0.1');
    expect(clientIp(req('198.51.100.3'), '198.51.100.3')).toBe(a);
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
