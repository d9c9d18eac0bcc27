// Grouped commits: writes asked for in the same turn of the event loop are committed together, each
// caller gets its own result or its own error (its writes undone, the others kept), a failed commit
// fails the whole group, and a database file keeps synchronous=FULL for every other write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '~/lib/platform/server/db';
import { commitGrouped } from '~/lib/platform/server/grouped-commits';
import { memoryDb } from '~tests/helpers/db';

const FULL = 2;
const dirs: string[] = [];
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.$client.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileDb(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'wicklow-grouped-'));
  dirs.push(dir);
  const db = openDb(join(dir, 'site.sqlite'));
  open.push(db);
  return db;
}

function withTable(db: Db): Db {
  db.$client.exec('create table notes (id integer primary key, text text not null unique)');
  return db;
}

const insert = (db: Db, text: string) => () =>
  db.$client.prepare('insert into notes (text) values (?)').run(text).lastInsertRowid;
const texts = (db: Db) =>
  (db.$client.prepare('select text from notes order by id').all() as { text: string }[]).map((r) => r.text);

describe.each([
  ['in memory', () => withTable(memoryDb())],
  ['in a WAL file', () => withTable(fileDb())],
])('grouped commits %s', (_, make) => {
  it('commits the writes of one turn together and answers each with its own result', async () => {
    const db = make();
    const results = await Promise.all(['a', 'b', 'c'].map((t) => commitGrouped(db, insert(db, t))));
    expect(results).toEqual([1, 2, 3]);
    expect(texts(db)).toEqual(['a', 'b', 'c']);
  });

  it('undoes only the write that threw, and rejects only its caller', async () => {
    const db = make();
    const outcomes = await Promise.allSettled([
      commitGrouped(db, insert(db, 'kept')),
      commitGrouped(db, () => {
        insert(db, 'undone')();
        throw new Error('refused');
      }),
      commitGrouped(db, insert(db, 'kept too')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(texts(db)).toEqual(['kept', 'kept too']);
  });

  it('answers a constraint error to its caller alone', async () => {
    const db = make();
    const outcomes = await Promise.allSettled([
      commitGrouped(db, insert(db, 'same')),
      commitGrouped(db, insert(db, 'same')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(texts(db)).toEqual(['same']);
  });

  it('starts a new group for writes asked for after a commit', async () => {
    const db = make();
    await commitGrouped(db, insert(db, 'first'));
    await commitGrouped(db, insert(db, 'second'));
    expect(texts(db)).toEqual(['first', 'second']);
  });
});

describe('grouped commits in a WAL file', () => {
  it('leaves the connection at synchronous=FULL for every other write', async () => {
    const db = withTable(fileDb());
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(FULL);
    await Promise.all([commitGrouped(db, insert(db, 'a')), commitGrouped(db, insert(db, 'b'))]);
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(FULL);
  });

  it('is read by another connection once answered', async () => {
    const db = withTable(fileDb());
    await commitGrouped(db, insert(db, 'visible'));
    const other = openDb(db.$client.name);
    open.push(other);
    expect(texts(other)).toEqual(['visible']);
  });

  it('answers a write that need not wait for the disk once committed, and the others after the sync', async () => {
    const db = withTable(fileDb());
    const answered: string[] = [];
    await Promise.all([
      commitGrouped(db, insert(db, 'synced')).then(() => answered.push('synced')),
      commitGrouped(db, insert(db, 'early'), { beforeSync: true }).then(() => answered.push('early')),
    ]);
    expect(answered).toEqual(['early', 'synced']);
    expect(texts(db)).toEqual(['synced', 'early']);
  });
});
