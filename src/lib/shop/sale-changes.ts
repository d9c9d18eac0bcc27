// What a sale's state lets the owner change. The sales kept are the record of the prices prints sold
// at, and a later sale's "was" price is read from them (the lowest price of the 30 days before it
// began, earlier sales included), so what has happened is never rewritten. Apart from price-sales.ts
// so that the shop's pages never carry the owner's rules. Pure: the owner's form and the server share it.
import { PRIOR_PRICE_DAYS, type SaleWindow } from './price-sales';

/** A sale as far as changing it goes: its window, its percentage and its prints. */
export type SaleTerms = Pick<SaleWindow, 'percentOff' | 'startsAt' | 'endsAt'> & {
  allPhotos: boolean;
  photoIds: readonly string[];
};

/** Where a sale stands at `now`: not begun, running, or over. */
export type SaleState = 'planned' | 'running' | 'ended';

export const saleState = (sale: Pick<SaleWindow, 'startsAt' | 'endsAt'>, now: Date): SaleState =>
  now < sale.startsAt ? 'planned' : now < sale.endsAt ? 'running' : 'ended';

/** Why a change of a sale is refused, and the form's field it is about (none for the whole sale). */
export interface SaleChangeRefusal {
  field: 'startsAt' | 'endsAt' | 'percentOff' | 'photoIds' | null;
  message: string;
}

export const ENDED_SALE_WORDS =
  'This sale has ended and can no longer be changed: the prices it gave are the record of what prints sold at. Make a new sale instead.';

const MINUTE_MS = 60 * 1000;
/** The form writes times to the minute: two times in the same minute are the same time. */
const minute = (d: Date) => Math.floor(d.getTime() / MINUTE_MS);

/**
 * Whether `current` may become `next` at `now`: an ended sale stays as it was; a running sale keeps
 * its start, its percentage and its prints, and only its end may change (not into the past); a
 * planned sale may change in full but not start in the past.
 *
 * A running sale's prints are fixed because the sale is the record of what each print was priced
 * at, and when: a print taken out would lose the record that it was on sale (and a later sale's
 * "was" price would then be too high), and a print put in would take its "was" price from the 30
 * days before the sale began rather than before its own reduction. A new sale does both truly.
 */
export function saleChangeRefusal(current: SaleTerms, next: SaleTerms, now: Date): SaleChangeRefusal | null {
  const state = saleState(current, now);
  if (state === 'ended') return { field: null, message: ENDED_SALE_WORDS };
  if (state === 'planned') {
    return minute(next.startsAt) < minute(now)
      ? {
          field: 'startsAt',
          message: 'A sale cannot be moved to start in the past: choose a start from now on.',
        }
      : null;
  }
  if (minute(next.startsAt) !== minute(current.startsAt))
    return {
      field: 'startsAt',
      message: `This sale is running, so its start cannot change: its "was" price is the lowest price of the ${PRIOR_PRICE_DAYS} days before it began.`,
    };
  if (next.percentOff !== current.percentOff)
    return {
      field: 'percentOff',
      message:
        'This sale is running, so its percentage cannot change: prints have been priced at it. End the sale and make a new one instead.',
    };
  if (!samePrints(current, next))
    return {
      field: 'photoIds',
      message:
        'This sale is running, so its prints cannot change: it is the record of what each print was priced at. To put other prints on sale, make a new sale; to take prints out, end this one and make a new sale for the rest.',
    };
  if (next.endsAt.getTime() <= now.getTime())
    return {
      field: 'endsAt',
      message: 'A running sale cannot end in the past: choose an end from now on.',
    };
  return null;
}

const samePrints = (p: SaleTerms, q: SaleTerms) =>
  p.allPhotos === q.allPhotos &&
  (p.allPhotos ||
    (p.photoIds.length === q.photoIds.length && p.photoIds.every((id) => q.photoIds.includes(id))));

/**
 * Why a sale may not be deleted at `now`, or null: only a planned sale may. One that has begun is
 * the record of what prints sold at, and of the "was" price of the sales after it (the lowest of
 * the 30 days before each, earlier sale prices included): deleting it would rewrite both.
 */
export function saleDeleteRefusal(sale: Pick<SaleWindow, 'startsAt' | 'endsAt'>, now: Date): string | null {
  return saleState(sale, now) === 'planned' ? null : BEGUN_SALE_DELETE_WORDS;
}

export const BEGUN_SALE_DELETE_WORDS =
  'A sale that has begun cannot be deleted: it is the record of what prints sold at, and of the "was" price of later sales. To stop a running sale, set its end.';
