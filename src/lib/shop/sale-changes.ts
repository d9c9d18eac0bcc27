// What a sale's state lets the owner change. The sales kept are the record of the prices prints sold
// at, and a later sale's "was" price is read from them (the lowest price of the 30 days before it
// began, earlier sales included), so what has happened is never rewritten. Apart from price-sales.ts
// so that the shop's pages never carry the owner's rules. Pure: the owner's form and the server share it.
import { PRIOR_PRICE_DAYS, type SaleWindow } from './price-sales';

/** Where a sale stands at `now`: not begun, running, or over. */
export type SaleState = 'planned' | 'running' | 'ended';

export const saleState = (sale: Pick<SaleWindow, 'startsAt' | 'endsAt'>, now: Date): SaleState =>
  now < sale.startsAt ? 'planned' : now < sale.endsAt ? 'running' : 'ended';

/** Why a change of a sale is refused, and the form's field it is about (none for the whole sale). */
export interface SaleChangeRefusal {
  field: 'startsAt' | 'endsAt' | 'percentOff' | null;
  message: string;
}

export const ENDED_SALE_WORDS =
  'This sale has ended and can no longer be changed: the prices it gave are the record of what prints sold at. Make a new sale instead.';

const MINUTE_MS = 60 * 1000;
/** The form writes times to the minute: two times in the same minute are the same time. */
const minute = (d: Date) => Math.floor(d.getTime() / MINUTE_MS);

/**
 * Whether `current` may become `next` at `now`: an ended sale stays as it was; a running sale keeps its start and its percentage (its end and its prints may change, its
 * end not into the past); a planned sale may change in full but not start in the past.
 */
export function saleChangeRefusal(
  current: Pick<SaleWindow, 'percentOff' | 'startsAt' | 'endsAt'>,
  next: Pick<SaleWindow, 'percentOff' | 'startsAt' | 'endsAt'>,
  now: Date,
): SaleChangeRefusal | null {
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
  if (next.endsAt.getTime() <= now.getTime())
    return {
      field: 'endsAt',
      message: 'A running sale cannot end in the past: choose an end from now on, or delete the sale.',
    };
  return null;
}
