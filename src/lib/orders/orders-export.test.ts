// The orders CSV of a period against a hand computation: a row per line and a shipping row, to the
// cent (the gross of an order's rows is what the buyer paid), only the real paid orders of the
// period in Irish days, a framed edition's print and frame at their own rates, refunds, CSV quoting
// and the formula guard, and the periods the endpoint refuses.

import { beforeEach, describe, expect, it } from 'vitest';
import { issueInvoice } from '~/lib/checkout/invoices.server';
import { ordersCsvFileName } from '~/lib/orders/orders-export';
import { EXPORT_PAGE_SIZE, ordersCsvChunks } from '~/lib/orders/orders-export.server';
import { exportQuerySchema } from '~/lib/orders/schemas';
import type { Db } from '~/lib/platform/server/db';
import { CSV_BOM, csvCell } from '~/lib/platform/shared/csv';
import { decimalStringToCents, shortOrderId } from '~/lib/platform/shared/format';
import { memoryDb } from '~tests/helpers/db';
import {
  FRAMED_EDITION_ORDER,
  makeOrder,
  OPEN_PRINT_ORDER,
  SHARED_SHIPPING_ORDER,
} from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const Q3 = { from: '2026-07-01', to: '2026-09-30' };
const at = (iso: string) => new Date(iso);
const HEADER =
  'Date,Order,Invoice,Country,Item,Quantity,VAT rate,Net (EUR),VAT (EUR),Gross (EUR),Discount code,Discount (EUR),Payment ID,Status,Refunded,Refunded (EUR)';

const csv = (period = Q3) => [...ordersCsvChunks(db, period)].join('');
/** RFC 4180 read back: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return out;
}
/** The data rows, each as its cells. */
const rows = (period = Q3) => parseCsv(csv(period).slice(CSV_BOM.length)).slice(1);

const openPrintOrder = { ...OPEN_PRINT_ORDER, shipCountry: 'IE' };
const framedEditionOrder = { ...FRAMED_EDITION_ORDER, shipCountry: 'FR' };

describe('the orders CSV of a period', () => {
  it('starts with the BOM and the header, and is only that for a period without orders', () => {
    expect(csv()).toBe(`${CSV_BOM}${HEADER}\r\n`);
  });

  it('writes a row per line and one for the shipping, from the stored money, to the cent', () => {
    const a = makeOrder(db, { payment: 'paid', paidAt: at('2026-07-10T10:00:00Z'), ...openPrintOrder });
    const b = makeOrder(db, {
      payment: 'paid',
      paidAt: at('2026-08-05T10:00:00Z'),
      ...framedEditionOrder,
      refundId: 'RF-B',
      refundStatus: 'COMPLETED',
      refundedAt: at('2026-09-20T10:00:00Z'),
      refundedAmountCents: 5000,
      paymentStatus: 'cancelled',
    });
    expect(rows()).toEqual([
      // biome-ignore format: a row per line
      ['2026-07-10', shortOrderId(a.id), '', 'IE', 'Lough Tay, small (8x12 inches) matte', '1', '23%', '36.59', '8.41', '45.00', '', '', a.paymentId, 'processing', 'no', ''],
      // biome-ignore format: a row per line
      ['2026-07-10', shortOrderId(a.id), '', 'IE', 'Shipping', '', '23%', '6.50', '1.50', '8.00', '', '', a.paymentId, 'processing', 'no', ''],
      // biome-ignore format: a row per line
      ['2026-08-05', shortOrderId(b.id), '', 'FR', 'Glendalough at dawn, large (20x30 inches) framed, edition of 25', '1', '13.5%', '95.15', '12.85', '108.00', 'WINTER-10', '12.00', b.paymentId, 'processing', 'partial', '50.00'],
      // biome-ignore format: a row per line
      ['2026-08-05', shortOrderId(b.id), '', 'FR', 'Glendalough at dawn, large (20x30 inches) framed, edition of 25 (frame)', '1', '23%', '29.27', '6.73', '36.00', 'WINTER-10', '4.00', b.paymentId, 'processing', 'partial', ''],
      // biome-ignore format: a row per line
      ['2026-08-05', shortOrderId(b.id), '', 'FR', 'Shipping', '', '23%', '12.20', '2.80', '15.00', 'WINTER-10', '', b.paymentId, 'processing', 'partial', ''],
    ]);
  });

  it('writes a shipping row per rate when the shipping carried the rates of two kinds of goods', () => {
    const order = makeOrder(db, {
      payment: 'paid',
      paidAt: at('2026-08-05T10:00:00Z'),
      ...SHARED_SHIPPING_ORDER,
      shipCountry: 'IE',
    });
    const shipping = rows()
      .filter((r) => r[1] === shortOrderId(order.id) && r[4] === 'Shipping')
      .map((r) => [r[6], r[7], r[8], r[9]]);
    expect(shipping).toEqual([
      ['23%', '3.05', '0.70', '3.75'],
      ['13.5%', '9.91', '1.34', '11.25'],
    ]);
  });

  it('gives the number of the order’s VAT invoice on each of its rows', () => {
    const a = makeOrder(db, { payment: 'paid', paidAt: at('2026-07-10T10:00:00Z'), ...openPrintOrder });
    makeOrder(db, { payment: 'paid', paidAt: at('2026-07-11T10:00:00Z'), ...openPrintOrder });
    issueInvoice(db, a.id);
    expect(rows().map((r) => r[2])).toEqual(['INV-000001', 'INV-000001', '', '']);
  });

  it('adds up, per order, to what the buyer paid: gross of the lines plus shipping, discount taken off', () => {
    const orders = [
      makeOrder(db, { payment: 'paid', paidAt: at('2026-07-10T10:00:00Z'), ...openPrintOrder }),
      makeOrder(db, { payment: 'paid', paidAt: at('2026-08-05T10:00:00Z'), ...framedEditionOrder }),
      // Three prints of €33.33 with a third of €19.99 off, shared 666 / 666 / 667 over the lines.
      makeOrder(db, {
        payment: 'paid',
        paidAt: at('2026-09-01T10:00:00Z'),
        items: [
          { quantity: 2, priceCents: 3333, discountCents: 666, vatRateBp: 2300, vatCents: 1122 },
          { priceCents: 3333, discountCents: 667, vatRateBp: 2300, vatCents: 498 },
          { priceCents: 3333, discountCents: 666, vatRateBp: 2300, vatCents: 499 },
        ],
        discountCents: 1999,
        discountCode: 'THIRD',
        shippingCents: 0,
        shippingVatRateBp: 2300,
        shippingVatCents: 0,
        totalAmountCents: 4 * 3333 - 1999,
      }),
    ];
    const cents = (cell: string | undefined) => (cell ? decimalStringToCents(cell) : 0);
    for (const order of orders) {
      const mine = rows().filter((r) => r[1] === shortOrderId(order.id));
      const gross = mine.reduce((n, r) => n + cents(r[9]), 0);
      const net = mine.reduce((n, r) => n + cents(r[7]), 0);
      const vat = mine.reduce((n, r) => n + cents(r[8]), 0);
      const discount = mine.reduce((n, r) => n + cents(r[11]), 0);
      expect(gross, order.id).toBe(order.totalAmountCents);
      expect(net + vat, order.id).toBe(order.totalAmountCents);
      expect(discount, order.id).toBe(order.discountCents ?? 0);
    }
    // The order sent for free has no shipping row.
    expect(rows().filter((r) => r[4] === 'Shipping')).toHaveLength(2);
  });

  it('leaves out test orders, orders never paid, and orders paid outside the period in Irish days', () => {
    makeOrder(db, { payment: 'test', paidAt: at('2026-07-15T10:00:00Z'), ...openPrintOrder });
    makeOrder(db, { payment: 'started', ...openPrintOrder });
    makeOrder(db, { payment: 'held', ...openPrintOrder });
    makeOrder(db, { payment: 'failed', ...openPrintOrder });
    // 00:30 on 1 October in Ireland: the next quarter.
    makeOrder(db, { payment: 'paid', paidAt: at('2026-09-30T23:30:00Z'), ...openPrintOrder });
    // 00:30 on 1 July in Ireland: this quarter, dated 1 July.
    const first = makeOrder(db, { payment: 'paid', paidAt: at('2026-06-30T23:30:00Z'), ...openPrintOrder });
    // Paid in the quarter, refunded in full since: still a sale of the quarter.
    const refunded = makeOrder(db, {
      payment: 'refunded',
      ...openPrintOrder,
      paidAt: at('2026-09-01T10:00:00Z'),
    });
    const found = rows().map((r) => [r[0], r[1], r.at(-2), r.at(-1)]);
    expect(found).toEqual([
      ['2026-07-01', shortOrderId(first.id), 'no', ''],
      ['2026-07-01', shortOrderId(first.id), 'no', ''],
      ['2026-09-01', shortOrderId(refunded.id), 'yes', '53.00'],
      ['2026-09-01', shortOrderId(refunded.id), 'yes', ''],
    ]);
  });

  it('gives the gross alone of an order made before VAT was recorded', () => {
    makeOrder(db, { payment: 'paid', paidAt: at('2026-08-01T10:00:00Z') });
    expect(rows()[0]?.slice(5, 10)).toEqual(['1', 'not recorded', '', '', '45.00']);
  });

  it('reads every page of a period with more orders than a page holds, in order of payment', () => {
    const count = EXPORT_PAGE_SIZE * 2 + 3;
    const paidAt = at('2026-08-01T10:00:00Z'); // all at once: the order id breaks the tie
    for (let i = 0; i < count; i++) makeOrder(db, { payment: 'paid', paidAt, ...openPrintOrder });
    const all = rows();
    expect(all).toHaveLength(count * 2);
    expect(new Set(all.map((r) => r[1])).size).toBe(count);
  });

  it('quotes cells with commas, quotes and line breaks, and guards cells a spreadsheet would run', () => {
    makeOrder(db, {
      payment: 'paid',
      paidAt: at('2026-08-01T10:00:00Z'),
      ...openPrintOrder,
      items: [
        {
          description: '=HYPERLINK("http://x.example","Lough Tay, small")',
          priceCents: 4500,
          vatRateBp: 2300,
          vatCents: 841,
        },
      ],
      discountCode: '@SUM',
    });
    const text = csv();
    expect(text).toContain(`,"'=HYPERLINK(""http://x.example"",""Lough Tay, small"")",1,23%,`);
    expect(text).toContain(",'@SUM,");
    expect(csvCell('+353 1 234')).toBe("'+353 1 234");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('-16.04')).toBe('-16.04');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('Ó Súilleabháin')).toBe('Ó Súilleabháin');
  });

  it('names the file by its period', () => {
    expect(ordersCsvFileName(Q3)).toBe('orders-2026-07-01-to-2026-09-30.csv');
  });
});

describe('the period asked for', () => {
  const refusal = (query: Record<string, string | undefined>) => {
    const parsed = exportQuerySchema.safeParse(query);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };
  it('is whole days, from on or before to, at most five years', () => {
    expect(refusal(Q3)).toBeNull();
    expect(refusal({ from: '2026-07-01', to: '2026-07-01' })).toBeNull();
    expect(refusal({ from: '2026-09-30', to: '2026-07-01' })).toBe(
      'The start date must be on or before the end date.',
    );
    expect(refusal({ from: '2026-02-30', to: '2026-03-31' })).toBe(
      'The start date must be a date written YYYY-MM-DD.',
    );
    expect(refusal({ from: '2026-07-01', to: '30/09/2026' })).toBe(
      'The end date must be a date written YYYY-MM-DD.',
    );
    expect(refusal({ from: undefined, to: '2026-07-01' })).toBe(
      'The start date is missing: give a date written YYYY-MM-DD.',
    );
    expect(refusal({ from: '2020-01-01', to: '2026-01-01' })).toBe(
      'An export covers at most five years: choose a shorter period.',
    );
  });
});
