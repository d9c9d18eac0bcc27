// Reads of the photo catalogue. Services are verb-noun functions over the db (no repository
// classes: drizzle already is the query layer).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PhotoForm } from '~/lib/photos/schemas';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { repriceVariants } from '~/lib/shop/price-list-repricing.server';
import { photoSellableSql, printOfferedSql, readOfferFacts } from '~/lib/shop/print-fit.server';
import { setPhotoSlug } from '~/lib/shop/print-slugs.server';
import { createVariantsForPhoto } from '~/lib/shop/products.server';
import type { ShopRow } from '~/lib/shop/shop-data';
import { type Photo, photos } from '~db/schema';
import type { PhotoMediaFields } from './photo-media.server';

export function listActivePhotos(db: Db): Photo[] {
  return db.select().from(photos).where(eq(photos.isActive, true)).orderBy(desc(photos.createdAt)).all();
}

/** The home gallery's order of featured photos: the owner's places first, then the rest oldest first. */
export function featuredOrdering() {
  return [sql`${photos.featuredOrder} is null`, asc(photos.featuredOrder), asc(photos.createdAt)] as const;
}

/** Only featured photos (in the owner's order), or all of the slice when none is featured. */
export function listFeaturedPhotos(db: Db, limit: number): Photo[] {
  const featured = db
    .select()
    .from(photos)
    .where(and(eq(photos.isActive, true), eq(photos.featured, true)))
    .orderBy(...featuredOrdering())
    .limit(limit)
    .all();
  if (featured.length > 0) return featured;
  return db
    .select()
    .from(photos)
    .where(eq(photos.isActive, true))
    .orderBy(asc(photos.createdAt))
    .limit(limit)
    .all();
}

export function getHomepageHero(db: Db): Photo | undefined {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.isActive, true), eq(photos.homepageHero, true)))
    .get();
}

/** The columns the photo dialog sets, for adding and editing alike. */
function formFields(form: PhotoForm) {
  return {
    title: form.title,
    description: form.description ?? null,
    category: form.category,
    location: form.location ?? null,
    keywords: form.keywords ?? null,
    featured: form.featured,
  };
}

/** Adds a photo with its media, its print page's slug and its six print variants, in one transaction. */
export function createPhoto(db: Db, form: PhotoForm, media: PhotoMediaFields): Photo {
  return db.transaction((tx) => {
    const photo = tx
      .insert(photos)
      .values({ ...formFields(form), ...media })
      .returning()
      .get();
    createVariantsForPhoto(tx, photo.id);
    return { ...photo, slug: setPhotoSlug(tx, photo.id, photo.title) };
  });
}

/**
 * Edits a photo; without new media the current image is kept. A new title moves its print page to
 * the new title's slug, and the old address redirects there.
 */
export function updatePhoto(db: Db, id: string, form: PhotoForm, media: PhotoMediaFields | null): Photo {
  return db.transaction((tx) => {
    const updated = tx
      .update(photos)
      .set({ ...formFields(form), ...(media ?? {}) })
      .where(eq(photos.id, id))
      .returning()
      .get();
    if (!updated) throw new HttpError(404, 'That photo was not found.');
    // Its category may have changed, and with it the price list of its collection.
    repriceVariants(tx, [id]);
    return { ...updated, slug: setPhotoSlug(tx, id, updated.title) };
  });
}

/**
 * The shop's list, newest first: every active photo that can be sold (photoSellableSql) with the
 * price range of its variants at the sizes it fits, as the compact rows of lib/shop/shop-data.ts (the client-side filter's data and
 * the page's cards); a slice of it with `page`. Only the light columns (placeholders and descriptions
 * are read for the cards shown).
 * SQLite builds the rows itself and drizzle hands them over as arrays (`values`), because mapping
 * 2,000 rows into objects and then back into tuples cost more than the query.
 */
/** The names of a shop row's columns (ShopRow's order), for the query of every photo. */
const PRICED = [
  'id',
  'title',
  'location',
  'category',
  'featured',
  'low',
  'high',
  'created_at',
  'media_id',
  'width',
  'height',
  'image_url',
  'slug',
  'keywords',
];

export function listShopRows(db: Db, page?: { limit: number; offset: number }): ShopRow[] {
  // Correlated lowest and highest price over the (photo_id, price_cents, size) index, which holds
  // every column they read: each stops at the first price whose size fits (print-fit.ts), and the
  // newest-first order comes straight from the (is_active, created_at) index. No price is 0.
  // The shop's products and the lab's print areas, read once and written in as constants.
  const facts = readOfferFacts(db);
  const fits = printOfferedSql('p', 'pv', facts);
  const firstPrice = (order: 'asc' | 'desc') =>
    sql`(select pv.price_cents from product_variants pv where pv.photo_id = p.id and ${fits} order by pv.price_cents ${sql.raw(order)} limit 1)`;
  const priceOf = (order: 'asc' | 'desc') => sql`coalesce(${firstPrice(order)}, 0)`;
  const first = sql`p.id, p.title, coalesce(p.location, ''), p.category, p.featured`;
  const rest = sql`p.created_at, p.media_id, p.width, p.height,
      case when p.media_id is null then p.image_url else '' end, p.slug, coalesce(p.keywords, '')`;
  if (page) {
    return db.values<ShopRow>(
      sql`select ${first}, ${priceOf('asc')}, ${priceOf('desc')}, ${rest}
      from photos p where p.is_active = 1 and ${photoSellableSql('p', facts)} order by p.created_at desc
      limit ${page.limit} offset ${page.offset}`,
    );
  }
  // Every photo (the shop's data): a photo without a lowest price has no print on offer, which is
  // what photoSellableSql asks, so that third pass over each photo's prints is spared.
  // Materialised, so that the lowest price is worked out once per photo, not again for the filter.
  return db.values<ShopRow>(
    sql`with priced(${sql.raw(PRICED.join(', '))}, rid) as materialized (
        select ${first}, ${firstPrice('asc')}, ${priceOf('desc')}, ${rest}, p.rowid
        from photos p where p.is_active = 1)
      select ${sql.raw(PRICED.join(', '))} from priced where low is not null order by created_at desc, rid desc`,
  );
}

/** How many photos the shop shows: the active ones that can be sold. */
export function countShopPhotos(db: Db): number {
  return (
    db
      .select({ n: count() })
      .from(photos)
      .where(and(eq(photos.isActive, true), photoSellableSql('"photos"', readOfferFacts(db))))
      .get()?.n ?? 0
  );
}

/** Placeholders, colours, descriptions and image URLs of a few photos (the shop's first cards). */
export function getPhotoDetails(db: Db, ids: string[]) {
  if (ids.length === 0)
    return new Map<
      string,
      {
        description: string | null;
        dominantColor: string | null;
        placeholder: string | null;
        imageUrl: string;
      }
    >();
  const rows = db
    .select({
      id: photos.id,
      description: photos.description,
      dominantColor: photos.dominantColor,
      placeholder: photos.placeholder,
      imageUrl: photos.imageUrl,
    })
    .from(photos)
    .where(inArray(photos.id, ids))
    .all();
  return new Map(rows.map((r) => [r.id, r]));
}
