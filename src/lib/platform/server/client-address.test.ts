// The front keys the render queue's turns with clientAddress, from node's raw header value: the
// same visitor as the rate limits see, also when node hands repeated headers over as a list.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { clientAddress, clientIpFromPeer } from '~/lib/platform/server/http/rate-limit';

const saved = { ...process.env };
beforeEach(() => {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'wicklow-client-address-'));
  process.env.TRUSTED_PROXIES = '127.0.0.1';
  resetConfigForTests();
});
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

describe('clientAddress', () => {
  it('behind a trusted proxy, is the last X-Forwarded-For entry, as clientIpFromPeer says', () => {
    const header = '6.6.6.6, 198.51.100.7';
    expect(clientAddress(header, '127.0.0.1')).toBe('198.51.100.7');
    expect(clientAddress(header, '::ffff:127.0.0.1')).toBe('198.51.100.7');
    const request = new Request('http://x/', { headers: { 'x-forwarded-for': header } });
    expect(clientIpFromPeer(request, '127.0.0.1')).toBe(clientAddress(header, '127.0.0.1'));
  });

  it('reads the last entry of repeated headers', () => {
    expect(clientAddress(['6.6.6.6', '198.51.100.9'], '127.0.0.1')).toBe('198.51.100.9');
  });

  it('is the socket peer for a peer that is no trusted proxy, a missing header or a garbled one', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress(undefined, '127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress('not an address', '127.0.0.1')).toBe('127.0.0.1');
  });
});
