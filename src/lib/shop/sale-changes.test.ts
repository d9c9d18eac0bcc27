// What a sale's state lets the owner change: a planned sale anything but a start in the past, a
// running sale its end but never its start, percentage or prints, an ended sale nothing; and only
// a planned sale may be deleted.
import { describe, expect, it } from 'vitest';
import {
  BEGUN_SALE_DELETE_WORDS,
  ENDED_SALE_WORDS,
  saleChangeRefusal,
  saleDeleteRefusal,
} from '~/lib/shop/sale-changes';

const at = (iso: string) => new Date(iso);
const START = at('2026-12-01T09:00:00Z');

describe('changing a sale', () => {
  const current = {
    percentOff: 10,
    startsAt: START,
    endsAt: at('2026-12-08T09:00:00Z'),
    allPhotos: false,
    photoIds: ['p-lough-tay', 'p-bray-head'],
  };
  const during = at('2026-12-03T12:00:00Z');
  const refusal = (patch: object, now: Date) => saleChangeRefusal(current, { ...current, ...patch }, now);

  it('lets a planned sale change in full, but not start in the past', () => {
    const before = at('2026-11-20T12:00:00Z');
    expect(refusal({ percentOff: 30, startsAt: at('2026-11-25T09:00:00Z') }, before)).toBeNull();
    // The minute the form writes for "now" is not the past.
    expect(refusal({ startsAt: at('2026-11-20T12:00:00Z') }, at('2026-11-20T12:00:40Z'))).toBeNull();
    expect(refusal({ startsAt: at('2026-11-19T09:00:00Z') }, before)).toEqual({
      field: 'startsAt',
      message: 'A sale cannot be moved to start in the past: choose a start from now on.',
    });
  });

  it('lets a running sale change its end, but never its start or its percentage', () => {
    expect(refusal({ endsAt: at('2026-12-20T09:00:00Z') }, during)).toBeNull();
    expect(refusal({ startsAt: at('2026-11-28T09:00:00Z') }, during)?.field).toBe('startsAt');
    expect(refusal({ startsAt: at('2026-11-28T09:00:00Z') }, during)?.message).toMatch(
      /^This sale is running, so its start cannot change/,
    );
    expect(refusal({ percentOff: 20 }, during)?.field).toBe('percentOff');
    expect(refusal({ endsAt: at('2026-12-02T09:00:00Z') }, during)?.field).toBe('endsAt');
  });

  it('keeps a running sale’s prints: none put in, none taken out, not every print instead', () => {
    // The same prints in another order are no change.
    expect(refusal({ photoIds: ['p-bray-head', 'p-lough-tay'] }, during)).toBeNull();
    for (const prints of [
      { photoIds: ['p-lough-tay'] },
      { photoIds: ['p-lough-tay', 'p-bray-head', 'p-sugarloaf'] },
      { photoIds: ['p-lough-tay', 'p-sugarloaf'] },
      { allPhotos: true },
    ]) {
      const refused = refusal(prints, during);
      expect(refused?.field, JSON.stringify(prints)).toBe('photoIds');
      expect(refused?.message).toMatch(/^This sale is running, so its prints cannot change/);
    }
    // A planned sale may change its prints.
    expect(refusal({ photoIds: ['p-sugarloaf'] }, at('2026-11-20T12:00:00Z'))).toBeNull();
  });

  it('lets only a planned sale be deleted', () => {
    expect(saleDeleteRefusal(current, at('2026-11-30T09:00:00Z'))).toBeNull();
    expect(saleDeleteRefusal(current, START)).toBe(BEGUN_SALE_DELETE_WORDS);
    expect(saleDeleteRefusal(current, during)).toBe(BEGUN_SALE_DELETE_WORDS);
    expect(saleDeleteRefusal(current, at('2027-01-01T00:00:00Z'))).toBe(BEGUN_SALE_DELETE_WORDS);
  });

  it('refuses any change of an ended sale', () => {
    expect(refusal({ endsAt: at('2026-12-20T09:00:00Z') }, at('2026-12-09T00:00:00Z'))).toEqual({
      field: null,
      message: ENDED_SALE_WORDS,
    });
  });
});
