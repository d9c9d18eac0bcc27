// The requests being answered, so that a stop (SIGTERM) can let them finish before the database
// closes: an upload, a capture or a save either completes or is cut off at the socket, and its own
// clean-up (removing a partial file, releasing an upload claim) still runs before the process exits.
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  get size(): number {
    return this.running.size;
  }

  track(work: Promise<unknown>): void {
    const settled = work.catch(() => undefined);
    this.running.add(settled);
    settled.finally(() => this.running.delete(settled));
  }

  /** Resolves when every tracked request has settled, or after `ms` at most; true if all did. */
  async settle(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
      timer.unref();
    });
    const all = (async () => {
      while (this.running.size > 0) await Promise.allSettled([...this.running]);
      return true as const;
    })();
    try {
      return await Promise.race([all, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
