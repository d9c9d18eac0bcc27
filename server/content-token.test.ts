// The content token the page cache is keyed by: every table a page can show has the triggers that
// renew it, so a table added (or rebuilt, which drops its triggers) by a later migration without them
// fails here; the visit counts, written every minute and shown on no page, leave it alone.
import { describe, expect, it } from 'vitest';
import { VisitCounter } from '~/lib/visits/counter.server';
import { memoryDb } from '../tests/helpers/db';
import { makePhoto } from '../tests/helpers/factories';

/** Tables no page shows, whose writes must not empty the page cache. */
const UNSHOWN = ['visit_counts', 'visit_salts', 'visit_visitor_chunks'];
/** Drizzle's own bookkeeping and the token itself. */
const BOOKKEEPING = ['__drizzle_migrations', 'content_changes'];

const tokenOf = (db: ReturnType<typeof memoryDb>) =>
  db.$client.prepare('SELECT token FROM content_changes WHERE id = 1').pluck().get() as string;

describe('the content token', () => {
  it('is renewed by triggers on every table but the visit tables', () => {
    const db = memoryDb();
    const tables = db.$client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    const triggers = new Set(
      db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[],
    );
    const missing = tables
      .filter((t) => !UNSHOWN.includes(t) && !BOOKKEEPING.includes(t))
      .flatMap((t) => ['insert', 'update', 'delete'].map((op) => `content_changed_after_${op}_on_${t}`))
      .filter((name) => !triggers.has(name));
    expect(
      missing,
      'add these triggers in the migration that creates or rebuilds the table (see 0045_content_changes.sql)',
    ).toEqual([]);
    expect(tables.length).toBeGreaterThan(40);
    for (const t of UNSHOWN) expect(tables).toContain(t);
  });

  it('changes on a write a page shows, and not on the visit counts', () => {
    const db = memoryDb();
    const first = tokenOf(db);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    const photo = makePhoto(db);
    const afterPhoto = tokenOf(db);
    expect(afterPhoto).not.toBe(first);

    const counter = new VisitCounter();
    const now = Date.parse('2026-12-01T12:00:00Z');
    for (let i = 0; i < 5; i++) {
      counter.view(
        db,
        { path: '/', address: `10.0.0.${i}`, userAgent: 'Mozilla/5.0 Firefox/130.0', ownHosts: ['x.ie'] },
        now,
      );
    }
    counter.flush(db);
    const counted = db.$client
      .prepare('SELECT sum(length(hashes)) / 6 FROM visit_visitor_chunks')
      .pluck()
      .get();
    expect(counted).toBe(5);
    expect(tokenOf(db)).toBe(afterPhoto);

    db.$client.prepare('UPDATE photos SET title = ? WHERE id = ?').run('Lough Tay in mist', photo.id);
    expect(tokenOf(db)).not.toBe(afterPhoto);
  });
});
