// Checkpoints of the WAL on a worker thread of their own, for the connection whose commits are
// grouped (grouped-commits.ts). SQLite otherwise checkpoints inside the commit that takes the WAL
// past 1,000 pages: it copies them into the database file and syncs it, on the event loop, and
// every request in flight waits for that. Here the connection's own checkpoints are turned off
// while a worker runs a PASSIVE checkpoint (which never blocks readers or writers) on a second
// connection after commits, at most every CHECKPOINT_EVERY_MS. If the worker cannot start or stops,
// the connection checkpoints by itself again. Written by hand: better-sqlite3 has no such option.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { getLog } from './log';

const CHECKPOINT_EVERY_MS = 250;
/** SQLite's default: a checkpoint when a commit takes the WAL past this many pages. */
const SQLITE_AUTOCHECKPOINT = 1000;

// CommonJS, evaluated as the worker's whole program; better-sqlite3 is handed over as a path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
parentPort.on('message', () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage(null);
  } catch (err) {
    parentPort.postMessage(String((err && err.message) || err));
  }
});
`;

export interface Checkpointer {
  /** Called after a commit: starts a checkpoint unless one runs or the last was too recent. */
  afterCommit(): void;
}

/** Starts the worker for this connection's database file; null when it cannot be started. */
export function startCheckpointer(sqlite: Database.Database): Checkpointer | null {
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file: sqlite.name, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
  } catch (err) {
    getLog().warn({ err }, 'WAL checkpoints stay in the commits: their worker did not start.');
    return null;
  }
  worker.unref();
  let alive = false;
  let running = false;
  let last = 0;
  worker.once('online', () => {
    if (!sqlite.open) return;
    alive = true;
    sqlite.pragma('wal_autocheckpoint = 0');
  });
  const stopped = (err?: unknown) => {
    if (!alive && err === undefined) return;
    alive = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
    if (err !== undefined)
      getLog().warn({ err }, 'WAL checkpoints are back in the commits: their worker stopped.');
  };
  worker.on('error', (err) => stopped(err));
  worker.on('exit', () => stopped());
  worker.on('message', (failure: string | null) => {
    running = false;
    last = Date.now();
    if (failure)
      getLog().warn(`A WAL checkpoint failed and is tried again after the next commit: ${failure}`);
  });
  return {
    afterCommit() {
      if (!alive || running || Date.now() - last < CHECKPOINT_EVERY_MS) return;
      running = true;
      worker.postMessage(0);
    },
  };
}
