// The owner's "Products the shop sells": which products of the catalogue (a material in a size) the
// shop sells, at what price in the default list, and how many photos each can be offered for. Saving
// turns products on and off in one transaction: a product turned on gives every photo its variant
// (priced by the photo's list), one turned off leaves the shop's reads at once (printOfferedSql)
// while its variants stay, so past orders and carts still name them.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { CATALOGUE_PRODUCTS, type CatalogueProduct, productKey, productWords } from '~/lib/site/catalogue';
import { appMeta, catalogueOffers, photos, productVariants } from '~db/schema';
import { offeredProducts } from './catalogue-offers.server';
import type { CatalogueInput, CatalogueView, PricedProduct } from './catalogue-schemas';
import {
  currentPrices,
  pinDefaultPrices,
  printPriceKey,
  writeDefaultPrice,
} from './default-price-list.server';
import { repriceVariants } from './price-list-repricing.server';
import { gridPrice } from './price-lists';
import { DEFAULT_PRINT_PRICES_CENTS } from './pricing-defaults';
import { variantFitsPhoto } from './print-fit.server';
import { createMissingVariants } from './products.server';

/** What the owner's card shows (GET /api/admin/catalogue). */
export function catalogueView(db: Db | Tx): CatalogueView {
  const prices = currentPrices(db);
  const counts = new Map(
    db
      .select({ size: productVariants.size, finish: productVariants.finish, n: count() })
      .from(productVariants)
      .innerJoin(photos, eq(photos.id, productVariants.photoId))
      .where(and(eq(photos.isActive, true), variantFitsPhoto()))
      .groupBy(productVariants.size, productVariants.finish)
      .all()
      .map((r) => [productKey(r.size, r.finish), r.n]),
  );
  const activePhotos = db.select({ n: count() }).from(photos).where(eq(photos.isActive, true)).get()?.n ?? 0;
  const offered = offeredProducts(db);
  return {
    products: offered.map((p) => ({
      ...p,
      priceCents: gridPrice(prices, p.size, p.finish) ?? null,
      photoCount: counts.get(productKey(p.size, p.finish)) ?? 0,
    })),
    keptPrices: keptPrices(db, new Set(offered.map((p) => productKey(p.size, p.finish)))),
    activePhotos,
  };
}

/** The prices the default list keeps for the catalogue's products that are not in `offered`. */
function keptPrices(db: Db | Tx, offered: ReadonlySet<string>): PricedProduct[] {
  const others = CATALOGUE_PRODUCTS.filter((p) => !offered.has(productKey(p.size, p.finish)));
  if (others.length === 0) return [];
  const saved = new Map(
    db
      .select()
      .from(appMeta)
      .where(
        inArray(
          appMeta.key,
          others.map((p) => printPriceKey(p.size, p.finish)),
        ),
      )
      .all()
      .map((r) => [r.key, Number(r.value)]),
  );
  return others.flatMap((p) => {
    const cents =
      saved.get(printPriceKey(p.size, p.finish)) ?? gridPrice(DEFAULT_PRINT_PRICES_CENTS, p.size, p.finish);
    return cents !== undefined && Number.isInteger(cents) && cents >= 0 ? [{ ...p, priceCents: cents }] : [];
  });
}

/**
 * Sets the products the shop sells to exactly these. A product given a price has it in the default
 * list; a product turned on with no price of its own anywhere is refused (422, naming it), and
 * nothing is saved.
 */
export function saveCatalogue(db: Db, input: CatalogueInput): CatalogueView {
  return db.transaction(
    (tx) => {
      // Prices the default list has now are written down, so turning products on never moves them.
      pinDefaultPrices(tx);
      for (const p of input.products) {
        if (p.price !== null) writeDefaultPrice(tx, p.size, p.finish, p.price);
      }
      tx.delete(catalogueOffers).run();
      tx.insert(catalogueOffers)
        .values(input.products.map((p) => ({ size: p.size, finish: p.finish })))
        .run();
      const prices = currentPrices(tx);
      const unpriced = input.products.find((p) => gridPrice(prices, p.size, p.finish) === undefined);
      if (unpriced) {
        throw new HttpError(422, `Give ${productWords(unpriced)} prints a price: they have none yet.`, {
          field: `products.${input.products.indexOf(unpriced)}.price`,
        });
      }
      createMissingVariants(tx);
      repriceVariants(tx, 'all');
      return catalogueView(tx);
    },
    { behavior: 'immediate' },
  );
}

/** Whether the shop sells this product now (the checkout's check of a line). */
export function isOffered(db: Db | Tx, size: CatalogueProduct['size'], finish: CatalogueProduct['finish']) {
  return Boolean(
    db
      .select({ one: sql`1` })
      .from(catalogueOffers)
      .where(and(eq(catalogueOffers.size, size), eq(catalogueOffers.finish, finish)))
      .get(),
  );
}
