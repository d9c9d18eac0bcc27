// One breakdown everywhere: over generated carts (open and limited editions, framed or not, several
// quantities), countries of every shipping zone and discount codes of both kinds, an order is quoted,
// placed and paid against the PayPal fake, and then every surface after the checkout (the
// confirmation page, the buyer's and the owner's mails, the status and refund mails, the owner's
// order dialog) shows the quote's figures, which add up to the total to the cent, and the total is
// the amount PayPal was asked for and captured. The shop is registered for the One-Stop-Shop or not:
// the VAT follows the buyer's country (or Ireland's), the prices do not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderMailTexts } from '~/lib/checkout/order-mail.server';
import { getOrderReceipt } from '~/lib/checkout/order-receipt.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { capturePaypalOrder, createPaypalOrder } from '~/lib/checkout/place-order.server';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import { adminOrderDetailsJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { refundMail, statusMail } from '~/lib/orders/order-status-mail.server';
import { HttpError } from '~/lib/platform/server/http/http';
import { centsToDecimal, decimalStringToCents } from '~/lib/platform/shared/format';
import { updateOssSettings } from '~/lib/selling/oss.server';
import { ossRateTable, ratesForDestination } from '~/lib/selling/oss-rates';
import { DEFAULT_VAT_RATES } from '~/lib/selling/vat';
import type { PrintSize } from '~/lib/site/constants';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeDiscountCode, makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { paypalFake } from '~tests/helpers/paypal';
import { type BreakdownRow, breakdownAmount, breakdownTextLines, orderBreakdown } from './order-breakdown';

tempDataDir('order-breakdown');

const SIZES: PrintSize[] = ['small', 'medium', 'large'];
const SIGNED = 'Wicklow Light Photography';
/** One country of each shipping zone: Ireland, the EU (and Northern Ireland), Britain, the world. */
const COUNTRIES = ['IE', 'DE', 'FR', 'IT', 'XI', 'GB', 'US', 'AU'];

const cart = fc.record({
  lines: fc.array(
    fc.record({
      limited: fc.boolean(),
      size: fc.constantFrom(...SIZES),
      framed: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  country: fc.constantFrom(...COUNTRIES),
  oss: fc.boolean(),
  code: fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 5, max: 60 }) }),
      fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 100, max: 6000 }) }),
    ),
  ),
});

/** The rows without the VAT inside the total: items, shipping, discount and the total. */
const money = (rows: readonly BreakdownRow[]) => rows.filter((r) => r.kind !== 'vat');
const cents = (rows: readonly BreakdownRow[], kind: BreakdownRow['kind']): number =>
  rows.find((r) => r.kind === kind)?.cents ?? 0;

describe('the breakdown of a paid order', () => {
  it('is the same on every surface, adds up, and is what PayPal captured', async () => {
    await fc.assert(
      fc.asyncProperty(cart, async ({ lines, country, oss, code }) => {
        const db = memoryDb();
        const { client, fake } = paypalFake();
        const open = makePhoto(db, { title: 'Lough Tay' });
        const limited = makePhoto(db, { title: 'Glendalough', editionSize: 50 });
        const variants = new Map<string, string>();
        for (const [photo, base] of [
          [open, 4500],
          [limited, 9000],
        ] as const) {
          SIZES.forEach((size, i) => {
            const id = makeVariant(db, { photoId: photo.id, size, priceCents: base + i * 3050 }).id;
            variants.set(`${photo.id} ${size}`, id);
          });
        }
        makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
        if (code) makeDiscountCode(db, { code: 'WICKLOW', ...code });
        if (oss) updateOssSettings(db, { registered: true, rates: [] });
        const input = {
          lines: lines.map((l) => ({
            variantId: variants.get(`${(l.limited ? limited : open).id} ${l.size}`) as string,
            framing: l.framed ? l.size : null,
            quantity: l.quantity,
          })),
          country,
          discountCode: code ? 'wicklow' : undefined,
        };

        const { quote } = quoteCart(db, input, new Date());
        const applied = ratesForDestination(country, oss, DEFAULT_VAT_RATES, ossRateTable([]));
        // Shipping carries the rates of the goods it delivers, and adds up to the shipping charged.
        const goodsRates = new Set(
          quote.lines.flatMap((l) => [l.print, l.frame ?? l.print].map((p) => p.rateBp)),
        );
        for (const part of quote.shipping) {
          expect(goodsRates.has(part.rateBp) || part.rateBp === applied.rates.shipping).toBe(true);
        }
        expect(quote.shipping.reduce((n, p) => n + p.grossCents, 0)).toBe(quote.shippingCents);
        let created: Awaited<ReturnType<typeof createPaypalOrder>>;
        try {
          created = await createPaypalOrder(db, client, input);
        } catch (err) {
          // A code that covers the whole order cannot be paid through PayPal: nothing to compare.
          if (err instanceof HttpError && quote.totalCents <= 0) return;
          throw err;
        }
        const paid = await capturePaypalOrder(db, client, created.id, { ...CUSTOMER, country });
        expect(paid).toMatchObject({ paid: true });

        const order = getOrderWithItems(db, created.orderId);
        if (!order) throw new Error('the order was not stored');
        const rows = orderBreakdown(order);

        // The quote's figures, and they add up.
        expect(cents(rows, 'items')).toBe(quote.itemTotalCents);
        expect(cents(rows, 'shipping')).toBe(quote.shippingCents);
        expect(Math.abs(cents(rows, 'discount'))).toBe(quote.discountCents);
        expect(cents(rows, 'total')).toBe(quote.totalCents);
        expect(rows.filter((r) => r.kind === 'vat').map((r) => r.cents)).toEqual(
          quote.vat.map((v) => v.vatCents),
        );
        const parts = money(rows).filter((r) => r.kind !== 'total');
        expect(parts.reduce((n, r) => n + r.cents, 0)).toBe(cents(rows, 'total'));

        // What PayPal was asked for and captured.
        const atPaypal = fake.orders.get(created.id);
        expect(decimalStringToCents(atPaypal?.purchaseUnits[0]?.amount.value ?? '')).toBe(quote.totalCents);
        expect(atPaypal?.captures.map((c) => decimalStringToCents(c.amount.value))).toEqual([
          quote.totalCents,
        ]);

        // The confirmation page and the owner's dialog: the same rows.
        expect(getOrderReceipt(db, order.id)?.breakdown).toEqual(rows);
        expect(adminOrderDetailsJson(getOrderDetails(db, order.id)).breakdown).toEqual(
          rows.map((r) => ({ kind: r.kind, label: r.label, amount: centsToDecimal(r.cents) })),
        );

        // Every mail: each row, as one line.
        const written = breakdownTextLines(rows);
        const mails = orderMailTexts(order, SIGNED);
        const texts = [
          mails.customer,
          mails.owner,
          statusMail(order, 'processing', SIGNED)?.text,
          statusMail(order, 'shipped', SIGNED)?.text,
          statusMail(order, 'cancelled', SIGNED)?.text,
          refundMail(order, order.totalAmountCents, SIGNED).text,
        ];
        for (const text of texts) {
          const mailLines = (text ?? '').split('\n');
          for (const line of written) expect(mailLines).toContain(line);
        }
        db.$client.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe('the rows', () => {
  const line = {
    quantity: 1,
    priceCents: 4500,
    framingPriceCents: 0,
    discountCents: 450,
    vatRateBp: 2300,
    vatCents: 757,
    framingVatRateBp: null,
    framingVatCents: null,
    framingDiscountCents: 0,
  };

  it('name shipping by its zone, the discount by its code, and free shipping as free', () => {
    const rows = orderBreakdown({
      totalAmountCents: 4050,
      itemTotalCents: 4500,
      shippingCents: 0,
      shippingZone: 'ie',
      shippingVatRateBp: 2300,
      shippingVatCents: 0,
      discountCents: 450,
      discountCode: 'SPRING',
      items: [line],
    });
    expect(rows.map((r) => `${r.label}: ${breakdownAmount(r)}`)).toEqual([
      'Items: €45.00',
      'Shipping to Ireland: Free',
      'Discount (SPRING): −€4.50',
      'Total (incl. VAT): €40.50',
      'Including VAT at 23%: €7.57',
    ]);
  });

  it('show an order made before shipping was charged with its items and total only', () => {
    const rows = orderBreakdown({
      totalAmountCents: 4500,
      itemTotalCents: null,
      shippingCents: null,
      shippingZone: null,
      shippingVatRateBp: null,
      shippingVatCents: null,
      discountCents: null,
      discountCode: null,
      items: [{ ...line, discountCents: 0, vatRateBp: null, vatCents: null }],
    });
    expect(breakdownTextLines(rows)).toEqual(['Items: €45.00', 'Total (incl. VAT): €45.00']);
  });
});
