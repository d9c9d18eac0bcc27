// The VAT report of a test quarter (Q3 2026, days in Irish time) against a hand computation: sales
// by the day they were paid, refunds (full and partial) by the day they were made, per rate; test
// orders left out; orders made before VAT was recorded counted by their gross alone.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { orderVatByRate } from '~/lib/selling/order-vat';
import {
  countryVatCsv,
  lastQuarter,
  quarterName,
  refundByRate,
  vatReportCsv,
} from '~/lib/selling/vat-report';
import { vatReport, vatReportByCountry } from '~/lib/selling/vat-report.server';
import { orders } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { FRAMED_EDITION_ORDER, makeOrder, OPEN_PRINT_ORDER } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const Q3 = { from: '2026-07-01', to: '2026-09-30' };
const at = (iso: string) => new Date(iso);

const openPrintOrder = OPEN_PRINT_ORDER;

function quarterOfOrders() {
  // A: paid in the quarter.
  makeOrder(db, { payment: 'paid', paidAt: at('2026-07-10T10:00:00Z'), ...openPrintOrder });
  // B: a limited edition (€120.00 at 13.5%) framed (€40.00 at 23%), 10% off (€12.00 off the print,
  // €4.00 off the frame), sent for €15.00; refunded €50.00 in the quarter.
  makeOrder(db, {
    payment: 'paid',
    paidAt: at('2026-08-05T10:00:00Z'),
    ...FRAMED_EDITION_ORDER,
    refundId: 'RF-B',
    refundStatus: 'COMPLETED',
    refundedAt: at('2026-09-20T10:00:00Z'),
    refundedAmountCents: 5000,
    paymentStatus: 'cancelled',
  });
  // C: paid in the quarter before, refunded in full (amount not kept: the whole total) in this one.
  makeOrder(db, {
    payment: 'refunded',
    ...openPrintOrder,
    paidAt: at('2026-06-28T10:00:00Z'),
    refundedAt: at('2026-07-02T10:00:00Z'),
  });
  // D: a test order: no money taken.
  makeOrder(db, { payment: 'test', paidAt: at('2026-07-15T10:00:00Z'), ...openPrintOrder });
  // E: made before VAT was recorded: €45.00, its VAT unknown.
  makeOrder(db, { payment: 'paid', paidAt: at('2026-08-01T10:00:00Z') });
  // F: paid at 00:30 on 1 October in Ireland (23:30 UTC on 30 September): the next quarter.
  makeOrder(db, { payment: 'paid', paidAt: at('2026-09-30T23:30:00Z'), ...openPrintOrder });
  // G: paid at 00:30 on 1 July in Ireland (23:30 UTC on 30 June): this quarter. €20.00 at 23%, no shipping.
  makeOrder(db, {
    payment: 'paid',
    paidAt: at('2026-06-30T23:30:00Z'),
    items: [{ priceCents: 2000, vatRateBp: 2300, vatCents: 374 }],
    shippingCents: 0,
    shippingVatRateBp: 2300,
    shippingVatCents: 0,
    totalAmountCents: 2000,
  });
  // H: started, never paid.
  makeOrder(db, { payment: 'started', ...openPrintOrder });
}

describe('the VAT report of a quarter', () => {
  it('matches the hand computation, rate by rate', () => {
    quarterOfOrders();
    // 23%: A 53.00 (VAT 9.91) + B's frame and shipping 51.00 (9.53) + G 20.00 (3.74)
    //      − C 53.00 (9.91) − B's refund share 16.04 (3.00) = 54.96 (10.27)
    // 13.5%: B's print 108.00 (12.85) − B's refund share 33.96 (4.04) = 74.04 (8.81)
    // B's refund of 50.00 over 51.00 and 108.00: 16.0377 → 16.04 and 33.9623 → 33.96.
    expect(vatReport(db, Q3)).toEqual({
      ...Q3,
      rates: [
        { rateBp: 2300, grossCents: 5496, vatCents: 1027 },
        { rateBp: 1350, grossCents: 7404, vatCents: 881 },
      ],
      unrecordedGrossCents: 4500,
    });
  });

  it('writes the CSV an accountant opens: net, VAT and gross per rate, and the total', () => {
    quarterOfOrders();
    expect(vatReportCsv(vatReport(db, Q3)).split('\r\n')).toEqual([
      'VAT rate,Net (EUR),VAT (EUR),Gross (EUR)',
      '23%,44.69,10.27,54.96',
      '13.5%,65.23,8.81,74.04',
      'VAT not recorded (orders made before it was kept),,,45.00',
      'Total,109.92,19.08,174.00',
      '',
    ]);
  });

  it('counts the sale of a refunded order in the period it was paid, and nothing of the refund there', () => {
    quarterOfOrders();
    expect(vatReport(db, { from: '2026-06-01', to: '2026-06-30' })).toEqual({
      from: '2026-06-01',
      to: '2026-06-30',
      rates: [{ rateBp: 2300, grossCents: 5300, vatCents: 991 }],
      unrecordedGrossCents: 0,
    });
  });

  it('is empty for a period without sales', () => {
    quarterOfOrders();
    const empty = vatReport(db, { from: '2025-01-01', to: '2025-03-31' });
    expect(empty.rates).toEqual([]);
    expect(vatReportCsv(empty)).toBe('VAT rate,Net (EUR),VAT (EUR),Gross (EUR)\r\nTotal,0.00,0.00,0.00\r\n');
  });
});

describe('the VAT report per country', () => {
  /** The quarter's orders again, each sent somewhere: A to Ireland, B to France, C to Germany. */
  function quarterAbroad() {
    quarterOfOrders();
    const ids = db
      .select({ id: orders.id, paidAt: orders.paidAt })
      .from(orders)
      .orderBy(orders.createdAt)
      .all();
    ['IE', 'FR', 'DE'].forEach((country, i) => {
      const id = ids[i]?.id;
      if (id) db.update(orders).set({ shipCountry: country }).where(eq(orders.id, id)).run();
    });
  }

  it('gives net, VAT, gross and the orders paid per country and rate, by country name', () => {
    quarterAbroad();
    // C (Germany) was paid in June and refunded in July: its money is taken off, no order counted.
    // G's country was not kept (made before it was asked), nor E's VAT. The total is the report's.
    expect(countryVatCsv(vatReportByCountry(db, Q3)).split('\r\n')).toEqual([
      '\uFEFFCountry,Country code,VAT rate,Net (EUR),VAT (EUR),Gross (EUR),Orders',
      'France,FR,23%,28.43,6.53,34.96,1',
      'France,FR,13.5%,65.23,8.81,74.04,1',
      'Germany,DE,23%,-43.09,-9.91,-53.00,0',
      'Ireland,IE,23%,43.09,9.91,53.00,1',
      'Country not recorded,,23%,16.26,3.74,20.00,1',
      'Country not recorded,,not recorded,,,45.00,1',
      'Total,,,109.92,19.08,174.00,',
      '',
    ]);
  });

  it('adds up, rate by rate, to the report per rate', () => {
    quarterAbroad();
    const byRate = new Map<number, { grossCents: number; vatCents: number }>();
    for (const row of vatReportByCountry(db, Q3).rows) {
      if (row.rateBp === null) continue;
      const r = byRate.get(row.rateBp) ?? { grossCents: 0, vatCents: 0 };
      r.grossCents += row.grossCents;
      r.vatCents += row.vatCents;
      byRate.set(row.rateBp, r);
    }
    expect(vatReport(db, Q3).rates).toEqual(
      [...byRate].map(([rateBp, r]) => ({ rateBp, ...r })).sort((a, b) => b.rateBp - a.rateBp),
    );
  });

  it('is only the header and a zero total for a period without sales', () => {
    quarterAbroad();
    expect(countryVatCsv(vatReportByCountry(db, { from: '2025-01-01', to: '2025-03-31' }))).toBe(
      '\uFEFFCountry,Country code,VAT rate,Net (EUR),VAT (EUR),Gross (EUR),Orders\r\nTotal,,,0.00,0.00,0.00,\r\n',
    );
  });
});

describe('the parts of the report', () => {
  it('finds how a framed edition line’s discount fell between print and frame from the VAT kept', () => {
    // 10% off an order of this line (€120.00 + €40.00) and an open print of €33.33: the order's
    // €19.33 of discount fell €12.00 / €4.00 / €3.33 by largest remainder.
    expect(
      orderVatByRate({
        shippingCents: 0,
        shippingVatRateBp: null,
        shippingVatCents: null,
        items: [
          {
            quantity: 1,
            priceCents: 16000,
            framingPriceCents: 4000,
            discountCents: 1600,
            vatRateBp: 1350,
            vatCents: 1285,
            framingVatRateBp: 2300,
            framingVatCents: 673,
            framingDiscountCents: 400,
          },
          {
            quantity: 1,
            priceCents: 3333,
            framingPriceCents: 0,
            discountCents: 333,
            vatRateBp: 2300,
            vatCents: 561,
            framingVatRateBp: null,
            framingVatCents: null,
            framingDiscountCents: 0,
          },
        ],
      }),
    ).toEqual([
      { rateBp: 2300, grossCents: 3600 + 3000, vatCents: 673 + 561 },
      { rateBp: 1350, grossCents: 10800, vatCents: 1285 },
    ]);
  });

  it('says nothing of an order made before VAT was recorded', () => {
    expect(
      orderVatByRate({
        shippingCents: null,
        shippingVatRateBp: null,
        shippingVatCents: null,
        items: [
          {
            quantity: 1,
            priceCents: 4500,
            framingPriceCents: 0,
            discountCents: 0,
            vatRateBp: null,
            vatCents: null,
            framingVatRateBp: null,
            framingVatCents: null,
            framingDiscountCents: 0,
          },
        ],
      }),
    ).toBeNull();
  });

  it('takes a full refund off exactly, and a partial one in proportion, to the cent', () => {
    const rates = [
      { rateBp: 2300, grossCents: 5100, vatCents: 953 },
      { rateBp: 1350, grossCents: 10800, vatCents: 1285 },
    ];
    expect(refundByRate(rates, 15900, 15900)).toEqual(rates);
    const part = refundByRate(rates, 15900, 1);
    expect(part.reduce((n, r) => n + r.grossCents, 0)).toBe(1);
  });

  it('links the last quarter that has ended in Ireland', () => {
    expect(lastQuarter(at('2026-07-01T00:30:00+01:00'))).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(lastQuarter(at('2026-06-30T23:30:00Z'))).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(lastQuarter(at('2026-06-30T22:30:00Z'))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(lastQuarter(at('2026-02-10T12:00:00Z'))).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(quarterName({ from: '2025-10-01', to: '2025-12-31' })).toBe('Q4 2025');
  });
});
