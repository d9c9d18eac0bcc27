// Group commit for writes that must be on disk before their request is answered (an order stored, a
// buyer recorded before PayPal is asked, a payment settled with its mails, a mail marked sent).
//
// With synchronous=FULL every commit waits for the disk (an fsync of the WAL), and better-sqlite3
// waits on the event loop, so N buyers paying at once stalled every request N times. Here a write
// waits at most one turn of the event loop and is committed in one transaction with the writes that
// came meanwhile, and the disk wait of that commit is taken off the event loop: the transaction
// commits with synchronous=NORMAL (SQLite writes the WAL but does not sync it) and the WAL file is
// then synced on libuv's thread pool (fsync, as SQLite itself syncs it). Each caller is
// answered only once that sync is done, so what it was told is stored survives a power cut exactly
// as with FULL; a later sync covers every earlier commit too, since the WAL is written in order.
// Nothing else sees the setting: it is switched back to FULL in the same synchronous step, before
// any other code runs. Each write runs in a savepoint of its own: one that throws is undone alone
// and its caller gets the error; the others still commit.
// Written by hand: neither better-sqlite3 nor drizzle groups commits or syncs off the event loop.
import { fsync, openSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Db } from './db';
import { registerInstance } from './instances';

registerInstance('grouped commits', import.meta.url);

interface Waiting {
  work: () => unknown;
  /** Answered as soon as SQLite has committed, without waiting for the disk sync. */
  beforeSync: boolean;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface GroupedCommitOptions {
  /**
   * Resolve once the write is committed (every reader sees it, a crash of the process keeps it),
   * without waiting for the disk sync that makes it survive a power cut; the sync still follows.
   * Only for a write that the site can rebuild from elsewhere after a power cut.
   */
  beforeSync?: boolean;
}

/** The writes waiting for the next commit, per connection (tests open several in-memory ones). */
const waiting = new Map<Db, Waiting[]>();

/**
 * Runs `work` (synchronous; it writes through `db`) in the next group commit and resolves with its
 * result once that commit is durable, or rejects with what `work` threw (its writes undone) or with
 * the commit's own error (then nothing of the group was written).
 */
export function commitGrouped<T>(db: Db, work: () => T, options: GroupedCommitOptions = {}): Promise<T> {
  let group = waiting.get(db);
  if (!group) {
    group = [];
    waiting.set(db, group);
    setImmediate(() => commitGroup(db));
  }
  const queue = group;
  return new Promise<T>((resolve, reject) => {
    queue.push({
      work,
      beforeSync: options.beforeSync === true,
      resolve: resolve as (value: unknown) => void,
      reject,
    });
  });
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

function commitGroup(db: Db): void {
  const group = waiting.get(db) ?? [];
  waiting.delete(db);
  const sqlite = db.$client;
  const wal = walOf(sqlite);
  const outcomes: Outcome[] = [];
  try {
    if (wal) wal.normal.run();
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
    } finally {
      if (wal) wal.full.run();
    }
  } catch (err) {
    for (const w of group) w.reject(err);
    return;
  }
  const answers = group.map((w, i) => ({ w, outcome: outcomes[i] as Outcome }));
  const answer = (who: typeof answers, synced: NodeJS.ErrnoException | null) => {
    for (const { w, outcome } of who) {
      if (synced) w.reject(synced);
      else if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.err);
    }
  };
  if (!wal) {
    answer(answers, null);
    return;
  }
  answer(
    answers.filter((a) => a.w.beforeSync),
    null,
  );
  const afterSync = answers.filter((a) => !a.w.beforeSync);
  syncWal(wal, (err) => answer(afterSync, err));
}

/**
 * Syncs the WAL for a group that has just committed. One sync runs at a time: groups that commit
 * while it runs wait for the next one, which starts after their writes and so covers them all.
 */
function syncWal(wal: Wal, done: (err: NodeJS.ErrnoException | null) => void): void {
  wal.waiting.push(done);
  if (!wal.syncing) startSync(wal);
}

function startSync(wal: Wal): void {
  const covered = wal.waiting;
  wal.waiting = [];
  wal.syncing = true;
  fsync(wal.fd, (err) => {
    wal.syncing = false;
    for (const done of covered) done(err);
    if (wal.waiting.length) startSync(wal);
  });
}

interface Wal {
  fd: number;
  normal: Database.Statement;
  full: Database.Statement;
  /** A sync is running; `waiting` are the groups committed since it started. */
  syncing: boolean;
  waiting: ((err: NodeJS.ErrnoException | null) => void)[];
}

/**
 * The WAL file of a connection in WAL mode on disk with synchronous=FULL, or null (an in-memory
 * database, another journal mode or setting, a WAL file that cannot be opened): then a group
 * simply commits with the connection's own setting, on the event loop.
 */
const wals = new WeakMap<Database.Database, Wal | null>();

function walOf(sqlite: Database.Database): Wal | null {
  let wal = wals.get(sqlite);
  if (wal !== undefined) return wal;
  wal = null;
  try {
    const full = 2;
    if (
      !sqlite.memory &&
      sqlite.pragma('journal_mode', { simple: true }) === 'wal' &&
      sqlite.pragma('synchronous', { simple: true }) === full
    ) {
      // Reading the schema opens the WAL file (SQLite keeps it while the connection is open).
      sqlite.prepare('select count(*) from sqlite_master').get();
      wal = {
        fd: openSync(`${sqlite.name}-wal`, 'r'),
        normal: sqlite.prepare('pragma synchronous = NORMAL'),
        full: sqlite.prepare('pragma synchronous = FULL'),
        syncing: false,
        waiting: [],
      };
    }
  } catch {
    wal = null;
  }
  wals.set(sqlite, wal);
  return wal;
}
