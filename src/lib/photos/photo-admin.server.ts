// The owner's Photos tab: every photo with what its badges need, the one homepage hero, hiding and
// showing, deleting a photo nobody ordered, editing with the old image's files released, and the
// order of the featured photos on the home page.
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { filesOfUrl, releaseFiles } from '~/lib/media/stored-files.server';
import type { PhotoForm } from '~/lib/photos/schemas';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { offeredSizes } from '~/lib/shop/catalogue-offers.server';
import { fitsBySize, type SizeFit } from '~/lib/shop/print-fit';
import { photoSellableSql } from '~/lib/shop/print-fit.server';
import { appMeta, type Photo, photos, productVariants } from '~db/schema';
import type { PhotoMediaFields } from './photo-media.server';
import { featuredOrdering, updatePhoto } from './photos.server';
import { HERO_SET_AT_KEY } from './public-photos.server';

/** When the hero photo was last chosen (the home page shows the latest of hero photo and hero background). */

/** Shop cards per page without JavaScript (/shop?page=N). */
export const SHOP_PAGE_SIZE = 24;

const NOT_FOUND = 'That photo was not found.';

const orderedSql = sql<number>`exists(
  select 1 from order_items oi join product_variants pv on pv.id = oi.product_variant_id
  where pv.photo_id = "photos"."id")`;

export interface AdminPhoto extends Photo {
  /** Whether any order (paid or not) holds a print of this photo: then it can only be hidden. */
  everOrdered: boolean;
  /** Whether the shop sells it: a variant at a size it has the pixels for (print-fit.ts). */
  sellable: boolean;
  /** Each print size's resolution and whether it fits. */
  printFit: SizeFit[];
  /** The /shop page that shows its card (active photos the shop sells only). */
  shopPage: number | null;
}

/** Every photo, active and hidden, newest first, and the ids of the home gallery's featured photos in order. */
export function listAdminPhotos(db: Db): { photos: AdminPhoto[]; featuredIds: string[] } {
  const rows = db
    .select({ photo: photos, ordered: orderedSql, sellable: sql<number>`${photoSellableSql('"photos"')}` })
    .from(photos)
    .orderBy(desc(photos.createdAt))
    .all();
  let activeIndex = 0;
  const sizes = offeredSizes(db);
  const list = rows.map(({ photo, ordered, sellable }) => ({
    ...photo,
    everOrdered: Boolean(ordered),
    sellable: Boolean(sellable),
    printFit: fitsBySize(photo.width, photo.height, sizes),
    shopPage: photo.isActive && sellable ? Math.floor(activeIndex++ / SHOP_PAGE_SIZE) + 1 : null,
  }));
  const featuredIds = db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.isActive, true), eq(photos.featured, true)))
    .orderBy(...featuredOrdering())
    .all()
    .map((r) => r.id);
  return { photos: list, featuredIds };
}

function findPhoto(db: Pick<Db, 'select'>, id: string): Photo {
  const photo = db.select().from(photos).where(eq(photos.id, id)).get();
  if (!photo) throw new HttpError(404, NOT_FOUND);
  return photo;
}

/**
 * Makes this photo the homepage hero, in one transaction that takes the write lock first (so two
 * owners' clicks on two connections cannot both win): the old hero loses the flag, this one gets it,
 * and the moment is kept in app_meta. A hidden photo cannot be the hero.
 */
export function setHomepageHero(db: Db, id: string): Photo {
  return db.transaction(
    (tx) => {
      const photo = findPhoto(tx, id);
      if (!photo.isActive) {
        throw new HttpError(400, 'A hidden photo cannot be the homepage hero. Show it first.');
      }
      const now = new Date();
      tx.update(photos)
        .set({ homepageHero: false, updatedAt: now })
        .where(and(eq(photos.homepageHero, true), ne(photos.id, id)))
        .run();
      const hero = tx
        .update(photos)
        .set({ homepageHero: true, updatedAt: now })
        .where(eq(photos.id, id))
        .returning()
        .get();
      const value = String(Date.now());
      tx.insert(appMeta)
        .values({ key: HERO_SET_AT_KEY, value })
        .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: now } })
        .run();
      return hero;
    },
    { behavior: 'immediate' },
  );
}

/** Hides a photo from every public page, or shows it again; hiding the hero clears its hero flag. */
export function setPhotoActive(db: Db, id: string, isActive: boolean): Photo {
  return db.transaction(
    (tx) => {
      findPhoto(tx, id);
      return tx
        .update(photos)
        .set({ isActive, ...(isActive ? {} : { homepageHero: false }), updatedAt: new Date() })
        .where(eq(photos.id, id))
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
}

export const ORDERED_PHOTO_MESSAGE =
  'This photo has been ordered, so it cannot be deleted: hide it instead, so that past orders still show what was bought.';

/**
 * Deletes a photo that was never ordered, with its print variants, then removes its files unless
 * another record uses them. A photo that any order (paid or not) holds a print of is refused (409).
 */
export async function deletePhoto(db: Db, id: string): Promise<void> {
  const photo = db.transaction(
    (tx) => {
      const found = findPhoto(tx, id);
      const ordered = tx.select({ ordered: orderedSql }).from(photos).where(eq(photos.id, id)).get();
      if (ordered?.ordered) throw new HttpError(409, ORDERED_PHOTO_MESSAGE);
      tx.delete(productVariants).where(eq(productVariants.photoId, id)).run();
      tx.delete(photos).where(eq(photos.id, id)).run();
      return found;
    },
    { behavior: 'immediate' },
  );
  await releaseFiles(db, { mediaIds: [photo.mediaId, ...(filesOfUrl(photo.imageUrl).mediaIds ?? [])] });
}

/** Edits a photo; when the edit brings a new image, the old image's files are released afterwards. */
export async function editPhoto(
  db: Db,
  id: string,
  form: PhotoForm,
  media: PhotoMediaFields | null,
): Promise<Photo> {
  const before = db.select().from(photos).where(eq(photos.id, id)).get();
  const updated = updatePhoto(db, id, form, media);
  if (before && media && before.mediaId !== updated.mediaId) {
    const old = filesOfUrl(before.imageUrl);
    await releaseFiles(db, { mediaIds: [before.mediaId, ...(old.mediaIds ?? [])], objectIds: old.objectIds });
  }
  return updated;
}

/**
 * The owner's order of the featured photos on the home page: the given ids take places 0, 1, 2…;
 * every other photo loses its place (it then follows, oldest first). Each id must be a featured photo.
 */
export function saveFeaturedOrder(db: Db, ids: readonly string[]): string[] {
  return db.transaction(
    (tx) => {
      const unique = [...new Set(ids)];
      if (unique.length !== ids.length) throw new HttpError(400, 'Each photo may appear only once.');
      const found =
        unique.length === 0
          ? []
          : tx
              .select({ id: photos.id, featured: photos.featured })
              .from(photos)
              .where(inArray(photos.id, unique))
              .all();
      if (found.length !== unique.length) throw new HttpError(404, NOT_FOUND);
      if (found.some((p) => !p.featured)) {
        throw new HttpError(400, 'Only featured photos can be put in order.');
      }
      tx.update(photos).set({ featuredOrder: null }).where(isNotNull(photos.featuredOrder)).run();
      unique.forEach((photoId, i) => {
        tx.update(photos).set({ featuredOrder: i }).where(eq(photos.id, photoId)).run();
      });
      return unique;
    },
    { behavior: 'immediate' },
  );
}
