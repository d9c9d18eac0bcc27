// A client's hearts, without an account: kept per link, with an optional note per photo. "Send my
// selection to the photographer" queues a mail to the owner (in the same transaction that marks
// the selection sent), listing the file names the way Lightroom's filter takes them, with the notes;
// sends that follow within ten minutes are gathered into one later mail.
import { and, asc, eq } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { latestMailOf, rewritePendingMail, seriesMailId } from '~/lib/platform/server/mail/mail-queue';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailBlock, mailLine } from '~/lib/platform/server/mail/mail-text';
import { IRISH_TIME_ZONE } from '~/lib/platform/shared/irish-dates';
import { galleryFavourites, galleryFiles, galleryLinks } from '~db/schema';
import type { Gallery, GalleryLink } from './gallery-access.server';

/** A ready file of this gallery, or 404: a link never reaches another gallery's files. */
export function fileOfGallery(db: Db, gallery: Gallery, fileId: string) {
  const file = db
    .select()
    .from(galleryFiles)
    .where(
      and(
        eq(galleryFiles.id, fileId),
        eq(galleryFiles.galleryId, gallery.id),
        eq(galleryFiles.status, 'ready'),
      ),
    )
    .get();
  if (!file) throw new HttpError(404, 'This file is not in the gallery.');
  return file;
}

/** Hearts a file (or changes its note). */
export function heart(db: Db, gallery: Gallery, link: GalleryLink, fileId: string, note: string): void {
  fileOfGallery(db, gallery, fileId);
  const value = note.trim() || null;
  db.insert(galleryFavourites)
    .values({ linkId: link.id, fileId, note: value })
    .onConflictDoUpdate({
      target: [galleryFavourites.linkId, galleryFavourites.fileId],
      set: { note: value },
    })
    .run();
}

/** Takes a heart away (nothing happens for a file not hearted). */
export function unheart(db: Db, gallery: Gallery, link: GalleryLink, fileId: string): void {
  fileOfGallery(db, gallery, fileId);
  db.delete(galleryFavourites)
    .where(and(eq(galleryFavourites.linkId, link.id), eq(galleryFavourites.fileId, fileId)))
    .run();
}

/** The link's hearted files, in the gallery's order. */
export function favouriteFiles(db: Db | Tx, link: GalleryLink) {
  return db
    .select({ file: galleryFiles, note: galleryFavourites.note })
    .from(galleryFavourites)
    .innerJoin(galleryFiles, eq(galleryFiles.id, galleryFavourites.fileId))
    .where(and(eq(galleryFavourites.linkId, link.id), eq(galleryFiles.status, 'ready')))
    .orderBy(asc(galleryFiles.sortOrder), asc(galleryFiles.createdAt))
    .all();
}

/**
 * The owner is mailed a link's selection at most once in this time. A client choosing photos sends
 * again and again while changing their mind (35 sends in a few minutes have been seen): ten minutes
 * keeps that to one mail at once and one more gathering the rest, while the owner still hears of
 * the last change within ten minutes of it.
 */
export const SELECTION_MAIL_EVERY_MS = 10 * 60_000;

const mailTime = new Intl.DateTimeFormat('en-IE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: IRISH_TIME_ZONE,
});

/** The mails of one link's selections, in the mail queue (ids `{series}{due time}`). */
const selectionSeries = (linkId: string) => `gallery-selection-${linkId}-`;

function selectionMail(
  gallery: Gallery,
  link: GalleryLink,
  chosen: ReturnType<typeof favouriteFiles>,
  now: Date,
  previous: Date | null,
) {
  const names = chosen.map(({ file }) => mailLine(file.fileName));
  const notes = chosen
    .filter(({ note }) => note)
    .map(({ file, note }) => `- ${mailLine(file.fileName)}:\n${mailBlock(note, '    ')}`);
  const who = mailLine(link.recipientName);
  const text = [
    previous
      ? `${who} changed their selection from the gallery "${mailLine(gallery.title)}" after the one mailed at ${mailTime.format(previous)}. This is the whole selection as it stood at ${mailTime.format(now)}: ${chosen.length} photo${chosen.length === 1 ? '' : 's'}.`
      : `${who} sent a selection of ${chosen.length} from the gallery "${mailLine(gallery.title)}".`,
    '',
    'File names (paste into Lightroom’s filter):',
    names.join(', '),
    ...(notes.length ? ['', 'Notes:', ...notes] : []),
    '',
    'Each recipient’s selection is also in the Galleries tab of /admin.',
  ].join('\n');
  const subject = `Selection from ${who}: ${mailLine(gallery.title)}${previous ? ' (updated)' : ''}`;
  return { to: getConfig().ownerEmail, subject, text };
}

/**
 * Marks the selection sent and mails it to the owner through the queue, in one transaction; 409
 * with no heart. Returns how many photos it holds. A link's selections are mailed at most once
 * every SELECTION_MAIL_EVERY_MS: a send within that time of the last mail rewrites one gathered
 * mail, due when the time is over, with the selection as it now stands, so the last change always
 * reaches the owner, delivered by the sender even if the client never sends again.
 */
export function sendSelection(db: Db, gallery: Gallery, link: GalleryLink, now = new Date()): number {
  return db.transaction((tx) => {
    const chosen = favouriteFiles(tx, link);
    if (chosen.length === 0)
      throw new HttpError(409, 'Heart at least one photo before sending your selection.');
    const series = selectionSeries(link.id);
    const last = latestMailOf(tx, series);
    const markSent = () =>
      tx.update(galleryLinks).set({ selectionSentAt: now }).where(eq(galleryLinks.id, link.id)).run();
    if (last && last.mail.status === 'pending' && last.mail.nextAttemptAt.getTime() > now.getTime()) {
      // A gathered mail is still waiting: it now carries this selection instead.
      const before = latestMailOf(tx, series, last.mail.id);
      const mail = selectionMail(gallery, link, chosen, now, before?.dueAt ?? null);
      if (rewritePendingMail(tx, last.mail.id, mail, now)) {
        markSent();
        return chosen.length;
      }
    }
    const dueAt = last
      ? new Date(Math.max(now.getTime(), last.dueAt.getTime() + SELECTION_MAIL_EVERY_MS))
      : now;
    const gathered = dueAt.getTime() > now.getTime();
    const mail = selectionMail(gallery, link, chosen, now, gathered ? (last?.dueAt ?? null) : null);
    queueMail(tx, mail, { id: seriesMailId(series, dueAt), dueAt, now });
    markSent();
    return chosen.length;
  });
}
