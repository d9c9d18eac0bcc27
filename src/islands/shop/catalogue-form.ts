// The "Products the shop sells" card's form: for every product of the catalogue whether it is
// ticked and the price typed for it, filled from what the server sent; the body PUT
// /api/admin/catalogue takes; and where a refusal is said.
import { centsToDecimal } from '~/lib/platform/shared/format';
import type { CatalogueForm, CatalogueView } from '~/lib/shop/catalogue-schemas';
import { CATALOGUE_PRODUCTS, type CatalogueProduct, productKey } from '~/lib/site/catalogue';

export interface ProductField {
  on: boolean;
  /** The price in euros as typed. */
  price: string;
}

/** Every product of the catalogue by its key ("16x24:canvas"). */
export type CatalogueFields = Record<string, ProductField>;

const euros = (cents: number) => centsToDecimal(cents).replace(/\.00$/, '');

/** The price each product has now in the default list, in euros, by key (none: no price yet). */
export function knownPrices(view: CatalogueView): Map<string, string> {
  const known = new Map<string, string>();
  for (const p of view.keptPrices) known.set(productKey(p.size, p.finish), euros(p.priceCents));
  for (const p of view.products) {
    if (p.priceCents !== null) known.set(productKey(p.size, p.finish), euros(p.priceCents));
  }
  return known;
}

export function fieldsOf(view: CatalogueView): CatalogueFields {
  const known = knownPrices(view);
  const sold = new Set(view.products.map((p) => productKey(p.size, p.finish)));
  return Object.fromEntries(
    CATALOGUE_PRODUCTS.map(({ size, finish }) => {
      const key = productKey(size, finish);
      return [key, { on: sold.has(key), price: known.get(key) ?? '' }];
    }),
  );
}

/**
 * The body to send: the ticked products, by material then size, each with its price when the owner
 * typed one other than it has (the others keep theirs, even if changed elsewhere meanwhile).
 */
export function bodyOf(
  fields: CatalogueFields,
  view: CatalogueView,
): { products: CatalogueForm['products'] } {
  const known = knownPrices(view);
  const products = CATALOGUE_PRODUCTS.flatMap(({ size, finish }): CatalogueForm['products'] => {
    const key = productKey(size, finish);
    const field = fields[key];
    if (!field?.on) return [];
    const typed = field.price.trim();
    const same = known.has(key) && Number(typed) === Number(known.get(key));
    return [typed === '' || same ? { size, finish } : { size, finish, price: typed }];
  });
  return { products };
}

/** Ticked products whose price field is empty: a product is never sold without a price. */
export function emptyPrices(fields: CatalogueFields): CatalogueProduct[] {
  return CATALOGUE_PRODUCTS.filter(({ size, finish }) => {
    const field = fields[productKey(size, finish)];
    return field?.on && field.price.trim() === '';
  });
}

/**
 * Where a refusal is said: under a product's price when it is about one ("products.3.price", the
 * fourth product sent), else under the Save button ('form').
 */
export function placeOf(field: string | undefined, sent: readonly CatalogueProduct[]): string {
  const index = /^products\.(\d+)\.price$/.exec(field ?? '')?.[1];
  const product = index === undefined ? undefined : sent[Number(index)];
  return product ? productKey(product.size, product.finish) : 'form';
}
