// Limited editions: a photo sold in N copies (1 to 30), counted across every size and frame. A copy
// is one row of edition_copies: held by an unpaid order until `reserved_until` (30 minutes, renewed
// just before PayPal is asked to capture; a card payment's until Stripe has cancelled it, and a
// capture PayPal is reviewing until it is settled), then numbered when the order is paid, in the
// same transaction that marks it paid, with the next number of its photo and a certificate code.
// An unpaid order holds at most MAX_HELD_COPIES of an edition, and so do the orders of one address
// together; the capture holds every copy the order pays for, and a capture PayPal refuses gives
// them back at once. A test order (test mode: nothing paid) numbers no copy and, once "paid", holds
// none.
//
// Never oversold: copies are held in the transaction that stores the order, which counts the copies
// sold and those held by other unpaid orders whose time has not run out; better-sqlite3 runs each
// transaction whole, one at a time, so two buyers cannot both take the last copy. The unique index
// (photo, number) refuses a number given twice, and numbers are given in order, so none is skipped.
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { registerInstance } from '~/lib/platform/server/instances';
import { getLog } from '~/lib/platform/server/log';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { repeatEvery } from '~/lib/platform/server/repeat';
import { newRowId } from '~/lib/platform/server/row-id';
import {
  type EditionState,
  MAX_EDITION_SIZE,
  MAX_HELD_COPIES,
  MIN_EDITION_SIZE,
  RESERVATION_MS,
} from './editions';
import { repriceVariants } from './price-list-repricing.server';

registerInstance('edition holds by address', import.meta.url);

// Plain statements on the connection itself, prepared once: they run on the busy paths (an order
// stored, captured) and inside the caller's transaction, which is the connection's.
type Conn = Db;

function statement(db: Conn, name: string, text: string): Database.Statement {
  return preparedOnce(db, `editions: ${name}`, () => db.$client.prepare(text));
}

/**
 * Whether the hold `copy` (an alias of edition_copies) still runs at @now: its 30 minutes are not
 * up, or its order's money may still come.
 *  - A card payment still open: its form can take the money until the payment is cancelled at
 *    Stripe, which happens once its 30 minutes are up (expireLapsedCardPayments) and may wait while
 *    Stripe cannot be reached.
 *  - A PayPal capture PayPal is reviewing (pending, with its capture id kept): the money may arrive
 *    days later, and the payment check settles the order then.
 * Until then its copies stay held, so a copy the buyer pays for is never sold to someone else.
 */
const holdRuns = (copy: string) =>
  `(${copy}.reserved_until > @now or exists (select 1 from orders o where o.id = ${copy}.order_id
     and o.payment_status = 'pending' and (o.payment_provider = 'stripe' or o.payment_id is not null)))`;

interface EditionRow {
  photoId: string;
  title: string;
  editionSize: number;
  sold: number;
  reserved: number;
}

/**
 * Where the limited editions among these photos stand at `now` (open editions are left out): the
 * copies sold and those held by unpaid orders other than `exceptOrderId` whose time has not run out.
 */
function editionRows(db: Conn, photoIds: readonly string[], now: Date, exceptOrderId = ''): EditionRow[] {
  if (photoIds.length === 0) return [];
  return statement(
    db,
    'states',
    `select p.id as photoId, p.title as title, p.edition_size as editionSize,
       (select count(*) from edition_copies c where c.photo_id = p.id and c.number is not null) as sold,
       (select count(*) from edition_copies c where c.photo_id = p.id and c.number is null
          and ${holdRuns('c')} and c.order_id <> @except) as reserved
     from photos p
     where p.edition_size is not null and p.id in (select value from json_each(@ids))`,
  ).all({
    ids: JSON.stringify([...new Set(photoIds)]),
    now: now.getTime(),
    except: exceptOrderId,
  }) as EditionRow[];
}

const stateOf = (r: EditionRow): EditionState => ({
  editionSize: r.editionSize,
  sold: r.sold,
  reserved: r.reserved,
  left: Math.max(0, r.editionSize - r.sold - r.reserved),
});

/** The state of each limited edition among these photos, by photo id (the shop's cards, the print page). */
export function editionStates(
  db: Conn,
  photoIds: readonly string[],
  now = new Date(),
): Map<string, EditionState> {
  return new Map(editionRows(db, photoIds, now).map((r) => [r.photoId, stateOf(r)]));
}

/** One photo's edition as the owner's control and the print dialog read it; 404 for an unknown photo. */
export interface EditionSummary {
  /** null: an open edition. */
  editionSize: number | null;
  sold: number;
  reserved: number;
  /** null for an open edition. */
  left: number | null;
}

export function editionOf(db: Conn, photoId: string, now = new Date()): EditionSummary {
  const exists = statement(db, 'photo exists', 'select 1 from photos where id = ?').get(photoId);
  if (!exists) throw new HttpError(404, 'That photo was not found.');
  return (
    editionStates(db, [photoId], now).get(photoId) ?? { editionSize: null, sold: 0, reserved: 0, left: null }
  );
}

/**
 * The owner sets a photo's edition: N copies (1 to 30), or null for an open edition. N cannot go
 * below the copies already sold, and an edition with sales cannot go back to open (409 with the reason).
 */
export function setEditionSize(
  db: Db,
  photoId: string,
  editionSize: number | null,
  now = new Date(),
): EditionSummary {
  if (
    editionSize !== null &&
    (!Number.isInteger(editionSize) || editionSize < MIN_EDITION_SIZE || editionSize > MAX_EDITION_SIZE)
  ) {
    throw new HttpError(
      400,
      `An edition must be a whole number of copies from ${MIN_EDITION_SIZE} to ${MAX_EDITION_SIZE}.`,
    );
  }
  return db.transaction(() => {
    editionOf(db, photoId, now);
    const sold = (
      statement(
        db,
        'sold',
        'select count(*) as n from edition_copies where photo_id = ? and number is not null',
      ).get(photoId) as { n: number }
    ).n;
    if (editionSize === null && sold > 0) {
      throw new HttpError(
        409,
        `${copies(sold)} of this edition ${sold === 1 ? 'has' : 'have'} been sold, so it cannot become an open edition again.`,
      );
    }
    if (editionSize !== null && editionSize < sold) {
      throw new HttpError(
        409,
        `${copies(sold)} of this edition ${sold === 1 ? 'has' : 'have'} been sold already, so the edition cannot be smaller than ${sold}.`,
      );
    }
    statement(db, 'set size', 'update photos set edition_size = ?, updated_at = ? where id = ?').run(
      editionSize,
      now.getTime(),
      photoId,
    );
    // An edition's copies cost what its price list says editions cost; an open print, an open print's.
    repriceVariants(db, [photoId]);
    return editionOf(db, photoId, now);
  });
}

const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/** What a buyer reads when an order asks for more copies than are left. */
function tooFewLeft(title: string, left: number): string {
  return left === 0
    ? `“${title}” is sold out. Please remove it from your cart.`
    : `Only ${copies(left)} of “${title}” ${left === 1 ? 'is' : 'are'} left. Please lower the quantity in your cart.`;
}

/** Copies of a photo an order asks for (one line of it). */
type WantedCopies = Pick<EditionLine, 'photoId' | 'quantity'>;

export interface EditionLine {
  orderItemId: string;
  photoId: string;
  /** The photo's edition as the order was priced; the copies are counted again on the photo's current size. */
  editionSize?: number | null;
  quantity: number;
}

/**
 * The limited editions among these lines, and the first of them with fewer copies left than the
 * lines ask for (its title and how many are left), or null.
 */
function shortfall(db: Conn, lines: readonly WantedCopies[], now: Date, orderId: string) {
  const rows = editionRows(
    db,
    lines.map((l) => l.photoId),
    now,
    orderId,
  );
  for (const row of rows) {
    const wanted = lines.filter((l) => l.photoId === row.photoId).reduce((n, l) => n + l.quantity, 0);
    const left = stateOf(row).left;
    if (wanted > left) return { rows, short: { title: row.title, left } };
  }
  return { rows, short: null };
}

/**
 * The cheap check before PayPal is asked to create an order: 409 when an edition in it has fewer
 * copies left than the order asks for. The real guard is reserveEditionCopies, in the transaction
 * that stores the order.
 */
export function assertEditionCopiesLeft(db: Conn, lines: readonly WantedCopies[], now = new Date()): void {
  const { short } = shortfall(db, lines, now, '');
  if (short) throw new HttpError(409, tooFewLeft(short.title, short.left));
}

/**
 * Holds this order's copies until `now` + 30 minutes, in place of any it held before: all of them,
 * or at most `cap(photoId)` of each edition; or, when an edition has fewer copies left than the
 * order asks for, holds nothing and gives the title and how many are left.
 */
function holdCopies(
  db: Conn,
  orderId: string,
  lines: readonly EditionLine[],
  now: Date,
  cap: (photoId: string) => number = () => Number.POSITIVE_INFINITY,
) {
  const found = shortfall(db, lines, now, orderId);
  if (found.short) return found.short;
  releaseEditionHolds(db, orderId);
  const insert = statement(
    db,
    'hold',
    `insert into edition_copies (id, photo_id, order_id, order_item_id, reserved_until)
     values (?, ?, ?, ?, ?)`,
  );
  const setItemSize = statement(db, 'item size', 'update order_items set edition_size = ? where id = ?');
  const until = now.getTime() + RESERVATION_MS;
  for (const row of found.rows) {
    let room = cap(row.photoId);
    for (const line of lines.filter((l) => l.photoId === row.photoId)) {
      const held = Math.max(0, Math.min(line.quantity, room));
      room -= held;
      for (let i = 0; i < held; i++) insert.run(newRowId(), row.photoId, orderId, line.orderItemId, until);
      setItemSize.run(row.editionSize, line.orderItemId);
    }
  }
  return null;
}

/** Gives back every copy an unpaid order holds (its numbered copies stay). */
export function releaseEditionHolds(db: Conn, orderId: string): void {
  statement(db, 'release order', 'delete from edition_copies where order_id = ? and number is null').run(
    orderId,
  );
}

// The unpaid orders each address made, with the time their holds lapse, so that one address holds
// at most MAX_HELD_COPIES of an edition at once. Kept in memory: a hold lives 30 minutes, and a
// restart forgets the addresses as it would a rate limit's counts.
const ordersByAddress = new Map<string, Map<string, number>>();

/** When every address was last swept, in ms. */
let sweptAt = Number.NEGATIVE_INFINITY;
/** How often every address is swept: a sweep costs in proportion to the orders of the last 30 minutes. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Forgets the orders whose hold has lapsed, at most once a minute (or when the clock goes back).
 * A lapsed order left in the map a little longer changes no count: the query that counts what an
 * address holds reads only the holds still running.
 */
function forgetLapsedAddresses(now: Date): void {
  const t = now.getTime();
  if (t >= sweptAt && t - sweptAt < SWEEP_EVERY_MS) return;
  sweptAt = t;
  for (const [address, held] of ordersByAddress) {
    for (const [orderId, until] of held) if (until <= now.getTime()) held.delete(orderId);
    if (held.size === 0) ordersByAddress.delete(address);
  }
}

/** Copies of each edition that this address's unpaid orders hold now, by photo id. */
function heldByAddress(db: Conn, address: string | undefined, now: Date): Map<string, number> {
  const held = address ? ordersByAddress.get(address) : undefined;
  if (!held || held.size === 0) return new Map();
  const rows = statement(
    db,
    'held by orders',
    `select photo_id as photoId, count(*) as n from edition_copies
     where number is null and reserved_until > @now and order_id in (select value from json_each(@ids))
     group by photo_id`,
  ).all({ now: now.getTime(), ids: JSON.stringify([...held.keys()]) }) as { photoId: string; n: number }[];
  return new Map(rows.map((r) => [r.photoId, r.n]));
}

/**
 * Holds the copies of an order's limited editions for 30 minutes: at most MAX_HELD_COPIES of each
 * edition, fewer when the other unpaid orders of the same `address` (the buyer's IP) already hold
 * some. The order is refused (409) only when an edition has fewer copies left than it asks for.
 * Runs INSIDE the transaction that stores the order: a 409 undoes the order with it.
 */
export function reserveEditionCopies(
  db: Conn,
  orderId: string,
  lines: readonly EditionLine[],
  now = new Date(),
  address?: string,
) {
  forgetLapsedAddresses(now);
  const byAddress = heldByAddress(db, address, now);
  const cap = (photoId: string) => MAX_HELD_COPIES - (byAddress.get(photoId) ?? 0);
  const short = holdCopies(db, orderId, lines, now, cap);
  if (short) throw new HttpError(409, tooFewLeft(short.title, short.left));
  if (address) {
    const held = ordersByAddress.get(address) ?? new Map<string, number>();
    held.set(orderId, now.getTime() + RESERVATION_MS);
    ordersByAddress.set(address, held);
  }
}

/** The lines of an order with the photo each print is of (lines whose print was deleted have none). */
function orderLines(db: Conn, orderId: string): EditionLine[] {
  return statement(
    db,
    'order lines',
    `select oi.id as orderItemId, pv.photo_id as photoId, oi.quantity as quantity
     from order_items oi join product_variants pv on pv.id = oi.product_variant_id
     where oi.order_id = ? order by oi.rowid`,
  ).all(orderId) as EditionLine[];
}

/**
 * Just before PayPal is asked to capture: every copy the order pays for is held for 30 minutes (a
 * lapsed or capped hold is renewed or completed while copies remain), or the sentence that refuses
 * the payment when an edition has too few copies left. Runs in the caller's transaction.
 */
export function editionCaptureProblem(db: Conn, orderId: string, now = new Date()): string | null {
  const short = holdCopies(db, orderId, orderLines(db, orderId), now);
  if (!short) return null;
  return short.left === 0
    ? `“${short.title}” sold out while your payment was open, so no payment was taken. Please remove it from your cart.`
    : `Only ${copies(short.left)} of “${short.title}” ${short.left === 1 ? 'is' : 'are'} left now, so no payment was taken. Please lower the quantity in your cart.`;
}

/** 24 characters of lower-case base32 from 15 random bytes (120 bits). */
function certificateCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(15);
  let out = '';
  for (let i = 0; i < bytes.length; i += 5) {
    let chunk = 0n;
    for (let j = 0; j < 5; j++) chunk = (chunk << 8n) | BigInt(bytes[i + j] ?? 0);
    for (let k = 7; k >= 0; k--) out += alphabet[Number((chunk >> BigInt(k * 5)) & 31n)];
  }
  return out;
}

/**
 * Numbers the copies of a paid order, line by line, each with the next number of its photo and a
 * certificate code. Runs INSIDE the transaction that marks the order paid. A copy whose hold was
 * released meanwhile (a payment PayPal settled long after) is taken again if the edition has room;
 * one that no longer fits is left unnumbered and the owner is told in the log, since the buyer paid.
 */
export function numberEditionCopies(db: Conn, orderId: string, now = new Date()): void {
  // A test order took no money: it numbers no copy, and gives back what it held.
  const test = statement(db, 'is test order', 'select test_mode as t from orders where id = ?').get(
    orderId,
  ) as { t: number } | undefined;
  if (test?.t) {
    releaseEditionHolds(db, orderId);
    return;
  }
  const lines = statement(
    db,
    'paid lines',
    `select oi.id as orderItemId, pv.photo_id as photoId, oi.quantity as quantity,
       coalesce(oi.edition_size, p.edition_size) as editionSize, p.title as title
     from order_items oi join product_variants pv on pv.id = oi.product_variant_id
       join photos p on p.id = pv.photo_id
     where oi.order_id = ? and coalesce(oi.edition_size, p.edition_size) is not null
     order by oi.rowid`,
  ).all(orderId) as (EditionLine & { editionSize: number; title: string })[];
  const held = statement(
    db,
    'held of item',
    'select id, number from edition_copies where order_item_id = ? order by created_at, rowid',
  );
  const insert = statement(
    db,
    'take',
    `insert into edition_copies (id, photo_id, order_id, order_item_id, reserved_until)
     values (?, ?, ?, ?, ?)`,
  );
  const last = statement(db, 'last number', 'select max(number) as n from edition_copies where photo_id = ?');
  const give = statement(
    db,
    'give number',
    'update edition_copies set number = ?, sold_at = ?, certificate_code = ? where id = ?',
  );
  const setItemSize = statement(db, 'item size', 'update order_items set edition_size = ? where id = ?');
  for (const line of lines) {
    setItemSize.run(line.editionSize, line.orderItemId);
    const copiesOfLine = held.all(line.orderItemId) as { id: string; number: number | null }[];
    for (let i = copiesOfLine.length; i < line.quantity; i++) {
      const id = newRowId();
      insert.run(id, line.photoId, orderId, line.orderItemId, now.getTime());
      copiesOfLine.push({ id, number: null });
    }
    for (const copy of copiesOfLine) {
      if (copy.number !== null) continue;
      const next = ((last.get(line.photoId) as { n: number | null }).n ?? 0) + 1;
      if (next > line.editionSize) {
        getLog().error(
          `Order ${orderId} was paid for a copy of “${line.title}”, whose edition of ${line.editionSize} is sold out: the copy has no number; refund it or raise the edition.`,
        );
        continue;
      }
      give.run(next, now.getTime(), certificateCode(), copy.id);
    }
  }
}

/**
 * Removes the holds that no longer run (holdRuns), so the shop's pages (kept until the next write)
 * show them free. Those of a payment whose money may still come are left to its end.
 */
export function releaseLapsedHolds(db: Db, now = new Date()): number {
  forgetLapsedAddresses(now);
  return statement(
    db,
    'release lapsed',
    `delete from edition_copies as c where c.number is null and not ${holdRuns('c')}`,
  ).run({ now: now.getTime() }).changes;
}

/** Releases lapsed holds every minute; never keeps the process alive. */
export const startHoldRelease = (db: Db, everyMs = 60_000): (() => void) =>
  repeatEvery(everyMs, 'Releasing lapsed edition holds failed.', () => releaseLapsedHolds(db));

export interface NumberedCopy {
  orderItemId: string;
  number: number;
  editionSize: number;
  certificateCode: string;
}

/** The numbered copies of an order, line by line and in number order (the order dialog, the packing slip). */
export function numberedCopiesOf(db: Conn, orderId: string): NumberedCopy[] {
  return statement(
    db,
    'numbered of order',
    `select c.order_item_id as orderItemId, c.number as number, oi.edition_size as editionSize,
       c.certificate_code as certificateCode
     from edition_copies c join order_items oi on oi.id = c.order_item_id
     where c.order_id = ? and c.number is not null order by oi.rowid, c.number`,
  ).all(orderId) as NumberedCopy[];
}
