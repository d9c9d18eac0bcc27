// Statements of the busy paths (an order created, captured, its mails queued and sent), prepared once
// per connection (shared by its transactions). drizzle builds a query's SQL text anew at every call by walking the schema objects,
// which costs several times what SQLite takes to run such a query; a prepared query (drizzle's own
// `.prepare()` with `sql.placeholder`) builds it once. A column filled by a function at insert or
// update time (ids, updatedAt) must then be a placeholder too, or it would keep its first value.
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './db';

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * What a statement is kept by: the connection's drizzle session, which a database handle and every
 * transaction handle opened on it share (a statement prepared through either runs on the one
 * connection, inside whatever transaction is open there). Without it, the handle itself.
 */
const connectionOf = (db: Db | Tx): object => (db as unknown as { session?: object }).session ?? db;

/** The statement `name` of this connection, built by `build` on first use. */
export function preparedOnce<T>(db: Db | Tx, name: string, build: () => T): T {
  const connection = connectionOf(db);
  let statements = built.get(connection);
  if (!statements) {
    statements = new Map();
    built.set(connection, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A placeholder for `.set()` of a prepared update (whose types take no bare placeholder), encoded
 * as `column` encodes its values: a Date becomes milliseconds for a timestamp_ms column.
 */
export function placeholderFor(name: string, column: Column): SQL {
  return sql`${sql.param(sql.placeholder(name), column)}`;
}
