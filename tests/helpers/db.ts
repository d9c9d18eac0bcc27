// Real SQLite databases for tests, with every migration applied: one in memory for unit tests, and
// the file of a running server (integration tests seed it through the factories, then close it).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type Db, openDb, withPragmas } from '~/lib/platform/server/db';

/** The bytes of a database with every migration applied, made once per test process. */
let migrated: Buffer | undefined;

/**
 * A fresh in-memory database with every migration applied: a copy of one migrated once per test
 * process, as running the migrations for each test took about 50 ms of the unit tests' time.
 */
export function memoryDb(): Db {
  migrated ??= openDb(':memory:').$client.serialize();
  return withPragmas(new Database(migrated));
}

/** Opens the database of the server using `dataDir`, runs `fn` on it, and closes it again. */
export function withSiteDb<T>(dataDir: string, fn: (db: Db) => T): T {
  const db = openDb(join(dataDir, 'site.sqlite'));
  try {
    return fn(db);
  } finally {
    db.$client.close();
  }
}
