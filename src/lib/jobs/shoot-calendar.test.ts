// The shoot's calendar file: an all-day event on the shoot day with a UID fixed by the quote, the
// summary, location and description escaped and folded as RFC 5545 asks; none before acceptance or
// without a shoot day.
import { describe, expect, it } from 'vitest';
import { acceptQuote } from '~/lib/jobs/quote-client.server';
import { getQuote } from '~/lib/jobs/quotes.server';
import { shootCalendar } from '~/lib/jobs/shoot-calendar.server';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeSentQuote } from '~tests/helpers/quote-factories';

tempDataDir('shoot-calendar');
const DAY3 = new Date('2026-12-03T10:00:00Z');
const LINK = 'https://example.ie/quote/abc';

/** The file's lines with RFC 5545 folding undone (a CRLF and one space continue a line). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('the shoot’s calendar file', () => {
  it('is an all-day event on the shoot day, the same UID every time, escaped and folded', () => {
    const db = memoryDb();
    const { quote, token } = makeSentQuote(
      db,
      {
        title: 'Aerial photos of a farm; barns, fields and the river',
        location: 'Aughrim, Co. Wicklow',
        shootDate: '2026-12-10',
      },
      DAY3,
    );
    expect(shootCalendar(getQuote(db, quote.id, DAY3), LINK)).toBeNull();
    acceptQuote(
      db,
      token,
      { name: 'Áine Byrne', acceptTerms: true, totalCents: quote.totals.grossCents },
      {
        ip: '203.0.113.7',
        userAgent: 'test',
        now: DAY3,
      },
    );
    const ics = shootCalendar(getQuote(db, quote.id, DAY3), LINK) ?? '';
    const lines = unfolded(ics);
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain(`UID:quote-${quote.id}@localhost`);
    expect(lines).toContain('DTSTART;VALUE=DATE:20261210');
    expect(lines).toContain('DTEND;VALUE=DATE:20261211');
    expect(lines).toContain('SUMMARY:Drone shoot: Aerial photos of a farm\\; barns\\, fields and the river');
    expect(lines).toContain('LOCATION:Aughrim\\, Co. Wicklow');
    const description = lines.find((l) => l.startsWith('DESCRIPTION:')) ?? '';
    expect(description).toContain('for Áine Byrne.\\n');
    expect(description).toContain(`The quote: ${LINK}`);
    // Folded: no physical line is longer than 75 octets.
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfolded(shootCalendar(getQuote(db, quote.id, DAY3), LINK) ?? '')).toContain(
      `UID:quote-${quote.id}@localhost`,
    );
  });

  it('is not written for an accepted quote without a shoot day', () => {
    const db = memoryDb();
    const { quote, token } = makeSentQuote(db, {}, DAY3);
    acceptQuote(
      db,
      token,
      { name: 'Áine Byrne', acceptTerms: true, totalCents: quote.totals.grossCents },
      {
        ip: '203.0.113.7',
        userAgent: 'test',
        now: DAY3,
      },
    );
    expect(shootCalendar(getQuote(db, quote.id, DAY3), LINK)).toBeNull();
  });
});
