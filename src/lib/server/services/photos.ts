// Reads of the photo catalogue. Services are verb-noun functions over the db (no repository
// classes: drizzle already is the query layer).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/lib/server/db';
import { HttpError } from '~/lib/server/http';
import type { PhotoForm } from '~/lib/shared/schemas';
import { type Photo, photos } from '~db/schema';
import type { PhotoMediaFields } from './photo-media';
import { printFitsSql } from './print-fit';
import { createVariantsForPhoto } from './products';

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
    featured: form.featured,
  };
}

/** Adds a photo with its media and its six print variants, in one transaction. */
export function createPhoto(db: Db, form: PhotoForm, media: PhotoMediaFields): Photo {
  return db.transaction((tx) => {
    const photo = tx
      .insert(photos)
      .values({ ...formFields(form), ...media })
      .returning()
      .get();
    createVariantsForPhoto(tx, photo.id);
    return photo;
  });
}

/** Edits a photo; without new media the current image is kept. */
export function updatePhoto(db: Db, id: string, form: PhotoForm, media: PhotoMediaFields | null): Photo {
  const updated = db
    .update(photos)
    .set({ ...formFields(form), ...(media ?? {}) })
    .where(eq(photos.id, id))
    .returning()
    .get();
  if (!updated) throw new HttpError(404, 'That photo was not found.');
  return updated;
}

/**
 * The shop's list in one query: every active photo, newest first, with the price range of its
 * variants at the sizes it fits; only the light columns (placeholders and descriptions are read for
 * the first cards).
 */
export function listShopPhotos(db: Db) {
  // Correlated min/max over the (photo_id, price_cents) index: no GROUP BY, and the newest-first
  // order comes straight from the (is_active, created_at) index.
  // Written out in full: drizzle leaves column names unqualified inside sql``, and an unqualified
  // "id" in the subquery would be the variant's own id.
  // Only the sizes the photo has enough pixels for count (print-fit.ts).
  const fits = printFitsSql('"photos"."width"', '"photos"."height"', 'pv.size');
  const priceOf = (fn: 'min' | 'max') =>
    sql<
      number | null
    >`(select ${sql.raw(fn)}(pv.price_cents) from product_variants pv where pv.photo_id = "photos"."id" and ${fits})`;
  return db
    .select({
      id: photos.id,
      title: photos.title,
      location: photos.location,
      category: photos.category,
      featured: photos.featured,
      createdAt: photos.createdAt,
      mediaId: photos.mediaId,
      width: photos.width,
      height: photos.height,
      imageUrl: photos.imageUrl,
      minCents: priceOf('min'),
      maxCents: priceOf('max'),
    })
    .from(photos)
    .where(eq(photos.isActive, true))
    .orderBy(desc(photos.createdAt))
    .all();
}

/** Placeholders, colours and descriptions of a few photos (the shop's first cards). */
export function getPhotoDetails(db: Db, ids: string[]) {
  if (ids.length === 0)
    return new Map<
      string,
      { description: string | null; dominantColor: string | null; placeholder: string | null }
    >();
  const rows = db
    .select({
      id: photos.id,
      description: photos.description,
      dominantColor: photos.dominantColor,
      placeholder: photos.placeholder,
    })
    .from(photos)
    .where(inArray(photos.id, ids))
    .all();
  return new Map(rows.map((r) => [r.id, r]));
}
