// The "Products the shop sells" card's form: filled from the server's view (a product sold before
// keeps its price), sent with a price only where the owner typed a new one, and a refusal placed
// under the price of the product it names.
import { describe, expect, it } from 'vitest';
import { type CatalogueView, catalogueSchema } from '~/lib/shop/catalogue-schemas';
import { ORIGINAL_PRODUCTS } from '~/lib/site/catalogue';
import { bodyOf, emptyPrices, fieldsOf, placeOf } from './catalogue-form';

const view: CatalogueView = {
  products: ORIGINAL_PRODUCTS.map((p) => ({
    ...p,
    priceCents: p.size === 'small' ? 4550 : 11000,
    photoCount: 3,
  })),
  keptPrices: [{ size: '16x24', finish: 'canvas', priceCents: 18000 }],
  activePhotos: 4,
};

describe('the products form', () => {
  it('ticks what the shop sells, each with its price in euros, and a kept price for one sold before', () => {
    const fields = fieldsOf(view);
    expect(fields['small:matte']).toEqual({ on: true, price: '45.50' });
    expect(fields['large:gloss']).toEqual({ on: true, price: '110' });
    expect(fields['16x24:canvas']).toEqual({ on: false, price: '180' });
    expect(fields['20x30:acrylic']).toEqual({ on: false, price: '' });
    expect(emptyPrices(fields)).toEqual([]);
  });

  it('sends the ticked products, with a price only where it is new', () => {
    const fields = fieldsOf(view);
    fields['small:gloss'] = { on: false, price: '45.50' };
    fields['large:matte'] = { on: true, price: '120' };
    fields['16x24:canvas'] = { on: true, price: '180.00' };
    fields['20x30:acrylic'] = { on: true, price: '300' };
    const body = bodyOf(fields, view);
    expect(body.products).toEqual([
      { size: 'small', finish: 'matte' },
      { size: 'medium', finish: 'matte' },
      { size: 'large', finish: 'matte', price: '120' },
      { size: 'medium', finish: 'gloss' },
      { size: 'large', finish: 'gloss' },
      { size: '16x24', finish: 'canvas' },
      { size: '20x30', finish: 'acrylic', price: '300' },
    ]);
    expect(catalogueSchema.safeParse(body).success).toBe(true);
  });

  it('finds a ticked product with no price, and places a refusal under the price it names', () => {
    const fields = fieldsOf(view);
    fields['20x30:acrylic'] = { on: true, price: ' ' };
    expect(emptyPrices(fields)).toEqual([{ size: '20x30', finish: 'acrylic' }]);
    const sent = bodyOf(fields, view).products;
    expect(placeOf('products.6.price', sent)).toBe('20x30:acrylic');
    expect(placeOf('products.0.price', sent)).toBe('small:matte');
    expect(placeOf('products.9.price', sent)).toBe('form');
    expect(placeOf('products', sent)).toBe('form');
    expect(placeOf(undefined, sent)).toBe('form');
  });
});
