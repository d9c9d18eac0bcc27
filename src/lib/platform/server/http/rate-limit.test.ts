import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { rateLimitKey } from '~/lib/platform/server/http/ip';
import { clientIp, clientIpFromPeer, RateLimiter } from '~/lib/platform/server/http/rate-limit';

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
    expect(clientIp(req('198.51.100.7'), '::1')).toBe('::/64');
    expect(clientIp(req('198.51.100.7'), '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientIp(req(), '::1')).toBe('::/64');
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

describe('rateLimitKey', () => {
  it('keys an IPv6 client by its /64, in one spelling whichever way the address is written', () => {
    const spellings = [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:0:0:0:1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:abcd::17%eth0',
      ' 2001:DB8:1:2::9 ',
      '2001:db8:1:2::10.0.0.1',
    ];
    for (const address of spellings) expect(rateLimitKey(address), address).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(rateLimitKey('2001:0:0:0:1::')).toBe('2001::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe(rateLimitKey('FE80::2%wlan0'));
  });

  it('keeps IPv4 and IPv4-mapped IPv6 per address', () => {
    expect(rateLimitKey('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitKey('198.51.100.8')).toBe('198.51.100.8');
    expect(rateLimitKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitKey('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(rateLimitKey('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('is what the limits count by, from the socket or from a trusted proxy', () => {
    expect(clientIpFromPeer(req(), '2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientIpFromPeer(req(), '2001:db8:1:2:dead:beef:0:1')).toBe('2001:db8:1:2::/64');
    expect(clientIpFromPeer(req(), '::ffff:198.51.100.7')).toBe('198.51.100.7');
    trust('127.0.0.1');
    expect(clientIpFromPeer(req('2001:DB8:7::1'), '127.0.0.1')).toBe('2001:db8:7::/64');
    expect(clientIpFromPeer(req('198.51.100.9'), '127.0.0.1')).toBe('198.51.100.9');
  });

  it('so an IPv6 client cannot step past a limit by changing the address inside its /64', () => {
    const limiter = new RateLimiter(2, 60_000);
    const hits = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3'].map((a) =>
      limiter.hit(clientIpFromPeer(req(), a), 0),
    );
    expect(hits).toEqual([0, 0, 60]);
    expect(limiter.hit(clientIpFromPeer(req(), '2001:db8:1:3::1'), 0)).toBe(0);
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
