// Random bytes for the short ids made many times a second (request ids, the test-mode PayPal
// fake's ids), drawn from a 4 KiB pool. Written by hand because randomBytes() costs about the
// same for 6 bytes as for 4 KiB, and node:crypto pools only for randomUUID().
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `length` (at most 4096) fresh random bytes; a view into the pool, to be read at once. */
export function pooledRandomBytes(length: number): Buffer {
  if (offset + length > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  offset += length;
  return pool.subarray(offset - length, offset);
}
