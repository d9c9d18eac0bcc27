// Visitor numbers without cookies: page views, visitors per day, referring sites, countries and the
// shop's cart events, counted in memory and written to the database every minute or so.
//
// - A visitor is a hash of the day's random salt, the address (an IPv6 client's /64) and the browser's
//   user agent, of which 48 bits are kept. Neither the address nor the user agent is stored; the salt
//   of a day is deleted once the day after it has begun, after which a hash can no longer be linked
//   to anyone.
// - A page counts once a minute at most per address: a flood of requests from one address adds one
//   view a minute, however fast it comes. The limiter holds at most a minute of addresses.
// - Robots (by user agent, through the maintained `isbot` list) and the owner are never counted.
// - Nothing grows without bound: counters are one row per day and figure, the number of distinct
//   pages and referring sites a day is capped (the rest count as "(other)"), the day's visitor
//   hashes are capped, and both hashes and salts are deleted after a day, counters after two years.
//
// Counting happens in memory and reaches the database in one transaction per flush: a write per
// view would cost the request far more than the count itself. The visit tables are the ones the
// page cache's content token ignores (no page shows them), so a flush leaves cached pages cached.
import { hash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { Db, Tx } from '~/lib/platform/server/db';
import { registerInstance } from '~/lib/platform/server/instances';
import { getLog } from '~/lib/platform/server/log';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { irishDay, nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { visitCounts, visitSalts, visitVisitorChunks } from '~db/schema';
import { countryOf } from './country.server';
import { OTHER_KEY, type VisitEvent, type VisitKind } from './report';

registerInstance('visit counter', import.meta.url);

/** One view of a page that the site answered with HTML. */
export interface PageView {
  /** The page's normalised path, without its query. */
  path: string;
  /** The visitor's address as the rate limits key it (an IPv6 client's /64). */
  address: string;
  userAgent: string | null | undefined;
  /** The Referer header as sent, if any. */
  referrer?: string | null;
  /** This site's own host names: a link from one of its pages to another is not a referral. */
  ownHosts: readonly string[];
  /** The request carries the owner's session: the owner's own visits are left out. */
  owner?: boolean;
}

/** A view as queueView takes it: its address is found in the batch, off the request. */
export type QueuedView = Omit<PageView, 'address'> & { address: () => string };

export interface EventInput {
  event: VisitEvent;
  address: string;
  userAgent: string | null | undefined;
  owner?: boolean;
}

/** What became of a view or an event: only 'counted' changed a figure. */
export type Outcome = 'counted' | 'repeat' | 'bot' | 'owner' | 'invalid' | 'flood';

/** A page or event counts again for the same address after this long. */
export const REPEAT_WINDOW_MS = 60_000;
/** Counters are kept this many days, then deleted. */
export const KEEP_COUNTS_DAYS = 731;
/** Distinct keys of a kind counted on one day; the rest are counted under "(other)". */
export const MAX_KEYS: Record<VisitKind, number> = {
  views: 1,
  visitors: 1,
  page: 500,
  referrer: 200,
  country: 300,
  event: 10,
};
/** Visitor hashes kept for one day: past this, new visitors still add views but not visitors. */
export const MAX_VISITORS_PER_DAY = 200_000;
/** A view taken on a request is counted within this long, in one batch with the views around it. */
export const QUEUE_DELAY_MS = 50;
/** Views waiting for their batch; past this (the event loop held up), more are not counted. */
const MAX_QUEUED_VIEWS = 20_000;
/** Addresses + pages the repeat limiter takes in one window; past this, nothing new is counted until the next. */
const MAX_LIMITER_ENTRIES = 100_000;
const LONGEST_PATH = 200;

interface Today {
  day: string;
  /** When the next day begins in Ireland (ms). */
  endsAt: number;
  salt: string;
  seen: Set<number>;
  /** The last row of the day's visitor hashes read or written here (0: none). */
  lastChunk: number;
  /** The keys each kind already has today, for the caps. */
  keys: Map<VisitKind, Set<string>>;
}

interface Pending {
  /** Per kind, the views (or events) counted under each key. */
  counts: Map<VisitKind, Map<string, number>>;
  /** Visitors new today, by their hash. */
  hashes: number[];
}

/** Bytes of the hash kept per visitor: 48 bits, so that 200,000 visitors a day collide about once in 14,000 days. */
const HASH_BYTES = 6;

/** Each base64url character's value, by its character code. */
const BASE64URL = new Uint8Array(128);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].entries()) {
  BASE64URL[c.charCodeAt(0)] = i;
}

/**
 * A visitor of a day: the first 48 bits of sha256 of the day's salt, the address and the user agent.
 * The salt makes the hash this site's and this day's alone, so the site is not hashed in too.
 * crypto.hash: one call, about half the time of createHash().update().digest() for a short text.
 * The digest comes as base64url and its first 8 characters (6 bytes) are read here: asked for as a
 * Buffer, the digest took four times as long, most of it making the Buffer.
 */
export function visitorHash(salt: string, address: string, userAgent: string | null | undefined): number {
  const digest = hash('sha256', `${salt}\n${address}\n${userAgent ?? ''}`, 'base64url');
  let value = 0;
  for (let i = 0; i < (HASH_BYTES * 4) / 3; i++) value = value * 64 + BASE64URL[digest.charCodeAt(i)]!;
  return value;
}

/** Hashes as stored: HASH_BYTES each, one after another. */
export function packHashes(hashes: readonly number[]): Buffer {
  const bytes = Buffer.allocUnsafe(hashes.length * HASH_BYTES);
  for (let i = 0; i < hashes.length; i++) bytes.writeUIntBE(hashes[i]!, i * HASH_BYTES, HASH_BYTES);
  return bytes;
}

export function unpackHashes(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hashes: number[] = [];
  for (let at = 0; at + HASH_BYTES <= buffer.length; at += HASH_BYTES)
    hashes.push(buffer.readUIntBE(at, HASH_BYTES));
  return hashes;
}

/** The day before a day, both YYYY-MM-DD. */
export function previousDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** The day `days` before a day. */
export function daysBefore(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/**
 * The referring site of a view: its host name without "www.", or null for none, for a link from
 * this site itself, or for anything that is not an http(s) address.
 */
export function referrerHost(
  referrer: string | null | undefined,
  ownHosts: readonly string[],
): string | null {
  if (!referrer || referrer.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (ownHosts.some((own) => own.toLowerCase().replace(/:\d+$/, '') === host)) return null;
  const name = host.replace(/^www\./, '');
  return /^[a-z0-9.-]{1,100}$/.test(name) ? name : null;
}

/**
 * referrerHost of each distinct Referer once, for one list of own hosts: most views come from the
 * same few pages and sites.
 */
let referrerMemo: { ownHosts: readonly string[]; hosts: Map<string, string | null> } | undefined;
function referrerHostOnce(referrer: string | null | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  if (referrerMemo?.ownHosts !== ownHosts) referrerMemo = { ownHosts, hosts: new Map() };
  let host = referrerMemo.hosts.get(referrer);
  if (host === undefined) {
    host = referrerHost(referrer, ownHosts);
    if (referrerMemo.hosts.size >= 2000) referrerMemo.hosts.clear();
    referrerMemo.hosts.set(referrer, host);
  }
  return host;
}

/** isbot on each distinct user agent once: the same few browsers ask for nearly every page. */
const botMemo = new Map<string, boolean>();
export function isRobot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  let bot = botMemo.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botMemo.size >= 2000) botMemo.clear();
    botMemo.set(userAgent, bot);
  }
  return bot;
}

export class VisitCounter {
  private today: Today | undefined;
  private readonly pending = new Map<string, Pending>();
  /**
   * When each address + page (or event) was last counted, in two generations of one window each:
   * every window the older is dropped whole, so the limiter holds at most two windows of keys and
   * never walks its entries.
   */
  private recent = new Map<string, number>();
  private older = new Map<string, number>();
  private generationEndsAt = 0;
  /** Views taken by queueView, with when they came, waiting for their batch. */
  private queued: { view: QueuedView; at: number }[] = [];
  private batchTimer: NodeJS.Timeout | undefined;

  /**
   * Takes a view to count within QUEUE_DELAY_MS, in one batch with the views around it. The
   * outcome is the same as view()'s, a moment later. Counted one by one, inside the requests that
   * brought them, views cost about twice as much: each request's own work evicts the counter's
   * code and data (the country database, the hash, the maps) from the processor's caches. The raw
   * address and user agent wait here in memory no longer than the repeat limiter keeps its keys.
   */
  queueView(db: Db, view: QueuedView, now = Date.now()): void {
    if (this.queued.length >= MAX_QUEUED_VIEWS) return;
    this.queued.push({ view, at: now });
    this.batchTimer ??= setTimeout(() => this.countQueued(db), QUEUE_DELAY_MS).unref();
  }

  /** Counts the queued views now (also the first step of every flush). */
  countQueued(db: Db): void {
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    const batch = this.queued;
    this.queued = [];
    for (const { view, at } of batch) {
      try {
        this.view(db, { ...view, address: view.address() }, at);
      } catch (err) {
        getLog().error({ err }, 'A page view could not be counted');
      }
    }
  }

  /** Counts one page view; see Outcome for what happened. */
  view(db: Db, view: PageView, now = Date.now()): Outcome {
    if (view.owner) return 'owner';
    if (!view.path.startsWith('/') || view.path.length > LONGEST_PATH) return 'invalid';
    if (isRobot(view.userAgent)) return 'bot';
    const limited = this.limit(`${view.address}\n${view.path}`, now);
    if (limited) return limited;
    const today = this.dayOf(db, now);
    const pending = this.pendingOf(today.day);
    this.add(today, pending, 'views', '');
    this.add(today, pending, 'page', view.path);
    const from = referrerHostOnce(view.referrer, view.ownHosts);
    if (from) this.add(today, pending, 'referrer', from);
    const visitor = visitorHash(today.salt, view.address, view.userAgent);
    if (!today.seen.has(visitor) && today.seen.size < MAX_VISITORS_PER_DAY) {
      today.seen.add(visitor);
      pending.hashes.push(visitor);
      this.add(today, pending, 'country', countryOf(view.address));
    }
    return 'counted';
  }

  /** Counts one shop event (a print added to the cart), once a minute at most per address. */
  event(db: Db, input: EventInput, now = Date.now()): Outcome {
    if (input.owner) return 'owner';
    if (isRobot(input.userAgent)) return 'bot';
    const limited = this.limit(`${input.address}\n#${input.event}`, now);
    if (limited) return limited;
    const today = this.dayOf(db, now);
    this.add(today, this.pendingOf(today.day), 'event', input.event);
    return 'counted';
  }

  /** Whether anything waits to be written. */
  get hasPending(): boolean {
    return this.pending.size > 0 || this.queued.length > 0;
  }

  /** Writes what was counted since the last flush (queued views included), in one transaction. */
  flush(db: Db): void {
    this.countQueued(db);
    if (this.pending.size === 0) return;
    const batches = [...this.pending];
    this.pending.clear();
    // A prepared statement, not drizzle: a flush writes up to a few hundred counters, and drizzle
    // builds each insert anew.
    const { addCount } = statementsOf(db);
    // Immediate: the write begins with a read of the other server's visitors, and a transaction
    // that has read cannot wait for the write lock (SQLite would refuse it at once if another
    // server wrote in between); taking the lock first makes it wait its turn.
    db.transaction(
      () => {
        for (const [day, { counts, hashes }] of batches) {
          const visitors = this.storeVisitors(db, day, hashes);
          if (visitors > 0) counts.set('visitors', new Map([['', visitors]]));
          for (const [kind, keys] of counts)
            for (const [key, count] of keys) addCount.run(day, kind, key, count);
        }
      },
      { behavior: 'immediate' },
    );
  }

  /**
   * Appends a day's new visitors to its hashes, in one row, and says how many were new. Another
   * process counting the same site (a second server during a restart, say) may have counted some of
   * them since this one last looked: those are left out, and its visitors join this one's.
   */
  private storeVisitors(db: Db, day: string, hashes: number[]): number {
    const today = this.today?.day === day ? this.today : undefined;
    const { since, addChunk } = statementsOf(db);
    let last = today?.lastChunk ?? 0;
    let theirs: Set<number> | undefined;
    for (const row of since.all(day, last) as { id: number; hashes: Uint8Array }[]) {
      theirs ??= new Set();
      for (const h of unpackHashes(row.hashes)) theirs.add(h);
      last = row.id;
    }
    const fresh = theirs ? hashes.filter((h) => !theirs.has(h)) : hashes;
    if (theirs && today) for (const h of theirs) today.seen.add(h);
    if (fresh.length > 0) last = Number(addChunk.run(day, packHashes(fresh)).lastInsertRowid);
    if (today) today.lastChunk = last;
    return fresh.length;
  }

  private limit(key: string, now: number): Outcome | null {
    if (now >= this.generationEndsAt) {
      // A key last counted before the older generation began is more than a window old.
      this.older = now - this.generationEndsAt < REPEAT_WINDOW_MS ? this.recent : new Map();
      this.recent = new Map();
      this.generationEndsAt = now + REPEAT_WINDOW_MS;
    }
    const last = this.recent.get(key) ?? this.older.get(key);
    if (last !== undefined && now - last < REPEAT_WINDOW_MS) return 'repeat';
    if (this.recent.size >= MAX_LIMITER_ENTRIES) return 'flood';
    this.recent.set(key, now);
    return null;
  }

  private pendingOf(day: string): Pending {
    let pending = this.pending.get(day);
    if (!pending) {
      pending = { counts: new Map(), hashes: [] };
      this.pending.set(day, pending);
    }
    return pending;
  }

  private add(today: Today, pending: Pending, kind: VisitKind, key: string): void {
    let keys = today.keys.get(kind);
    if (!keys) {
      keys = new Set();
      today.keys.set(kind, keys);
    }
    let kept = key;
    if (!keys.has(key)) {
      if (keys.size >= MAX_KEYS[kind]) kept = OTHER_KEY;
      keys.add(kept);
    }
    let counts = pending.counts.get(kind);
    if (!counts) {
      counts = new Map();
      pending.counts.set(kind, counts);
    }
    counts.set(kept, (counts.get(kept) ?? 0) + 1);
  }

  /**
   * Today's salt, hashes and keys, read once a day. A new day flushes the old one's counts, makes
   * its own salt, and deletes salts and hashes older than yesterday and counters past their time.
   */
  private dayOf(db: Db, now: number): Today {
    if (this.today && now < this.today.endsAt) return this.today;
    const day = irishDay(new Date(now));
    const endsAt = startOfIrishDay(nextDay(day)).getTime();
    if (this.today?.day === day) {
      this.today.endsAt = endsAt;
      return this.today;
    }
    this.flush(db);
    const salt = openDay(db, day);
    const seen = new Set<number>();
    let lastChunk = 0;
    for (const row of db
      .select({ id: visitVisitorChunks.id, hashes: visitVisitorChunks.hashes })
      .from(visitVisitorChunks)
      .where(eq(visitVisitorChunks.day, day))
      .all()) {
      for (const h of unpackHashes(row.hashes)) seen.add(h);
      lastChunk = Math.max(lastChunk, row.id);
    }
    const keys = new Map<VisitKind, Set<string>>();
    for (const row of db
      .select({ kind: visitCounts.kind, key: visitCounts.key })
      .from(visitCounts)
      .where(eq(visitCounts.day, day))
      .all()) {
      const set = keys.get(row.kind) ?? new Set<string>();
      set.add(row.key);
      keys.set(row.kind, set);
    }
    this.today = { day, endsAt, salt, seen, lastChunk, keys };
    // The limiter's entries of yesterday can still hold; nothing else of yesterday's is needed.
    return this.today;
  }
}

/** The flush's statements, prepared once per connection. */
const statementsOf = (db: Db) => ({
  since: preparedOnce(db, 'visits: visitors since', () =>
    db.$client.prepare('select id, hashes from visit_visitor_chunks where day = ? and id > ? order by id'),
  ),
  addChunk: preparedOnce(db, 'visits: add visitors', () =>
    db.$client.prepare('insert into visit_visitor_chunks (day, hashes) values (?, ?)'),
  ),
  addCount: preparedOnce(db, 'visits: add count', () =>
    db.$client.prepare(
      'insert into visit_counts (day, kind, key, count) values (?, ?, ?, ?) ' +
        'on conflict (day, kind, key) do update set count = count + excluded.count',
    ),
  ),
});

/**
 * The salt of `day` (made when missing), after deleting every salt and visitor hash older than the
 * day before and every counter older than KEEP_COUNTS_DAYS.
 */
export function openDay(db: Db, day: string): string {
  return db.transaction((tx) => {
    pruneVisits(tx, day);
    tx.insert(visitSalts)
      .values({ day, salt: randomBytes(16).toString('base64url') })
      .onConflictDoNothing()
      .run();
    const row = tx.select({ salt: visitSalts.salt }).from(visitSalts).where(eq(visitSalts.day, day)).get();
    if (!row) throw new Error(`The visit salt of ${day} could not be kept.`);
    return row.salt;
  });
}

/** Deletes salts and hashes before the day before `today`, and counters older than KEEP_COUNTS_DAYS. */
export function pruneVisits(db: Db | Tx, today: string): void {
  const yesterday = previousDay(today);
  db.delete(visitSalts).where(lt(visitSalts.day, yesterday)).run();
  db.delete(visitVisitorChunks).where(lt(visitVisitorChunks.day, yesterday)).run();
  db.delete(visitCounts)
    .where(lt(visitCounts.day, daysBefore(today, KEEP_COUNTS_DAYS)))
    .run();
}

/** The process's counter: the front counts pages into it, the events endpoint events. */
export const visitCounter = new VisitCounter();

let timer: NodeJS.Timeout | undefined;

/** Writes the counts every `everyMs`; stopVisitFlusher writes the last ones. */
export function startVisitFlusher(db: Db, everyMs: number): void {
  if (timer) return;
  timer = setInterval(() => {
    try {
      visitCounter.flush(db);
    } catch (err) {
      getLog().error({ err }, 'The visit counts could not be written');
    }
  }, everyMs);
  timer.unref();
}

export function stopVisitFlusher(db: Db): void {
  if (timer) clearInterval(timer);
  timer = undefined;
  try {
    visitCounter.flush(db);
  } catch (err) {
    getLog().error({ err }, 'The visit counts could not be written');
  }
}
