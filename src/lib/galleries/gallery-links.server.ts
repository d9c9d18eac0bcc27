// Each recipient's own link to a gallery, /g/{token}. The token is shown to the owner once, when the
// link is made, and only its hash is kept: the owner can mail it then (or have it mailed at once),
// later mail a fresh address in its place ("Email link again"), revoke the link, or change its
// expiry, and sees its last visit, views, downloads and favourites.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { galleryFavourites, galleryLinks } from '~db/schema';
import { findGallery, type GalleryRow, isExpired, lastDayOf } from './galleries.server';
import { issueFreshToken, linkLastDay, linkMail } from './gallery-link-mail.server';
import { hashLinkToken, linkUrl, newLinkToken } from './link-token.server';
import type { LinkCreateInput, LinkUpdateInput } from './schemas';

export type LinkRow = typeof galleryLinks.$inferSelect;

export { linkUrl };

function findLink(db: Db | Tx, galleryId: string, linkId: string): LinkRow {
  const row = db
    .select()
    .from(galleryLinks)
    .where(and(eq(galleryLinks.id, linkId), eq(galleryLinks.galleryId, galleryId)))
    .get();
  if (!row) throw new HttpError(404, 'There is no such link in this gallery.');
  return row;
}

function queueLinkMail(
  tx: Db | Tx,
  gallery: GalleryRow,
  link: LinkRow,
  token: string,
  replaced = false,
): void {
  if (!link.recipientEmail)
    throw new HttpError(422, 'This recipient has no e-mail address to mail the link to.');
  queueMail(tx, linkMail(gallery, link, token, replaced));
}

/** A new link; the token is in the answer this once. */
export function createLink(
  db: Db,
  galleryId: string,
  input: LinkCreateInput,
): { link: LinkRow; token: string; url: string } {
  return db.transaction((tx) => {
    const gallery = findGallery(tx, galleryId);
    const { token, tokenHash } = newLinkToken();
    const link = tx
      .insert(galleryLinks)
      .values({
        galleryId,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail ?? null,
        expiresAt: input.expiresOn ?? null,
        tokenHash,
      })
      .returning()
      .get();
    if (input.mail) queueLinkMail(tx, gallery, link, token);
    return { link, token, url: linkUrl(token) };
  });
}

/** Revokes (at once) or restores a link, or changes its expiry. */
export function updateLink(
  db: Db,
  galleryId: string,
  linkId: string,
  input: LinkUpdateInput,
  now = new Date(),
) {
  return db.transaction((tx) => {
    findGallery(tx, galleryId);
    const current = findLink(tx, galleryId, linkId);
    const set: Partial<typeof galleryLinks.$inferInsert> = {};
    if (input.revoked !== undefined) set.revokedAt = input.revoked ? (current.revokedAt ?? now) : null;
    if (input.expiresOn !== undefined) set.expiresAt = input.expiresOn;
    if (Object.keys(set).length === 0) return current;
    return tx.update(galleryLinks).set(set).where(eq(galleryLinks.id, linkId)).returning().get();
  });
}

export function deleteLink(db: Db, galleryId: string, linkId: string): void {
  db.transaction((tx) => {
    findLink(tx, galleryId, linkId);
    tx.delete(galleryLinks).where(eq(galleryLinks.id, linkId)).run();
  });
}

/**
 * Mails a link to its recipient. Only the token's hash is kept, so the owner's screen sends back the
 * token it was shown; it must be this link's (compared by hash), or the mail is refused.
 */
export function mailLink(db: Db, galleryId: string, linkId: string, token: string): void {
  db.transaction((tx) => {
    const gallery = findGallery(tx, galleryId);
    const link = findLink(tx, galleryId, linkId);
    if (hashLinkToken(token) !== link.tokenHash)
      throw new HttpError(422, 'That is not this link’s address: make a new link to mail it.');
    if (link.revokedAt) throw new HttpError(409, 'This link is revoked: restore it before mailing it.');
    queueLinkMail(tx, gallery, link, token);
  });
}

/**
 * "Email link again": the address cannot be read back (only its token's hash is kept), so the link
 * gets a fresh token, the address the recipient had stops working at once, and the new one is mailed
 * through the queue in the same transaction. The link keeps its visits, hearts and notes. Answers
 * the new address, shown to the owner this once.
 */
export function mailLinkAgain(
  db: Db,
  galleryId: string,
  linkId: string,
  now = new Date(),
): { link: LinkRow; token: string; url: string } {
  return db.transaction((tx) => {
    const gallery = findGallery(tx, galleryId);
    const link = findLink(tx, galleryId, linkId);
    if (!link.recipientEmail)
      throw new HttpError(422, 'This recipient has no e-mail address to mail the link to.');
    if (link.revokedAt) throw new HttpError(409, 'This link is revoked: restore it before mailing it.');
    if (isExpired(gallery.expiresAt, now))
      throw new HttpError(409, 'This gallery has closed: give it a later last day before mailing the link.');
    if (isExpired(link.expiresAt, now))
      throw new HttpError(409, 'This link’s last day has passed: give it a later one before mailing it.');
    const token = issueFreshToken(tx, link.id);
    const fresh = findLink(tx, galleryId, linkId);
    queueLinkMail(tx, gallery, fresh, token, true);
    return { link: fresh, token, url: linkUrl(token) };
  });
}

/** A gallery's links, oldest first, each with its favourites counted. */
export function listLinks(db: Db, galleryId: string): (LinkRow & { favourites: number })[] {
  findGallery(db, galleryId);
  const favourites = new Map(
    db
      .select({ id: galleryFavourites.linkId, n: count() })
      .from(galleryFavourites)
      .innerJoin(galleryLinks, eq(galleryLinks.id, galleryFavourites.linkId))
      .where(eq(galleryLinks.galleryId, galleryId))
      .groupBy(galleryFavourites.linkId)
      .all()
      .map((r) => [r.id, r.n]),
  );
  return db
    .select()
    .from(galleryLinks)
    .where(eq(galleryLinks.galleryId, galleryId))
    .orderBy(galleryLinks.createdAt, sql`${galleryLinks}.rowid`)
    .all()
    .map((l) => ({ ...l, favourites: favourites.get(l.id) ?? 0 }));
}

type GalleryEnd = Pick<GalleryRow, 'expiresAt'>;

/** A link's state in a word for the owner's list: expired when it or its gallery is past its last day. */
export function linkState(l: LinkRow, gallery: GalleryEnd, now: Date): 'open' | 'revoked' | 'expired' {
  if (l.revokedAt) return 'revoked';
  return isExpired(l.expiresAt, now) || isExpired(gallery.expiresAt, now) ? 'expired' : 'open';
}

/**
 * A link as the owner's API answers it: never its token's hash. `expiresOn` is the link's own last
 * day (or null); `lastDay` the day it really stops working, the earlier of its own and its gallery's.
 */
export function linkJson(l: LinkRow & { favourites?: number }, gallery: GalleryEnd, now: Date) {
  return {
    id: l.id,
    recipientName: l.recipientName,
    recipientEmail: l.recipientEmail,
    state: linkState(l, gallery, now),
    expiresOn: lastDayOf(l.expiresAt),
    lastDay: linkLastDay(l, gallery),
    revokedAt: l.revokedAt?.toISOString() ?? null,
    lastVisitAt: l.lastVisitAt?.toISOString() ?? null,
    views: l.views,
    downloads: l.downloads,
    favourites: l.favourites ?? 0,
    selectionSentAt: l.selectionSentAt?.toISOString() ?? null,
    createdAt: l.createdAt.toISOString(),
  };
}
