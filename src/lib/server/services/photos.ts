// Reads of the photo catalogue. Services are verb-noun functions over the db (DESIGN.md §3).
import { and, asc, desc, eq } from 'drizzle-orm';
import { type Photo, photos } from '../../../../db/schema';
import type { PhotoForm } from '../../shared/schemas';
import type { Db } from '../db';
import { HttpError } from '../http';
import type { PhotoMediaFields } from './photo-media';
import { createVariantsForPhoto } from './products';

export function listActivePhotos(db: Db): Photo[] {
  return db.select().from(photos).where(eq(photos.isActive, true)).orderBy(desc(photos.createdAt)).all();
}

/** SPEC §2: only featured photos, or all of the slice when none is featured. */
export function listFeaturedPhotos(db: Db, limit: number): Photo[] {
  const featured = db
    .select()
    .from(photos)
    .where(and(eq(photos.isActive, true), eq(photos.featured, true)))
    .orderBy(asc(photos.createdAt))
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

/** Adds a photo with its media and its six print variants, in one transaction. */
export function createPhoto(db: Db, form: PhotoForm, media: PhotoMediaFields): Photo {
  return db.transaction((tx) => {
    const photo = tx
      .insert(photos)
      .values({
        title: form.title,
        description: form.description ?? null,
        category: form.category,
        location: form.location ?? null,
        featured: form.featured,
        ...media,
      })
      .returning()
      .get();
    createVariantsForPhoto(tx, photo.id);
    return photo;
  });
}

/** Edits a photo; without new media the current image is kept (SPEC §4, Photo dialog). */
export function updatePhoto(db: Db, id: string, form: PhotoForm, media: PhotoMediaFields | null): Photo {
  const updated = db
    .update(photos)
    .set({
      title: form.title,
      description: form.description ?? null,
      category: form.category,
      location: form.location ?? null,
      featured: form.featured,
      ...(media ?? {}),
    })
    .where(eq(photos.id, id))
    .returning()
    .get();
  if (!updated) throw new HttpError(404, 'That photo was not found.');
  return updated;
}
