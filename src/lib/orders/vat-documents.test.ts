// The VAT per rate on an order's documents, from what was recorded when it was made: the
// confirmation mail (the customer's and the owner's), the order as the owner's dialog reads it, and
// the packing slip. An order made before VAT was recorded shows none.
import { beforeEach, describe, expect, it } from 'vitest';
import { orderMailTexts } from '~/lib/checkout/order-mail.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { adminOrderDetailsJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { getPackingSlip } from '~/lib/orders/packing-slip.server';
import type { Db } from '~/lib/platform/server/db';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';

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
