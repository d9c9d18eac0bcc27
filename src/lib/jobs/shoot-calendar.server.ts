// The shoot of an accepted quote as a calendar file (.ics, RFC 5545) for both sides: an all-day
// event on the shoot day, "Drone shoot: <title>", at the quote's location, with the photographer's
// name and a link in its description. Its UID is the quote's, so the client's copy and the owner's
// are one event, and a file downloaded again updates it instead of adding a twin. The text is
// written by the `ics` package, which escapes commas, semicolons and new lines; its lines are folded
// again here at 75 octets, as the RFC asks: the package folds at 75 characters, so a line holding
// "Áine" or "Seán" came out longer than that.
import { createEvent } from 'ics';
import { getConfig } from '~/lib/platform/server/config';
import { OWNER_NAME } from '~/lib/site/constants';
import { addDays } from './quote-rules';
import type { QuoteView } from './quote-view.server';

/** RFC 5545 §3.1: a content line longer than 75 octets continues on lines starting with a space. */
const FOLD_OCTETS = 75;

/** Unfolds the text and folds each line again at 75 octets, never inside a character. */
export function foldLines(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let current = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char);
        // The first line may hold 75 octets; the others 74 after their leading space.
        if (octets + size > (parts.length ? FOLD_OCTETS - 1 : FOLD_OCTETS)) {
          parts.push(current);
          current = '';
          octets = 0;
        }
        current += char;
        octets += size;
      }
      parts.push(current);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** The day of a YYYY-MM-DD date as the package takes it. */
const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The calendar file of the quote's shoot, or null when the quote has no shoot day or is not accepted. */
export function shootCalendar(q: QuoteView, link: string): string | null {
  if (q.status !== 'accepted' || !q.shootDate) return null;
  const host = new URL(getConfig().siteUrl).hostname;
  const { error, value } = createEvent({
    productId: `-//${OWNER_NAME}//Drone quotes//EN`,
    uid: `quote-${q.id}@${host}`,
    title: `Drone shoot: ${q.title}`,
    start: dayParts(q.shootDate),
    end: dayParts(addDays(q.shootDate, 1)),
    ...(q.location ? { location: q.location } : {}),
    description: [
      `Drone shoot by ${OWNER_NAME} for ${q.clientName}.`,
      'Flights depend on the weather: the photographer confirms the day before.',
      `The quote: ${link}`,
    ].join('\n'),
    status: 'CONFIRMED',
    busyStatus: 'FREE',
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be written.');
  return foldLines(value);
}
