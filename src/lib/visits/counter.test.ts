// Visitor numbers without cookies: a view counts once a minute per address and page, a visitor once a
// day through a hash of a daily salt that is deleted after a day, robots and the owner never count,
// and the tables stay small (capped keys, hashes and salts for two days, counters for two years).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '~/lib/platform/server/db';
import { startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { visitCounts, visitSalts, visitVisitorChunks } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makePhoto } from '~tests/helpers/factories';
import {
  daysBefore,
  KEEP_COUNTS_DAYS,
  MAX_KEYS,
  type PageView,
  packHashes,
  QUEUE_DELAY_MS,
  REPEAT_WINDOW_MS,
  referrerHost,
  unpackHashes,
  VisitCounter,
  visitorHash,
} from './counter.server';
import { countryOf } from './country.server';
import { OTHER_KEY } from './report';
import { visitReport } from './report.server';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Midday in Ireland on 10 June 2026. */
const NOON = startOfIrishDay('2026-06-10').getTime() + 12 * 3600_000;
const DAY_MS = 24 * 3600_000;

let db: Db;
let counter: VisitCounter;
beforeEach(() => {
  db = memoryDb();
  counter = new VisitCounter();
});

const view = (overrides: Partial<PageView> = {}): PageView => ({
  path: '/',
  address: '198.51.100.7',
  userAgent: FIREFOX,
  referrer: null,
  ownHosts: ['wicklowlight.ie'],
  ...overrides,
});

/** The stored visitor hashes of each day, as { day: hashes }. */
function hashesByDay(): Record<string, number[]> {
  const days: Record<string, number[]> = {};
  for (const row of db.select().from(visitVisitorChunks).orderBy(visitVisitorChunks.id).all()) {
    days[row.day] = [...(days[row.day] ?? []), ...unpackHashes(row.hashes)];
  }
  return days;
}

/** The stored counters of a day as { 'kind key': count }. */
function countsOf(day: string): Record<string, number> {
  counter.flush(db);
  return Object.fromEntries(
    db
      .select()
      .from(visitCounts)
      .where(eq(visitCounts.day, day))
      .all()
      .map((r) => [`${r.kind} ${r.key}`.trim(), r.count]),
  );
}

describe('counting views', () => {
  it('counts a view, its page, and a new visitor with their country', () => {
    expect(counter.view(db, view({ address: '8.8.8.8' }), NOON)).toBe('counted');
    expect(countsOf('2026-06-10')).toEqual({ views: 1, visitors: 1, 'page /': 1, 'country US': 1 });
  });

  it('counts one visitor for several pages, and another for another browser at the same address', () => {
    counter.view(db, view({ path: '/' }), NOON);
    counter.view(db, view({ path: '/shop' }), NOON + 1000);
    counter.view(db, view({ path: '/drone-services', userAgent: SAFARI }), NOON + 2000);
    const counts = countsOf('2026-06-10');
    expect(counts).toMatchObject({ views: 3, visitors: 2, 'page /': 1, 'page /shop': 1 });
  });

  it('counts queued views in a batch as view() would, by the time they came, and by itself soon after', async () => {
    const queued = (overrides: Partial<PageView> = {}) => {
      const { address, ...rest } = view(overrides);
      return { ...rest, address: () => address };
    };
    counter.queueView(db, queued({ address: '8.8.8.8' }), NOON);
    counter.queueView(db, queued({ address: '8.8.8.8' }), NOON + 1000);
    counter.queueView(db, queued({ address: '8.8.8.8', path: '/shop' }), NOON + 2000);
    // The second view of / came within a minute of the first: a repeat.
    expect(counter.hasPending).toBe(true);
    expect(countsOf('2026-06-10')).toEqual({
      views: 2,
      visitors: 1,
      'page /': 1,
      'page /shop': 1,
      'country US': 1,
    });
    expect(counter.hasPending).toBe(false);
    // Without a flush, the batch is counted within QUEUE_DELAY_MS.
    counter.queueView(db, queued({ address: '9.9.9.9' }), NOON + 3000);
    await new Promise((resolve) => setTimeout(resolve, QUEUE_DELAY_MS + 50));
    expect(counter.view(db, view({ address: '9.9.9.9' }), NOON + 4000)).toBe('repeat');
  });

  it('writes many new visitors in one flush, each once, also when the day is read again', () => {
    const address = (i: number) => `8.8.${i >> 8}.${i & 255}`;
    for (let i = 0; i < 250; i++) counter.view(db, view({ address: address(i) }), NOON + i);
    expect(countsOf('2026-06-10')).toMatchObject({ views: 250, visitors: 250 });
    const stored = () => hashesByDay()['2026-06-10'] ?? [];
    expect(new Set(stored()).size).toBe(250);
    // One row per write of the counts, not one per visitor.
    expect(db.select().from(visitVisitorChunks).all()).toHaveLength(1);
    // A restarted site reads the day's hashes back: the same visitors are not counted again.
    const restarted = new VisitCounter();
    for (let i = 0; i < 300; i++) restarted.view(db, view({ address: address(i) }), NOON + 120_000 + i);
    restarted.flush(db);
    expect(countsOf('2026-06-10')).toMatchObject({ views: 550, visitors: 300 });
    expect(stored()).toHaveLength(300);
  });

  it('counts a flood of views of one page from one address once a minute', () => {
    for (let i = 0; i < 500; i++) counter.view(db, view(), NOON + i * 10);
    expect(counter.view(db, view(), NOON + REPEAT_WINDOW_MS - 1)).toBe('repeat');
    expect(counter.view(db, view(), NOON + REPEAT_WINDOW_MS)).toBe('counted');
    // Another address is another visitor, whatever the first one does.
    expect(counter.view(db, view({ address: '203.0.113.9' }), NOON + 20)).toBe('counted');
    expect(countsOf('2026-06-10')).toMatchObject({ views: 3, visitors: 2, 'page /': 3 });
  });

  it('leaves out robots, browsers that send no user agent, and the owner', () => {
    expect(counter.view(db, view({ userAgent: GOOGLEBOT }), NOON)).toBe('bot');
    expect(counter.view(db, view({ userAgent: 'curl/8.5.0' }), NOON)).toBe('bot');
    expect(counter.view(db, view({ userAgent: undefined }), NOON)).toBe('bot');
    expect(counter.view(db, view({ owner: true }), NOON)).toBe('owner');
    expect(
      counter.event(db, { event: 'cart', address: '198.51.100.7', userAgent: FIREFOX, owner: true }, NOON),
    ).toBe('owner');
    expect(countsOf('2026-06-10')).toEqual({});
  });

  it('counts a referring site by its host, never this site itself', () => {
    counter.view(db, view({ path: '/a', referrer: 'https://www.instagram.com/wicklowlight/?x=1' }), NOON);
    counter.view(db, view({ path: '/b', referrer: 'https://wicklowlight.ie/shop' }), NOON);
    counter.view(db, view({ path: '/c', referrer: 'android-app://com.google.android.gm/' }), NOON);
    expect(countsOf('2026-06-10')).toMatchObject({ 'referrer instagram.com': 1 });
    expect(Object.keys(countsOf('2026-06-10')).filter((k) => k.startsWith('referrer'))).toHaveLength(1);
    expect(referrerHost('http://localhost:4321/', ['localhost:4321'])).toBeNull();
    expect(referrerHost('not a url', [])).toBeNull();
  });

  it('counts a print added to the cart once a minute per address', () => {
    const cart = { event: 'cart' as const, address: '198.51.100.7', userAgent: FIREFOX };
    expect(counter.event(db, cart, NOON)).toBe('counted');
    expect(counter.event(db, cart, NOON + 5000)).toBe('repeat');
    expect(counter.event(db, cart, NOON + REPEAT_WINDOW_MS)).toBe('counted');
    expect(countsOf('2026-06-10')).toEqual({ 'event cart': 2 });
  });
});

describe('the daily salt', () => {
  it('makes the same visitor a new one on the next day, with another salt and another hash', () => {
    counter.view(db, view(), NOON);
    counter.view(db, view(), NOON + DAY_MS);
    counter.flush(db);
    const salts = db.select().from(visitSalts).orderBy(visitSalts.day).all();
    expect(salts.map((s) => s.day)).toEqual(['2026-06-10', '2026-06-11']);
    expect(salts[0]?.salt).not.toBe(salts[1]?.salt);
    const hashes = hashesByDay();
    expect(hashes['2026-06-10']).toHaveLength(1);
    expect(hashes['2026-06-11']).toHaveLength(1);
    expect(hashes['2026-06-10']?.[0]).not.toBe(hashes['2026-06-11']?.[0]);
    expect(countsOf('2026-06-11')).toMatchObject({ views: 1, visitors: 1 });
  });

  it('never stores the address or the user agent', () => {
    counter.view(db, view({ referrer: 'https://example.org/' }), NOON);
    counter.event(db, { event: 'cart', address: '198.51.100.7', userAgent: FIREFOX }, NOON);
    counter.flush(db);
    const everything = JSON.stringify([
      db.select().from(visitSalts).all(),
      db.select().from(visitVisitorChunks).all(),
      db.select().from(visitCounts).all(),
    ]);
    expect(everything).not.toContain('198.51.100');
    expect(everything).not.toContain('Firefox');
  });

  it('recognises a visitor already counted today after a restart (a new counter)', () => {
    counter.view(db, view({ path: '/' }), NOON);
    counter.flush(db);
    const restarted = new VisitCounter();
    restarted.view(db, view({ path: '/shop' }), NOON + 1000);
    restarted.flush(db);
    expect(countsOf('2026-06-10')).toMatchObject({ views: 2, visitors: 1 });
  });

  it('counts a visitor once when two servers count the same site at the same time', () => {
    // Two servers: two connections to one database file, each with its own counter.
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-visits-'));
    const [mine, theirs] = [openDb(join(dir, 'site.sqlite')), openDb(join(dir, 'site.sqlite'))];
    try {
      db = mine;
      const other = new VisitCounter();
      // Both have read the day before either writes.
      counter.view(mine, view({ address: '203.0.113.1' }), NOON);
      other.view(theirs, view({ address: '203.0.113.9', path: '/shop' }), NOON);
      counter.flush(mine);
      other.flush(theirs);
      // The same visitor reaches each server before either has seen the other's count.
      counter.view(mine, view({ address: '203.0.113.5', path: '/a' }), NOON + 1000);
      other.view(theirs, view({ address: '203.0.113.5', path: '/b' }), NOON + 1000);
      counter.flush(mine);
      other.flush(theirs);
      expect(countsOf('2026-06-10')).toMatchObject({ views: 4, visitors: 3 });
      // Each now knows the other's visitors: one first counted by the other is no new visitor here.
      counter.view(mine, view({ address: '203.0.113.9', path: '/c' }), NOON + 2000);
      expect(countsOf('2026-06-10')).toMatchObject({ views: 5, visitors: 3 });
    } finally {
      mine.$client.close();
      theirs.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps 48 bits of each hash, and reads back what it wrote', () => {
    const one = visitorHash('salt', '198.51.100.7', FIREFOX);
    expect(one).toBe(visitorHash('salt', '198.51.100.7', FIREFOX));
    expect(one).not.toBe(visitorHash('another salt', '198.51.100.7', FIREFOX));
    expect(one).not.toBe(visitorHash('salt', '198.51.100.8', FIREFOX));
    expect(Number.isSafeInteger(one) && one >= 0 && one < 2 ** 48).toBe(true);
    const digest = createHash('sha256').update(`salt\n198.51.100.7\n${FIREFOX}`).digest();
    expect(one).toBe(digest.readUIntBE(0, 6));
    const hashes = [0, 1, 2 ** 48 - 1, one];
    expect(unpackHashes(packHashes(hashes))).toEqual(hashes);
  });
});

describe('keeping it small', () => {
  it('deletes salts and visitor hashes once the day after has passed, counters after two years', () => {
    db.insert(visitCounts)
      .values({ day: daysBefore('2026-06-10', KEEP_COUNTS_DAYS + 1), kind: 'views', key: '', count: 4 })
      .run();
    db.insert(visitCounts)
      .values({ day: daysBefore('2026-06-10', 300), kind: 'views', key: '', count: 5 })
      .run();
    counter.view(db, view(), NOON);
    counter.flush(db);
    counter.view(db, view({ path: '/shop' }), NOON + DAY_MS);
    counter.flush(db);
    expect(db.select().from(visitSalts).all()).toHaveLength(2);
    counter.view(db, view({ path: '/drone-services' }), NOON + 2 * DAY_MS);
    counter.flush(db);
    expect(
      db
        .select({ day: visitSalts.day })
        .from(visitSalts)
        .all()
        .map((r) => r.day),
    ).toEqual(['2026-06-11', '2026-06-12']);
    expect(Object.keys(hashesByDay()).sort()).toEqual(['2026-06-11', '2026-06-12']);
    const days = db
      .select({ day: visitCounts.day })
      .from(visitCounts)
      .all()
      .map((r) => r.day);
    expect(days).toContain(daysBefore('2026-06-10', 300));
    expect(days).not.toContain(daysBefore('2026-06-10', KEEP_COUNTS_DAYS + 1));
  });

  it('counts pages past the day cap together as "(other)"', () => {
    for (let i = 0; i < MAX_KEYS.page + 20; i++) counter.view(db, view({ path: `/p${i}` }), NOON);
    const pages = Object.entries(countsOf('2026-06-10')).filter(([k]) => k.startsWith('page '));
    expect(pages).toHaveLength(MAX_KEYS.page + 1);
    expect(Object.fromEntries(pages)[`page ${OTHER_KEY}`]).toBe(20);
  });
});

describe('countries', () => {
  it('are looked up on this machine, and unknown for private and loopback addresses', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('127.0.0.1')).toBe('');
    expect(countryOf('192.168.1.20')).toBe('');
    // The edges of the private and shared ranges, compared as numbers.
    for (const inside of ['10.255.255.255', '100.64.0.1', '100.127.255.255', '172.16.0.1', '172.31.255.255'])
      expect(countryOf(inside), inside).toBe('');
    for (const inside of ['198.18.0.1', '198.19.255.255', '224.0.0.1', '255.255.255.255'])
      expect(countryOf(inside), inside).toBe('');
    for (const outside of ['9.255.255.255', '11.0.0.1', '100.63.255.255', '100.128.0.1', '172.32.0.1'])
      expect(countryOf(outside), outside).toBe('US');
    expect(countryOf('::1')).toBe('');
    expect(countryOf('2001:4860:4860::/64')).toBe('US');
    expect(countryOf('unknown-peer')).toBe('');
  });
});

describe('the report', () => {
  it('is 30 days of zeros, and empty lists, before anyone visits', () => {
    const report = visitReport(db, { counting: true, now: new Date(NOON) });
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)).toEqual({ day: '2026-06-10', visitors: 0, views: 0 });
    expect(report.totals).toEqual({ visitors: 0, views: 0 });
    expect(report.topPages).toEqual([]);
    expect(report.funnel).toEqual({ printViews: 0, carts: 0, paidOrders: 0 });
  });

  it('ranks pages, prints, referrers and countries, and follows print views to carts and paid orders', () => {
    const photo = makePhoto(db, { title: 'Lough Tay at First Light' });
    const print = `/prints/${photo.slug}`;
    counter.view(db, view({ path: print, address: '8.8.8.8' }), NOON - DAY_MS);
    counter.view(db, view({ path: print, referrer: 'https://www.instagram.com/' }), NOON);
    counter.view(db, view({ path: '/', address: '203.0.113.9' }), NOON);
    counter.view(db, view({ path: '/prints/gone-photo', address: '203.0.113.10' }), NOON);
    counter.event(db, { event: 'cart', address: '198.51.100.7', userAgent: FIREFOX }, NOON);
    makeOrder(db, { payment: 'paid', paidAt: new Date(NOON) });
    makeOrder(db, { payment: 'test', paidAt: new Date(NOON) });
    makeOrder(db, { payment: 'paid', paidAt: new Date(NOON - 40 * DAY_MS) });
    counter.flush(db);

    const report = visitReport(db, { counting: true, now: new Date(NOON) });
    expect(report.days.at(-1)).toEqual({ day: '2026-06-10', visitors: 3, views: 3 });
    expect(report.days.at(-2)).toEqual({ day: '2026-06-09', visitors: 1, views: 1 });
    expect(report.totals).toEqual({ visitors: 4, views: 4 });
    expect(report.topPages[0]).toEqual({ key: print, count: 2 });
    expect(report.topPrints).toEqual([
      { slug: photo.slug, title: 'Lough Tay at First Light', views: 2 },
      { slug: 'gone-photo', title: null, views: 1 },
    ]);
    expect(report.referrers).toEqual([{ key: 'instagram.com', count: 1 }]);
    expect(report.countries).toEqual([
      { key: '', count: 3 },
      { key: 'US', count: 1 },
    ]);
    expect(report.funnel).toEqual({ printViews: 3, carts: 1, paidOrders: 1 });
  });
});
