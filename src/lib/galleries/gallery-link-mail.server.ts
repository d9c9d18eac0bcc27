// Mails that carry a recipient's link. A link's token is kept only as its hash, so the address
// cannot be read back to mail it again: each such mail issues a fresh token for that same link (its
// visits, hearts and notes stay with it) and the address the recipient had stops working at once.
// Mails go through the queue, in the caller's transaction.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '~/lib/platform/server/db';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailBlock, mailLine } from '~/lib/platform/server/mail/mail-text';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { type galleries, galleryLinks } from '~db/schema';
import { linkUrl, newLinkToken } from './link-token.server';

type GalleryRow = typeof galleries.$inferSelect;
type LinkRow = typeof galleryLinks.$inferSelect;

const past = (at: Date | null, now: Date) => at !== null && at.getTime() <= now.getTime();

/** The day a link really stops working: the earlier of its own last day and its gallery's, or null. */
export function linkLastDay(link: Pick<LinkRow, 'expiresAt'>, gallery: Pick<GalleryRow, 'expiresAt'>) {
  const ends = [link.expiresAt, gallery.expiresAt].filter((d): d is Date => d !== null);
  if (ends.length === 0) return null;
  const at = Math.min(...ends.map((d) => d.getTime()));
  // An expiry is the midnight after the last day.
  return irishDay(new Date(at - 1));
}

/** Whether a link opens its gallery now: not revoked, neither it nor its gallery past its last day. */
export function linkOpens(link: LinkRow, gallery: GalleryRow, now: Date): boolean {
  return !link.revokedAt && !past(link.expiresAt, now) && !past(gallery.expiresAt, now);
}

/** Gives a link a fresh token (the old address stops working); answers the new token. */
export function issueFreshToken(tx: Tx, linkId: string): string {
  const { token, tokenHash } = newLinkToken();
  tx.update(galleryLinks).set({ tokenHash }).where(eq(galleryLinks.id, linkId)).run();
  return token;
}

function compact(lines: string[]): string {
  return lines.filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== '')).join('\n');
}

/** The mail of a link: the gallery's message, the address, the PIN and the last day. */
export function linkMail(gallery: GalleryRow, link: LinkRow, token: string, replaced: boolean) {
  const until = linkLastDay(link, gallery);
  return {
    to: link.recipientEmail ?? '',
    subject: `Your photos: ${mailLine(gallery.title)}`,
    text: compact([
      `Hello ${mailLine(link.recipientName)},`,
      '',
      gallery.message ? mailBlock(gallery.message) : 'Your photos are ready to view.',
      '',
      `Open your gallery: ${linkUrl(token)}`,
      gallery.pinHash ? 'You will be asked for the PIN the photographer gave you.' : '',
      until ? `The link works until ${until} (inclusive).` : '',
      '',
      replaced ? 'This link replaces the one you were sent before, which no longer works.' : '',
      'This link is yours alone: please do not share it.',
    ]),
  };
}

/**
 * When the owner releases a gallery, each recipient whose link opens it and who has an e-mail
 * address is mailed a fresh link to it, in the release's transaction. Answers how many were mailed.
 */
export function queueReleaseMails(tx: Tx, gallery: GalleryRow, now: Date): number {
  const links = tx
    .select()
    .from(galleryLinks)
    .where(and(eq(galleryLinks.galleryId, gallery.id), isNull(galleryLinks.revokedAt)))
    .all()
    .filter((l) => l.recipientEmail && linkOpens(l, gallery, now));
  for (const link of links) {
    const token = issueFreshToken(tx, link.id);
    const until = linkLastDay(link, gallery);
    queueMail(tx, {
      to: link.recipientEmail ?? '',
      subject: `Your photos are ready: ${mailLine(gallery.title)}`,
      text: compact([
        `Hello ${mailLine(link.recipientName)},`,
        '',
        gallery.downloads === 'none'
          ? `Your photos from "${mailLine(gallery.title)}" are released: you can now see them in full.`
          : `Your photos from "${mailLine(gallery.title)}" are released: you can now see them in full and download them.`,
        '',
        `Open your gallery: ${linkUrl(token)}`,
        gallery.pinHash ? 'You will be asked for the PIN the photographer gave you.' : '',
        until ? `The link works until ${until} (inclusive).` : '',
        '',
        'This link replaces the one you were sent before, which no longer works.',
        'It is yours alone: please do not share it.',
      ]),
    });
  }
  return links.length;
}
