// Reads of the photo catalogue. Services are verb-noun functions over the db (DESIGN.md §3).
import { and, asc, desc, eq } from 'drizzle-orm';
import { type Photo, photos } from '../../../../db/schema';
import type { Db } from '../db';

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
