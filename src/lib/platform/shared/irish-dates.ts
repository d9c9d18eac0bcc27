// Calendar days as the shop keeps them: in Irish time (Europe/Dublin, with its summer hour). A day
// typed by the owner ("2026-09-30") starts at that day's midnight in Ireland, whatever the server's
// own time zone is.

export const IRISH_TIME_ZONE = 'Europe/Dublin';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Made on first use: a page that only imports this module (a form's schema) does not pay for the
// browser's first Intl formatter, which loads its locale data (20 to 70 ms of main thread).
let partsFormat: Intl.DateTimeFormat | undefined;
const parts = () =>
  (partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: IRISH_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

function wallClock(at: number): { y: number; m: number; d: number; utcMs: number } {
  const p = Object.fromEntries(
    parts()
      .formatToParts(new Date(at))
      .map((x) => [x.type, Number(x.value)]),
  );
  const y = p.year ?? 0;
  const m = p.month ?? 1;
  const d = p.day ?? 1;
  return { y, m, d, utcMs: Date.UTC(y, m - 1, d, p.hour ?? 0, p.minute ?? 0, p.second ?? 0) };
}

/** Whether `text` is a real day written YYYY-MM-DD (no 31 April, no 29 February of 2026). */
export function isCalendarDate(text: string): boolean {
  const m = CALENDAR_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && y >= 1970;
}

/** The instant a day (YYYY-MM-DD, checked by isCalendarDate) begins in Ireland. */
export function startOfIrishDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Ireland is UTC+0 or UTC+1, and changes at 01:00 UTC, so midnight always exists there: two
  // rounds find the offset that holds at that midnight.
  let at = midnightUtc;
  for (let i = 0; i < 2; i++) at = midnightUtc - (wallClock(at).utcMs - at);
  return new Date(at);
}

/** The day after a day, both YYYY-MM-DD. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The day an instant falls on in Ireland, YYYY-MM-DD. */
export function irishDay(at: Date): string {
  const { y, m, d } = wallClock(at.getTime());
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a date and time on an Irish clock ("2026-12-01T09:00", as a datetime-local field
 * writes it) names, or null when it is not one. In the hour the clocks go back it is the first of
 * the two; in the hour they skip, that time on the clock of an hour before.
 */
export function irishDateTime(text: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m || !isCalendarDate(m[1] as string)) return null;
  const [hour, minute] = [Number(m[2]), Number(m[3])];
  if (hour > 23 || minute > 59) return null;
  const [y, mo, d] = (m[1] as string).split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, hour, minute);
  let at = wall - 60 * 60 * 1000;
  for (let i = 0; i < 2; i++) at = wall - (wallClock(at).utcMs - at);
  return new Date(at);
}

/** An instant on the Irish clock, as a datetime-local field shows it: "2026-12-01T09:00". */
export function irishDateTimeText(at: Date): string {
  const p = Object.fromEntries(
    parts()
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${irishDay(at)}T${p.hour}:${p.minute}`;
}
