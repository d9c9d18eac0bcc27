// A gallery kept for proofing until its client has paid, then released: the steps another feature
// (a drone job's delivery) takes inside its own transaction. Proofing means no downloads and no
// release: the client views watermarked copies and chooses favourites. Releasing opens the
// downloads (originals, when the gallery offered none while proofing) and mails each recipient a
// fresh link, through the queue; releasing a gallery already released changes nothing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '~/lib/platform/server/db';
import { galleries, galleryLinks } from '~db/schema';
import { findGallery, type GalleryRow } from './galleries.server';
import { queueReleaseMails } from './gallery-link-mail.server';
import { newLinkToken } from './link-token.server';

/** Makes the gallery a proofing gallery again: no downloads, not released. */
export function holdForProofing(tx: Tx, galleryId: string, now = new Date()): GalleryRow {
  findGallery(tx, galleryId);
  tx.update(galleries)
    .set({ downloads: 'none', releasedAt: null, updatedAt: now })
    .where(eq(galleries.id, galleryId))
    .run();
  return findGallery(tx, galleryId);
}

/**
 * Releases the gallery and mails its recipients a fresh link. Answers the gallery and whether this
 * call released it (false when it was released already: nothing changes then).
 */
export function releaseGallery(
  tx: Tx,
  galleryId: string,
  now = new Date(),
): { gallery: GalleryRow; released: boolean } {
  const current = findGallery(tx, galleryId);
  if (current.releasedAt) return { gallery: current, released: false };
  const gallery = tx
    .update(galleries)
    .set({
      releasedAt: now,
      downloads: current.downloads === 'none' ? 'original' : current.downloads,
      updatedAt: now,
    })
    .where(and(eq(galleries.id, galleryId), isNull(galleries.releasedAt)))
    .returning()
    .get();
  if (!gallery) return { gallery: findGallery(tx, galleryId), released: false };
  queueReleaseMails(tx, gallery, now);
  return { gallery, released: true };
}

/**
 * Gives the client a link of their own to the gallery when no open link has their address yet (no
 * mail: the release mails it, or the owner does from the Galleries tab). Answers whether one was made.
 */
export function ensureRecipientLink(tx: Tx, galleryId: string, name: string, email: string): boolean {
  const existing = tx
    .select({ id: galleryLinks.id })
    .from(galleryLinks)
    .where(
      and(
        eq(galleryLinks.galleryId, galleryId),
        isNull(galleryLinks.revokedAt),
        sql`lower(${galleryLinks.recipientEmail}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .get();
  if (existing) return false;
  const { tokenHash } = newLinkToken();
  tx.insert(galleryLinks).values({ galleryId, recipientName: name, recipientEmail: email, tokenHash }).run();
  return true;
}
