// Real SQLite databases for tests, with every migration applied: one in memory for unit tests, and
// the file of a running server (integration tests seed it through the factories, then close it).
import { join } from 'node:path';
import { type Db, openDb } from '~/lib/platform/server/db';

export function memoryDb() {
  return openDb(':memory:');
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
