// The SQLite database: one connection per process, migrations applied on open.
// Pragmas: WAL for concurrent readers, synchronous=FULL so a paid order
// survives a power cut, foreign keys on, and a busy timeout instead of SQLITE_BUSY errors.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '~db/schema';
import { getConfig } from './config';
import { registerInstance } from './instances';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A transaction handle; services that may run inside one take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where drizzle-kit writes migrations; the server runs from the repository root. */
export function migrationsFolder(): string {
  const fromEnv = process.env.MIGRATIONS_DIR;
  if (fromEnv) return resolve(fromEnv);
  return resolve(process.cwd(), 'db/migrations');
}

export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = withPragmas(new Database(file));
  const folder = migrationsFolder();
  if (!existsSync(join(folder, 'meta/_journal.json'))) {
    throw new Error(`No migrations found in ${folder}; run the server from the repository root.`);
  }
  migrate(db, { migrationsFolder: folder });
  return db;
}

/**
 * The site's pragmas on an open SQLite connection, as drizzle. Also for an in-memory copy of a
 * migrated database (`new Database(buffer)`), which needs no migrations of its own.
 */
export function withPragmas(sqlite: Database.Database): Db {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 32 MB of pages kept in memory (SQLite's default is 2 MB): a shop with years of orders and
  // thousands of photos stays in memory, so a sale's writes do not read their index pages back
  // from the file first.
  sqlite.pragma('cache_size = -32000');
  return drizzle(sqlite, { schema }) as Db;
}

export function databaseFile(dataDir = getConfig().dataDir): string {
  return join(dataDir, 'site.sqlite');
}

// One connection per process: the server is one bundle, so this module exists once.
registerInstance('database', import.meta.url);
let connection: Db | undefined;

export function getDb(): Db {
  connection ??= openDb(databaseFile());
  return connection;
}

export function closeDb(): void {
  connection?.$client.close();
  connection = undefined;
}

export { schema };
