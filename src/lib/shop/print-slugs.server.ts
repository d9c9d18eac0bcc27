// The address of each print page, /prints/{slug}. A slug is the photo's title folded to lower-case
// ASCII words joined by hyphens ("Glendalough at Dúsk" → glendalough-at-dusk), unique across the
// shop: a title that another photo's page already uses gets -2, -3… When a title changes, the photo
// gets the slug of its new title and its old one is kept in photo_slug_redirects, so a link shared
// before the rename (on Instagram, in a search engine) still leads to the print with a 301. An old
// slug stays reserved for its photo: a later photo of the same title gets a suffix rather than
// taking over an address that is out in the world.
import slugify from '@sindresorhus/slugify';
import { and, asc, eq, isNull, like, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { photoSlugRedirects, photos } from '~db/schema';

/** Slugs stay short enough to read in a link preview; longer titles are cut at a word. */
export const MAX_SLUG_LENGTH = 80;
/** What a title with no letters or digits that fold to ASCII (only symbols, say) is called. */
const FALLBACK_SLUG = 'print';
/** The shape of every slug made here; anything else in a /prints/ address is no page. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title asks for, before any suffix: lower-case ASCII words joined by single hyphens. */
export function slugBase(title: string): string {
  // decamelize off: "McGuinness" is a name, not two words.
  let slug = slugify(title, { decamelize: false });
  if (slug.length > MAX_SLUG_LENGTH) {
    const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
    const lastHyphen = cut.lastIndexOf('-');
    slug = (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/, '');
  }
  return slug || FALLBACK_SLUG;
}

/** Whether `slug` is `base` itself or `base` with a number suffix (base-2, base-3…). */
function belongsTo(slug: string, base: string): boolean {
  return (
    slug === base || (slug.startsWith(`${base}-`) && /^(?:[2-9]|[1-9]\d+)$/.test(slug.slice(base.length + 1)))
  );
}

/**
 * The first free slug for a title: its base, else base-2, base-3… A slug is taken when another
 * photo uses it now or used it before a rename. `photoId` is the photo being named: its own current
 * and old slugs count as free for it.
 */
export function freeSlug(db: Db | Tx, title: string, photoId?: string): string {
  const base = slugBase(title);
  const near = (column: typeof photos.slug | typeof photoSlugRedirects.slug) =>
    or(eq(column, base), like(column, `${base}-%`));
  const others = (column: typeof photos.id | typeof photoSlugRedirects.photoId) =>
    photoId === undefined ? undefined : ne(column, photoId);
  const taken = new Set<string>([
    ...db
      .select({ slug: photos.slug })
      .from(photos)
      .where(and(near(photos.slug), others(photos.id)))
      .all()
      .flatMap((r) => (r.slug ? [r.slug] : [])),
    ...db
      .select({ slug: photoSlugRedirects.slug })
      .from(photoSlugRedirects)
      .where(and(near(photoSlugRedirects.slug), others(photoSlugRedirects.photoId)))
      .all()
      .map((r) => r.slug),
  ]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Gives a photo the slug of its (new) title, in the caller's transaction. A slug that already
 * belongs to the title (base or base-N) is kept, so saving a photo without renaming it, or with a
 * title that folds to the same words, changes no address. Otherwise the old slug becomes a
 * redirect to the photo and the new one stops being one (a photo renamed back gets its old
 * address back). Returns the photo's slug.
 */
export function setPhotoSlug(tx: Db | Tx, photoId: string, title: string): string {
  const current = tx.select({ slug: photos.slug }).from(photos).where(eq(photos.id, photoId)).get()?.slug;
  if (current && belongsTo(current, slugBase(title))) return current;
  const next = freeSlug(tx, title, photoId);
  tx.delete(photoSlugRedirects).where(eq(photoSlugRedirects.slug, next)).run();
  if (current) {
    tx.insert(photoSlugRedirects)
      .values({ slug: current, photoId })
      .onConflictDoUpdate({ target: photoSlugRedirects.slug, set: { photoId } })
      .run();
  }
  tx.update(photos).set({ slug: next }).where(eq(photos.id, photoId)).run();
  return next;
}

/**
 * Names every photo that has no slug yet (those added before print pages existed), oldest first so
 * that the first of two photos with one title keeps the plain address. Run at every start; a no-op
 * once every photo has its slug. Returns how many were named.
 */
export function fillMissingSlugs(db: Db): number {
  return db.transaction(
    (tx) => {
      const unnamed = tx
        .select({ id: photos.id, title: photos.title })
        .from(photos)
        .where(isNull(photos.slug))
        .orderBy(asc(photos.createdAt))
        .all();
      for (const photo of unnamed) setPhotoSlug(tx, photo.id, photo.title);
      return unnamed.length;
    },
    { behavior: 'immediate' },
  );
}
