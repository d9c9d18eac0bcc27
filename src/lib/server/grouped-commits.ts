// Group commit for writes that must be on disk before their request is answered (an order stored, a
// buyer recorded before PayPal is asked, a payment settled with its mails, a mail marked sent).
// With synchronous=FULL every commit waits for the disk, and better-sqlite3 waits on the event loop,
// so N buyers paying at once used to stall every request N times. Here a write waits at most one
// turn of the event loop and is committed in one transaction with the writes that came meanwhile:
// one disk wait for all of them, and each caller is answered only after that commit.
// Each write runs in a savepoint of its own: one that throws is undone alone and its caller gets the
// error; the others still commit. Written by hand: neither better-sqlite3 nor drizzle groups commits.
import type { Db } from './db';
import { registerInstance } from './instances';

registerInstance('grouped commits', import.meta.url);

interface Waiting {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** The writes waiting for the next commit, per connection (tests open several in-memory ones). */
const waiting = new Map<Db, Waiting[]>();

/**
 * Runs `work` (synchronous; it writes through `db`) in the next group commit and resolves with its
 * result once that commit is durable, or rejects with what `work` threw (its writes undone) or with
 * the commit's own error (then nothing of the group was written).
 */
export function commitGrouped<T>(db: Db, work: () => T): Promise<T> {
  let group = waiting.get(db);
  if (!group) {
    group = [];
    waiting.set(db, group);
    setImmediate(() => commitGroup(db));
  }
  const queue = group;
  return new Promise<T>((resolve, reject) => {
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

function commitGroup(db: Db): void {
  const group = waiting.get(db) ?? [];
  waiting.delete(db);
  const sqlite = db.$client;
  const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
  try {
    // IMMEDIATE takes the write lock first, so another process's writer makes this wait
    // (busy_timeout) rather than fail half-way; nested transaction functions are savepoints.
    sqlite
      .transaction(() => {
        for (const { work } of group) {
          try {
            outcomes.push({ ok: true, value: sqlite.transaction(work)() });
          } catch (err) {
            outcomes.push({ ok: false, err });
          }
        }
      })
      .immediate();
  } catch (err) {
    for (const w of group) w.reject(err);
    return;
  }
  group.forEach((w, i) => {
    const outcome = outcomes[i] as (typeof outcomes)[number];
    if (outcome.ok) w.resolve(outcome.value);
    else w.reject(outcome.err);
  });
}
