// Renders of pages that the cache cannot answer take turns: one at a time by default, and the
// waiting ones are served one client at a time in rotation, so one client sending many new
// addresses waits behind its own requests while everyone else's still get through. Cached pages,
// assets and media never wait here.
//
// One at a time, because a render is CPU work on the one JavaScript thread (SQLite reads are
// synchronous): two renders at once only interleave their promise chains, and promise chains run
// before any waiting I/O, so a cached page would wait for both. Before each render the gate
// yields to the event loop once, so the requests that arrived meanwhile are answered first.
//
// Written by hand: it is a small fair semaphore, and the queue libraries found (p-limit,
// p-queue) have no notion of taking turns between clients.

export class GateFullError extends Error {
  readonly code = 'GATE_FULL';
}

export class RenderGate {
  private running = 0;
  /** Waiting renders per client; Map order is the rotation (a served client goes to the back). */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(
    private readonly concurrency = 1,
    private readonly maxWaitingPerClient = 32,
  ) {}

  async run<T>(client: string, render: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else {
      const queue = this.waiting.get(client) ?? [];
      if (queue.length >= this.maxWaitingPerClient) throw new GateFullError('Too many requests at once.');
      // The slot is handed over by release(): `running` already counts this render.
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        this.waiting.set(client, queue);
      });
    }
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await render();
    } finally {
      this.release();
    }
  }

  get busy(): number {
    return this.running;
  }

  private release(): void {
    const next = this.waiting.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [client, queue] = next.value;
    const resolve = queue.shift() as () => void;
    this.waiting.delete(client);
    if (queue.length > 0) this.waiting.set(client, queue);
    resolve();
  }
}
