// The VAT per rate on an order's documents, from what was recorded when it was made: the
// confirmation mail (the customer's and the owner's), the order as the owner's dialog reads it, and
// the packing slip. An order made before VAT was recorded shows none.
import { beforeEach, describe, expect, it } from 'vitest';
import { orderMailTexts } from '~/lib/checkout/order-mail.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { adminOrderDetailsJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { documentLines, documentRates } from '~/lib/orders/invoice-document';
import { getPackingSlip } from '~/lib/orders/packing-slip.server';
import type { Db } from '~/lib/platform/server/db';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, SHARED_SHIPPING_ORDER } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A limited edition (€120.00 at 13.5%) framed (€40.00 at 23%), 10% off, sent for €15.00 (23%): €159.00. */
function editionOrder() {
  return makeOrder(db, {
    payment: 'paid',
    items: [
      {
        priceCents: 16000,
        framingSize: 'large',
        framingPriceCents: 4000,
        discountCents: 1600,
        vatRateBp: 1350,
        vatCents: 1285,
        framingVatRateBp: 2300,
        framingVatCents: 673,
        framingDiscountCents: 400,
        description: 'Glendalough, large (16x20 inches) matte, framed',
      },
    ],
    itemTotalCents: 16000,
    discountCents: 1600,
    shippingCents: 1500,
    shippingVatRateBp: 2300,
    shippingVatCents: 280,
    totalAmountCents: 15900,
  });
}

const VAT_LINES = ['Including VAT at 23%: €9.53', 'Including VAT at 13.5%: €12.85'];

describe('VAT per rate on the documents', () => {
  it('the confirmation mails give the VAT inside the total per rate, under the total', () => {
    const order = editionOrder();
    const { customer, owner } = orderMailTexts(
      getOrderWithItems(db, order.id) as NonNullable<ReturnType<typeof getOrderWithItems>>,
      'Wicklow Light Photography',
    );
    for (const text of [customer, owner])
      expect(text).toContain(['Total (incl. VAT): €159.00', ...VAT_LINES].join('\n'));
  });

  it('the order dialog’s data lists the VAT per rate', () => {
    const order = editionOrder();
    expect(adminOrderDetailsJson(getOrderDetails(db, order.id)).vat).toEqual([
      { rate: 23, amount: '9.53' },
      { rate: 13.5, amount: '12.85' },
    ]);
  });

  it('the packing slip gives the VAT per rate and still no price of a print', () => {
    const order = editionOrder();
    const slip = getPackingSlip(db, order.id);
    expect(slip?.vat).toEqual(VAT_LINES);
    expect(JSON.stringify(slip?.lines)).not.toMatch(/price|16000|160\.00|total/i);
  });

  it('shipping shared over the goods’ rates is in the VAT of each rate, on every document', () => {
    const order = makeOrder(db, { payment: 'paid', ...SHARED_SHIPPING_ORDER });
    const full = getOrderWithItems(db, order.id) as NonNullable<ReturnType<typeof getOrderWithItems>>;
    // 23%: the frame's 6.73 and the shipping's 0.70; 13.5%: the edition's 12.85 and the shipping's 1.34.
    const lines = ['Including VAT at 23%: €7.43', 'Including VAT at 13.5%: €14.19'];
    expect(orderMailTexts(full, 'Wicklow Light Photography').customer).toContain(
      ['Total (incl. VAT): €159.00', ...lines].join('\n'),
    );
    expect(adminOrderDetailsJson(getOrderDetails(db, order.id)).vat).toEqual([
      { rate: 23, amount: '7.43' },
      { rate: 13.5, amount: '14.19' },
    ]);
    expect(getPackingSlip(db, order.id)?.vat).toEqual(lines);
    // The invoice: a shipping row per rate, net and VAT of each, and the totals per rate.
    const shipping = documentLines(full).filter((l) => l.description.startsWith('Shipping'));
    expect(shipping.map((l) => [l.description, l.rateBp, l.netCents, l.vatCents])).toEqual([
      ['Shipping (part at 23%)', 2300, 305, 70],
      ['Shipping (part at 13.5%)', 1350, 991, 134],
    ]);
    expect(documentRates(full)).toEqual([
      { rateBp: 2300, netCents: 3600 - 673 + 375 - 70, vatCents: 743 },
      { rateBp: 1350, netCents: 10800 - 1285 + 1125 - 134, vatCents: 1419 },
    ]);
  });

  it('an order made before VAT was recorded shows none anywhere', () => {
    const order = makeOrder(db, { payment: 'paid' });
    const { customer } = orderMailTexts(
      getOrderWithItems(db, order.id) as NonNullable<ReturnType<typeof getOrderWithItems>>,
      'Wicklow Light Photography',
    );
    expect(customer).not.toContain('VAT at');
    expect(adminOrderDetailsJson(getOrderDetails(db, order.id)).vat).toEqual([]);
    expect(getPackingSlip(db, order.id)?.vat).toEqual([]);
  });
});
