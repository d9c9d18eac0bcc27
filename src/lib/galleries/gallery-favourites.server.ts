// A client's hearts, without an account: kept per link, with an optional note per photo. "Send my
// selection to the photographer" queues one mail to the owner (in the same transaction that marks
// the selection sent), listing the file names the way Lightroom's filter takes them, with the notes.
import { and, asc, eq } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http';
import { queueMail } from '~/lib/platform/server/mail-sender';
import { mailBlock, mailLine } from '~/lib/platform/server/mail-text';
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
export function favouriteFiles(db: Db, link: GalleryLink) {
  return db
    .select({ file: galleryFiles, note: galleryFavourites.note })
    .from(galleryFavourites)
    .innerJoin(galleryFiles, eq(galleryFiles.id, galleryFavourites.fileId))
    .where(and(eq(galleryFavourites.linkId, link.id), eq(galleryFiles.status, 'ready')))
    .orderBy(asc(galleryFiles.sortOrder), asc(galleryFiles.createdAt))
    .all();
}

/** Queues the selection's mail to the owner and marks it sent; 409 with no heart. Returns how many. */
export function sendSelection(db: Db, gallery: Gallery, link: GalleryLink, now = new Date()): number {
  const chosen = favouriteFiles(db, link);
  if (chosen.length === 0)
    throw new HttpError(409, 'Heart at least one photo before sending your selection.');
  const names = chosen.map(({ file }) => mailLine(file.fileName));
  const notes = chosen
    .filter(({ note }) => note)
    .map(({ file, note }) => `- ${mailLine(file.fileName)}:\n${mailBlock(note, '    ')}`);
  const who = mailLine(link.recipientName);
  const text = [
    `${who} sent a selection of ${chosen.length} from the gallery "${mailLine(gallery.title)}".`,
    '',
    'File names (paste into Lightroom’s filter):',
    names.join(', '),
    ...(notes.length ? ['', 'Notes:', ...notes] : []),
    '',
    'Each recipient’s selection is also in the Galleries tab of /admin.',
  ].join('\n');
  db.transaction((tx) => {
    queueMail(tx, {
      to: getConfig().ownerEmail,
      subject: `Selection from ${who}: ${mailLine(gallery.title)}`,
      text,
    });
    tx.update(galleryLinks).set({ selectionSentAt: now }).where(eq(galleryLinks.id, link.id)).run();
  });
  return chosen.length;
}
