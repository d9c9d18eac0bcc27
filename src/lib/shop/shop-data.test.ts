// The shop's compact rows: a card during a sale says the same sale line whether the server drew it or
// the shop's filter drew it in the browser from /shop/data.json (both decode the row).
import { describe, expect, it } from 'vitest';
import { cardSaleWords } from '~/lib/shop/price-sales';
import { decodeShopRow, type ShopRow, withCardSales, withEditions } from '~/lib/shop/shop-data';

const row: ShopRow = [
  'p-tay',
  'Lough Tay',
  'Wicklow',
  'mountains',
  0,
  4050,
  6075,
  1,
  null,
  null,
  null,
  '/images/tay.jpg',
  'lough-tay',
  '',
];

describe('a card’s sale line', () => {
  it('reads "Sale: from" the sale price beside the true "was" price, and nothing without one', () => {
    expect(cardSaleWords(4050, 4500)).toBe(
      'Sale: from €40.50, was €45.00 (lowest price in the 30 days before the sale)',
    );
    expect(cardSaleWords(4050, null)).toBe('');
  });

  it('travels in the row, after the places of the stars and the edition, and decodes to the same words', () => {
    const [onSale] = withCardSales([row], new Map([['p-tay', { wasCents: 4500 }]]));
    expect(onSale?.slice(14)).toEqual([0, 0, 0, 0, 4500]);
    const item = decodeShopRow(onSale as ShopRow);
    expect(item.sale).toBe(cardSaleWords(4050, 4500));
    // No stars, no edition: the filled places say none.
    expect(item).toMatchObject({ ratingCount: 0, edition: '', soldOut: false });
    expect(JSON.parse(JSON.stringify(onSale))).toEqual(onSale);
  });

  it('keeps an edition beside the sale, and leaves a row without a reduction as it was', () => {
    const limited = withEditions([row], new Map([['p-tay', { editionSize: 30, left: 4 }]]));
    const [both] = withCardSales(limited, new Map([['p-tay', { wasCents: 4500 }]]));
    expect(decodeShopRow(both as ShopRow)).toMatchObject({
      edition: 'Limited edition of 30 · 4 left',
      sale: cardSaleWords(4050, 4500),
    });
    const [plain] = withCardSales([row], new Map([['p-tay', { wasCents: null }]]));
    expect(plain).toBe(row);
    expect(decodeShopRow(row).sale).toBe('');
  });
});
