// The requests being answered, so that a stop (SIGTERM) can let them finish before the database
// closes: an upload, a capture or a save either completes or is cut off at the socket, and its own
// clean-up (removing a partial file, releasing an upload claim) still runs before the process exits.
import type { Server } from 'node:http';

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

/**
 * Resolves once the server has closed (`closed`: its close callback): every connection has ended.
 * A connection kept alive after its last answer would hold that for the keep-alive timeout (65 s),
 * since closing the server cuts only the connections idle at that moment; so the idle ones are
 * closed again every 50 ms, and whatever is left after `ms` is cut.
 */
export async function connectionsClosed(server: Server, closed: Promise<void>, ms = 5_000): Promise<void> {
  let done = false;
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => {
    if (!done) server.closeAllConnections();
  }, ms);
  try {
    await closed;
  } finally {
    done = true;
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
