// The page cache's version moves on when a sale starts or ends, with no write to the database.
import { describe, expect, it } from 'vitest';
import { SaleBoundaries } from './sale-boundaries';

describe('the sales clock of the page cache', () => {
  it('changes the version at each sale boundary and on every write, and not otherwise', () => {
    let now = 1000;
    const boundaries = [2000, 5000];
    let reads = 0;
    const clock = new SaleBoundaries(
      (t) => {
        reads++;
        return boundaries.find((b) => b > t) ?? null;
      },
      () => now,
    );
    const first = clock.version(7);
    now = 1999;
    expect(clock.version(7)).toBe(first);
    now = 2000; // the sale starts
    const started = clock.version(7);
    expect(started).not.toBe(first);
    now = 4000;
    expect(clock.version(7)).toBe(started);
    expect(clock.version(8)).not.toBe(started); // a write
    now = 6000; // the sale ends
    const ended = clock.version(8);
    expect(ended).not.toBe(clock.version(9));
    expect(reads).toBe(5);
  });
});
