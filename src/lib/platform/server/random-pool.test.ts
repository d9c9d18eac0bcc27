// Pooled random bytes: each call gets bytes of its own, also across the pool's refills.
import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from '~/lib/platform/server/random-pool';

describe('pooledRandomBytes', () => {
  it('hands out fresh bytes of the asked length, never the same twice, across refills', () => {
    const seen = new Set<string>();
    // 17 does not divide 4096, so refills come at every alignment of the pool's end.
    for (let i = 0; i < 2000; i++) {
      const bytes = pooledRandomBytes(17);
      expect(bytes.length).toBe(17);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(2000);
  });
});
