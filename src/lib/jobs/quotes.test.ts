// Quotes as services over a real database: writing, editing, sending, withdrawing, and the client's
// acceptance and change requests with every refusal (each a sentence, nothing changed), the race of
// two acceptances, and the mails queued at each step.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { acceptQuote, requestQuoteChanges } from '~/lib/jobs/quote-client.server';
import { quoteDefaults } from '~/lib/jobs/quote-settings.server';
import { getQuote, listQuotes, sendQuote, updateQuote, withdrawQuote } from '~/lib/jobs/quotes.server';
import { quoteInputSchema } from '~/lib/jobs/schemas';
import type { Db } from '~/lib/platform/server/db';
import { businessDetails, quotes } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeEnquiry } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';
import {
  CLIENT,
  DAY3,
  DAY5,
  FARM_QUOTE,
  mailedQuoteToken,
  makeQuote,
  makeSentQuote,
} from '~tests/helpers/quote-factories';

tempDataDir('quotes');
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
  throw new Error('not refused');
};

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const registerForVat = () =>
  db
    .insert(businessDetails)
    .values({
      id: 1,
      legalName: 'Wicklow Light Ltd',
      addressLine1: 'Main St',
      town: 'Rathdrum',
      country: 'IE',
      vatNumber: 'IE1234567T',
      email: 'hello@example.ie',
    })
    .run();

describe('writing a quote', () => {
  it('keeps a draft with its lines, totals from the one sum, and no VAT while not registered', () => {
    const q = makeQuote(db);
    expect(q).toMatchObject({ status: 'draft', standing: 'draft', standingWords: 'Draft' });
    expect(q.totals).toMatchObject({ netCents: 43_700, vatRateBp: 0, vatCents: 0, grossCents: 43_700 });
    expect(q.lines.map((l) => l.netCents)).toEqual([29_900, 12_000, 1_800]);
    expect(queuedMails(db)).toEqual([]);
  });

  it('adds the owner’s standard VAT rate once the business has a VAT number', () => {
    registerForVat();
    expect(makeQuote(db).totals).toMatchObject({ vatRateBp: 2300, vatCents: 10_051, grossCents: 53_751 });
  });

  it('starts from the site’s drone packages at the half-day price, 14 days, and the default terms', () => {
    const d = quoteDefaults(db, DAY3);
    expect(d.packages[0]).toEqual({ name: 'Aerial photography', unitPriceCents: 29_900 });
    expect(d).toMatchObject({
      validUntil: '2026-12-17',
      travelRateCents: 60,
      freeRadiusKm: 50,
      vatRateBp: 0,
    });
    expect(d.terms).toMatch(/deposit/i);
    makeQuote(db, { terms: 'Half up front.', saveTermsAsDefault: true });
    expect(quoteDefaults(db, DAY3).terms).toBe('Half up front.');
  });

  it('keeps the enquiry it was written from, and refuses one that does not exist', () => {
    const enquiry = makeEnquiry(db);
    expect(makeQuote(db, { enquiryId: enquiry.id }).enquiryId).toBe(enquiry.id);
    expect(refusal(() => makeQuote(db, { enquiryId: 'gone' })).status).toBe(400);
  });
});

describe('sending a quote', () => {
  it('mails the client a link and the PDF’s address with the summary, and lists it as sent', () => {
    const { quote, token } = makeSentQuote(db);
    expect(quote.standingWords).toBe('Sent 3 Dec, valid until 17 Dec');
    const [mail] = queuedMails(db);
    expect(mail?.to).toBe('aine@example.ie');
    expect(mail?.text).toContain(`/quote/${token}`);
    expect(mail?.text).toContain(`/quote/${token}/pdf`);
    expect(mail?.text).toContain('Total: €437.00');
    // Only the token's hash is stored.
    expect(JSON.stringify(db.select().from(quotes).all())).not.toContain(token);
    expect(listQuotes(db, 'sent', DAY3).map((q) => q.title)).toEqual([FARM_QUOTE.title]);
  });

  it('refuses a quote without lines, or past its last day, or sent already', () => {
    const empty = makeQuote(db, { lines: [] });
    expect(refusal(() => sendQuote(db, empty.id, DAY3))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/at least one line/),
    });
    const old = makeQuote(db, { validUntil: '2026-12-01' });
    expect(refusal(() => sendQuote(db, old.id, DAY3)).status).toBe(400);
    const { quote } = makeSentQuote(db);
    expect(refusal(() => sendQuote(db, quote.id, DAY3)).status).toBe(409);
  });
});

describe('accepting a quote', () => {
  it('records who, when, from where and the total shown, and mails the client and the owner', () => {
    const { quote, token } = makeSentQuote(db);
    const accepted = acceptQuote(
      db,
      token,
      { name: 'Áine Byrne', acceptTerms: true, totalCents: 43_700 },
      { ...CLIENT, now: DAY5 },
    );
    expect(accepted).toMatchObject({
      status: 'accepted',
      acceptedName: 'Áine Byrne',
      acceptedTotalCents: 43_700,
    });
    expect(accepted.standingWords).toBe('Accepted by Áine Byrne on 5 Dec');
    const row = db.select().from(quotes).where(eq(quotes.id, quote.id)).get();
    expect(row).toMatchObject({
      acceptedIp: CLIENT.ip,
      acceptedUserAgent: CLIENT.userAgent,
      acceptedAt: DAY5,
    });
    const mails = queuedMails(db).slice(1);
    expect(mails.map((m) => m.to)).toEqual(['aine@example.ie', 'owner@example.com']);
    for (const m of mails) expect(m.text).toMatch(/Accepted by: Áine Byrne[\s\S]*Total accepted: €437\.00/);
  });

  it('refuses a second acceptance with the day of the first, and changes nothing', () => {
    const { token } = makeSentQuote(db);
    const input = { name: 'Áine Byrne', acceptTerms: true as const, totalCents: 43_700 };
    acceptQuote(db, token, input, { ...CLIENT, now: DAY5 });
    const before = db.select().from(quotes).all();
    expect(refusal(() => acceptQuote(db, token, { ...input, name: 'Someone Else' }, CLIENT))).toEqual({
      status: 409,
      message: 'This quote was already accepted on 5 Dec 2026.',
    });
    expect(db.select().from(quotes).all()).toEqual(before);
    expect(queuedMails(db)).toHaveLength(3);
  });

  it('accepts once when two acceptances arrive together', async () => {
    const { token } = makeSentQuote(db);
    const input = { name: 'Áine Byrne', acceptTerms: true as const, totalCents: 43_700 };
    const outcomes = await Promise.allSettled(
      [1, 2].map(async () => acceptQuote(db, token, input, { ...CLIENT, now: DAY5 })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(queuedMails(db)).toHaveLength(3);
  });

  it('refuses a total changed in the browser, a bad link, expiry, a revision and a withdrawal', () => {
    const { quote, token } = makeSentQuote(db);
    const input = { name: 'Áine Byrne', acceptTerms: true as const, totalCents: 43_700 };
    expect(
      refusal(() => acceptQuote(db, token, { ...input, totalCents: 100 }, { ...CLIENT, now: DAY5 })),
    ).toEqual({
      status: 409,
      message: 'The quote changed since you opened it: reload the page to see the current figures.',
    });
    // The token with its last character changed (to another one whatever it was).
    const oneOff = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of ['', 'x', oneOff, token.toUpperCase(), '../admin']) {
      expect(refusal(() => acceptQuote(db, bad, input, CLIENT))).toEqual({
        status: 404,
        message: 'This quote link is not valid.',
      });
    }
    expect(
      refusal(() => acceptQuote(db, token, input, { ...CLIENT, now: new Date('2026-12-18T09:00:00Z') })),
    ).toEqual({
      status: 410,
      message: 'This quote expired on 17 Dec 2026; ask the photographer for a new one.',
    });
    updateQuote(db, quote.id, quoteInputSchema.parse(FARM_QUOTE), DAY5);
    expect(refusal(() => acceptQuote(db, token, input, { ...CLIENT, now: DAY5 })).message).toMatch(
      /being revised/,
    );
    withdrawQuote(db, quote.id, DAY5);
    expect(refusal(() => acceptQuote(db, token, input, { ...CLIENT, now: DAY5 })).status).toBe(410);
    expect(db.select().from(quotes).get()?.acceptedAt).toBeNull();
  });
});

describe('changes and revisions', () => {
  it('stores the client’s message, tells the owner, and a revision sent again keeps the link', () => {
    const { quote, token } = makeSentQuote(db);
    const asked = requestQuoteChanges(db, token, 'Could we add a short video?', DAY5);
    expect(asked).toMatchObject({ status: 'changes_requested', standingWords: 'Changes asked for' });
    expect(asked.messages.map((m) => m.message)).toEqual(['Could we add a short video?']);
    const owner = queuedMails(db).at(-1);
    expect(owner).toMatchObject({ to: 'owner@example.com', replyTo: 'aine@example.ie' });
    expect(owner?.text).toContain('Could we add a short video?');

    const revised = updateQuote(
      db,
      quote.id,
      quoteInputSchema.parse({
        ...FARM_QUOTE,
        lines: [
          ...(FARM_QUOTE.lines ?? []),
          { kind: 'other', description: 'Short video', quantity: 1, unitPriceCents: 15_000 },
        ],
      }),
      DAY5,
    );
    expect(revised).toMatchObject({ status: 'draft', revision: 2, standingWords: 'Draft (being revised)' });
    sendQuote(db, quote.id, DAY5);
    // The revision is at the link mailed before: the client's saved link shows the new version, and
    // the old version's total can no longer be accepted.
    expect(queuedMails(db).at(-1)?.text).toContain('It replaces the one sent before, at the same link.');
    expect(mailedQuoteToken(db)).toBe(token);
    expect(
      refusal(() =>
        acceptQuote(db, token, { name: 'Áine Byrne', acceptTerms: true, totalCents: 43_700 }, CLIENT),
      ).status,
    ).toBe(409);
    expect(
      acceptQuote(
        db,
        token,
        { name: 'Áine Byrne', acceptTerms: true, totalCents: 58_700 },
        { ...CLIENT, now: DAY5 },
      ).acceptedTotalCents,
    ).toBe(58_700);
  });

  it('keeps an accepted quote as it is', () => {
    const { quote, token } = makeSentQuote(db);
    acceptQuote(
      db,
      token,
      { name: 'Áine Byrne', acceptTerms: true, totalCents: 43_700 },
      { ...CLIENT, now: DAY5 },
    );
    expect(refusal(() => updateQuote(db, quote.id, quoteInputSchema.parse(FARM_QUOTE))).status).toBe(409);
    expect(refusal(() => withdrawQuote(db, quote.id)).status).toBe(409);
    expect(refusal(() => requestQuoteChanges(db, token, 'One more thing'))).toMatchObject({ status: 409 });
    expect(getQuote(db, quote.id).lines).toHaveLength(3);
  });
});
