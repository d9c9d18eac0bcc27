// The content version of the page cache, with the sales' clock in it. The shop's prices change when
// a sale starts or ends, a moment at which nothing is written to the database, so the content
// token alone would keep serving the pages of before. The next such moment is read whenever
// the data changes (a sale saved, deleted or edited is a write); once it has passed, the version
// moves on and the next one is read.
import type { ContentVersion } from './page-cache';

export class SaleBoundaries {
  private data: ContentVersion | undefined;
  private next: number | null = null;
  private passed = 0;

  constructor(
    /** The first sale start or end after `now` (ms), or null. */
    private readonly nextAfter: (now: number) => number | null,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The content version with the count of sale boundaries passed since it last changed. */
  version(data: ContentVersion): string {
    const now = this.clock();
    if (data !== this.data) {
      this.data = data;
      this.passed = 0;
      this.next = this.nextAfter(now);
    } else if (this.next !== null && now >= this.next) {
      this.passed++;
      this.next = this.nextAfter(now);
    }
    return `${data}:${this.passed}`;
  }
}
