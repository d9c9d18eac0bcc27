// Sales, pure: when a sale runs (on the Irish clock, edges included), what it charges, and the
// lowest price of the 30 days before it began, over a history with several changes and earlier sales.
import { describe, expect, it } from 'vitest';
import { irishDateTime } from '~/lib/platform/shared/irish-dates';
import {
  lowestPriorCents,
  saleAt,
  salePriceCents,
  saleRuns,
  wasPrice,
  wasWords,
} from '~/lib/shop/price-sales';
import { priceSaleSchema } from '~/lib/shop/schemas';

const at = (iso: string) => new Date(iso);
const day = (n: number) => n * 24 * 60 * 60 * 1000;
const START = at('2026-12-01T09:00:00Z');
const sale = { id: 'now', percentOff: 10, startsAt: START, endsAt: at('2026-12-08T09:00:00Z') };
const point = (priceCents: number, daysBefore: number) => ({
  priceCents,
  fromAt: new Date(START.getTime() - day(daysBefore)),
});

describe('the lowest price of the 30 days before a sale', () => {
  it('takes the price in force when the 30 days began and every change after it', () => {
    const history = [point(5000, 60), point(4800, 40), point(5200, 20), point(4500, 2)];
    // 4800 was in force 30 days before (set 40 days before), then 5200, then 4500.
    expect(lowestPriorCents(history, sale)).toBe(4500);
    expect(lowestPriorCents(history.slice(0, 3), sale)).toBe(4800);
  });

  it('ignores a price set before the 30 days that was replaced before they began', () => {
    expect(lowestPriorCents([point(3000, 45), point(5000, 31)], sale)).toBe(5000);
  });

  it('ignores a change at or after the start of the sale', () => {
    expect(lowestPriorCents([point(5000, 10), point(1000, 0), point(900, -1)], sale)).toBe(5000);
  });

  it('counts an earlier sale that ran within the 30 days', () => {
    const earlier = {
      id: 'black-friday',
      percentOff: 20,
      startsAt: at('2026-11-27T00:00:00Z'),
      endsAt: at('2026-11-30T00:00:00Z'),
    };
    expect(lowestPriorCents([point(5000, 50)], sale, [earlier])).toBe(4000);
    // One that ended before the 30 days began does not count.
    const old = { ...earlier, startsAt: at('2026-10-01T00:00:00Z'), endsAt: at('2026-10-05T00:00:00Z') };
    expect(lowestPriorCents([point(5000, 50)], sale, [old])).toBe(5000);
  });

  it('is null for a print that had no price before the sale', () => {
    expect(lowestPriorCents([point(5000, -1)], sale)).toBeNull();
  });

  it('is announced only when above the sale price', () => {
    expect(wasPrice(4050, 4500)).toBe(4500);
    expect(wasPrice(4050, 4050)).toBeNull();
    expect(wasPrice(4050, 4000)).toBeNull();
    expect(wasPrice(4050, null)).toBeNull();
    expect(wasWords(4500)).toBe('was €45.00 (lowest price in the 30 days before the sale)');
  });
});

describe('a sale window on the Irish clock', () => {
  const winter = {
    startsAt: irishDateTime('2026-12-01T09:00') as Date,
    endsAt: irishDateTime('2026-12-02T00:00') as Date,
  };
  it('runs from its first moment and not at its end', () => {
    expect(winter.startsAt.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(saleRuns(winter, at('2026-12-01T08:59:59.999Z'))).toBe(false);
    expect(saleRuns(winter, at('2026-12-01T09:00:00Z'))).toBe(true);
    expect(saleRuns(winter, at('2026-12-01T23:59:59.999Z'))).toBe(true);
    expect(saleRuns(winter, at('2026-12-02T00:00:00Z'))).toBe(false);
  });

  it('starts an hour earlier in UTC in Irish summer time', () => {
    const summer = {
      startsAt: irishDateTime('2026-07-01T00:00') as Date,
      endsAt: at('2026-07-02T00:00:00Z'),
    };
    expect(summer.startsAt.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(saleRuns(summer, at('2026-06-30T23:30:00Z'))).toBe(true);
  });

  it('takes the larger of two sales running at once, and rounds to the cent', () => {
    const a = { id: 'a', percentOff: 10, ...winter };
    const b = { id: 'b', percentOff: 25, ...winter };
    expect(saleAt([a, b], at('2026-12-01T12:00:00Z'))?.id).toBe('b');
    expect(saleAt([a, b], at('2026-12-03T12:00:00Z'))).toBeNull();
    expect(salePriceCents(4500, 10)).toBe(4050);
    expect(salePriceCents(4999, 15)).toBe(4249);
  });
});

describe('the sale form', () => {
  const good = {
    name: 'Winter sale',
    percentOff: 10,
    allPhotos: true,
    startsAt: '2026-12-01T09:00',
    endsAt: '2026-12-08T09:00',
  };
  const refusal = (patch: object) =>
    priceSaleSchema.safeParse({ ...good, ...patch }).error?.issues[0]?.message;

  it('reads Irish times into instants', () => {
    const parsed = priceSaleSchema.parse({ ...good, startsAt: '2026-07-01T09:00' });
    expect(parsed.startsAt.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(parsed.photoIds).toEqual([]);
  });

  it('refuses a sale that ends before it starts, a percentage out of range, no prints, a bad time', () => {
    expect(refusal({ endsAt: '2026-11-30T09:00' })).toBe('The sale must end after it starts.');
    expect(refusal({ endsAt: good.startsAt })).toBe('The sale must end after it starts.');
    expect(refusal({ percentOff: 0 })).toBe('The percentage off must be from 1 to 90.');
    expect(refusal({ percentOff: 91 })).toBe('The percentage off must be from 1 to 90.');
    expect(refusal({ percentOff: 12.5 })).toBe('The percentage off must be a whole number.');
    expect(refusal({ allPhotos: false })).toBe('Choose at least one print, or every print.');
    expect(refusal({ startsAt: '2026-02-30T09:00' })).toMatch(/must be a date and time/);
    expect(refusal({ name: ' ' })).toBe('Give the sale a name.');
  });
});
