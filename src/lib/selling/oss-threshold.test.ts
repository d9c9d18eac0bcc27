// The One-Stop-Shop threshold: this calendar year's paid sales sent to other EU countries (and
// Northern Ireland), net of their recorded VAT; Irish, British, American and test orders, orders of
// last year and unpaid ones do not count; a part refund counts for what was kept. The owner is warned
// at 80% and at 100% of €10,000.
import { describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';
import { ossSentences, ossStanding } from './oss-threshold';
import { crossBorderStanding } from './oss-threshold.server';

const NOW = new Date('2026-11-28T12:00:00Z');
const THIS_YEAR = new Date('2026-03-02T10:00:00Z');

/** A paid order of one €123.00 print (VAT €23.00 inside) and €12.30 shipping (VAT €2.30 inside). */
function sale(db: Db, shipCountry: string, overrides: Parameters<typeof makeOrder>[1] = {}) {
  return makeOrder(db, {
    payment: 'paid',
    paidAt: THIS_YEAR,
    shipCountry,
    totalAmountCents: 12300 + 1230,
    itemTotalCents: 12300,
    shippingCents: 1230,
    shippingVatRateBp: 2300,
    shippingVatCents: 230,
    items: [{ priceCents: 12300, vatRateBp: 2300, vatCents: 2300 }],
    ...overrides,
  });
}

describe('the EU distance sales of the year', () => {
  it('count sales to other EU countries and Northern Ireland, net of VAT, and nothing else', () => {
    const db = memoryDb();
    sale(db, 'DE');
    sale(db, 'XI');
    sale(db, 'IE');
    sale(db, 'GB');
    sale(db, 'US');
    sale(db, 'FR', { payment: 'test' });
    sale(db, 'FR', { payment: 'started', paidAt: null });
    sale(db, 'FR', { paidAt: new Date('2025-12-31T23:30:00Z') });
    // Paid on 1 January at 00:30 Irish time (winter: UTC): this year's.
    sale(db, 'NL', { paidAt: new Date('2026-01-01T00:30:00Z') });
    expect(crossBorderStanding(db, NOW)).toEqual({
      year: 2026,
      netCents: 3 * (13530 - 2530),
      thresholdCents: 1_000_000,
      level: 'under',
    });
  });

  it('count a part refund for what was kept, and a full refund not at all', () => {
    const db = memoryDb();
    sale(db, 'DE', { payment: 'refunded', refundedAmountCents: 13530 / 2 });
    sale(db, 'DE', { payment: 'refunded', refundedAmountCents: null });
    expect(crossBorderStanding(db, NOW).netCents).toBe(11000 / 2);
  });
});

describe('the warning', () => {
  it('comes at 80% and at 100% of €10,000, and says what to do', () => {
    expect(ossStanding(799_999).level).toBe('under');
    expect(ossStanding(800_000).level).toBe('near');
    expect(ossStanding(1_000_000).level).toBe('over');
    expect(ossSentences(ossStanding(799_999), 2026)).toEqual({
      figure:
        '€7,999.99 of €10,000.00 in 2026: prints sent to buyers in other EU countries (and Northern Ireland), net of VAT.',
      warning: null,
      registered: null,
    });
    expect(ossSentences(ossStanding(850_000), 2026).warning).toMatch(
      /^Near the €10,000 threshold \(80% reached\)/,
    );
    expect(ossSentences(ossStanding(1_200_000), 2026).warning).toMatch(
      /^Over the €10,000 threshold: .*Register for the One-Stop-Shop/,
    );
  });

  it('gives way, once the shop is registered, to a sentence saying so', () => {
    const said = ossSentences(ossStanding(1_200_000), 2026, true);
    expect(said.warning).toBeNull();
    expect(said.registered).toBe(
      'Registered for One-Stop-Shop: buyers in other EU countries (and Northern Ireland) are charged their own country’s VAT.',
    );
  });
});
