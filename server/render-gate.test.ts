import { describe, expect, it } from 'vitest';
import { GateFullError, RenderGate } from './render-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('RenderGate', () => {
  it('runs at most `concurrency` renders at once', async () => {
    const gate = new RenderGate(2);
    const blockers = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const jobs = blockers.map((b) =>
      gate.run('a', async () => {
        running += 1;
        most = Math.max(most, running);
        await b.promise;
        running -= 1;
      }),
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(running).toBe(2);
    for (const b of blockers) b.resolve();
    await Promise.all(jobs);
    expect(most).toBe(2);
    expect(gate.busy).toBe(0);
  });

  it('lets another client through before the rest of a busy client queue', async () => {
    const gate = new RenderGate(1);
    const order: string[] = [];
    const first = deferred();
    const jobs = [gate.run('flood', () => first.promise.then(() => order.push('flood 1')))];
    for (let i = 2; i <= 5; i++) jobs.push(gate.run('flood', async () => order.push(`flood ${i}`)));
    jobs.push(gate.run('visitor', async () => order.push('visitor')));
    first.resolve();
    await Promise.all(jobs);
    expect(order.indexOf('visitor')).toBeLessThanOrEqual(2);
  });

  it('refuses a client with too many renders waiting', async () => {
    const gate = new RenderGate(1, 2);
    const block = deferred();
    const held = gate.run('a', () => block.promise);
    const waiting = [gate.run('a', async () => 1), gate.run('a', async () => 2)];
    await expect(gate.run('a', async () => 3)).rejects.toBeInstanceOf(GateFullError);
    const other = gate.run('b', async () => 'another client may still wait');
    block.resolve();
    await Promise.all([held, ...waiting]);
    await expect(other).resolves.toBe('another client may still wait');
  }, 2000);
});
