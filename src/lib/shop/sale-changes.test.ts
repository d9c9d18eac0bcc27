// What a sale's state lets the owner change: a planned sale anything but a start in the past, a
// running sale its end and prints but never its start or percentage, an ended sale nothing.
import { describe, expect, it } from 'vitest';
import { ENDED_SALE_WORDS, saleChangeRefusal } from '~/lib/shop/sale-changes';

const at = (iso: string) => new Date(iso);
const START = at('2026-12-01T09:00:00Z');

describe('changing a sale', () => {
  const current = { percentOff: 10, startsAt: START, endsAt: at('2026-12-08T09:00:00Z') };
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

  it('refuses any change of an ended sale', () => {
    expect(refusal({ endsAt: at('2026-12-20T09:00:00Z') }, at('2026-12-09T00:00:00Z'))).toEqual({
      field: null,
      message: ENDED_SALE_WORDS,
    });
  });
});
