// The buyer's 14 days to withdraw from a purchase of prints, counted in Irish calendar days from the
// day the order was delivered (or, when no delivery was recorded, marked shipped). The right lasts
// to the end of the 14th day after it; until the prints are on their way it is open. A refund is due
// within 14 days of the withdrawal.
import { IRISH_TIME_ZONE, irishDay, nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';

export const WITHDRAWAL_DAYS = 14;
export const REFUND_DAYS = 14;
/** The page of the withdrawal form, linked from the footer, the order page and the buyer's mails. */
export const WITHDRAW_PATH = '/withdraw';

/** The day `days` after a day, both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  let d = day;
  for (let i = 0; i < days; i++) d = nextDay(d);
  return d;
}

export type WithdrawalPeriod = { open: true; lastDay: string | null } | { open: false; lastDay: string };

/**
 * Whether the right may still be used at `now`, from the instant the period started (null: not
 * shipped yet, so open with no last day), and the last day it may be used.
 */
export function withdrawalPeriod(startedAt: Date | null, now: Date): WithdrawalPeriod {
  if (!startedAt) return { open: true, lastDay: null };
  const lastDay = addDays(irishDay(startedAt), WITHDRAWAL_DAYS);
  return now < startOfIrishDay(nextDay(lastDay)) ? { open: true, lastDay } : { open: false, lastDay };
}

/** The last day of the refund of a withdrawal made at `withdrawnAt`, YYYY-MM-DD. */
export function refundBy(withdrawnAt: Date): string {
  return addDays(irishDay(withdrawnAt), REFUND_DAYS);
}

const dayFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: IRISH_TIME_ZONE,
});

/** A day (YYYY-MM-DD) in words: "15 June 2026". */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** An instant as an Irish date and time: "28 November 2026 at 10:05" (Irish time). */
export function formatIrishDateTime(at: Date): string {
  return dateTimeFormat.format(at);
}
