// The owner's galleries: created, changed, listed with their files and links counted, and deleted
// with their files. A gallery's PIN is kept only as a keyed hash; the answer says whether it has one.
// Releasing a gallery mails its recipients a fresh link to it.
// An expired gallery is hidden from its recipients, never deleted: the owner may extend it.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { releaseFiles } from '~/lib/media/stored-files.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { galleries, galleryFiles, galleryLinks } from '~db/schema';
import { queueReleaseMails } from './gallery-link-mail.server';
import { deleteGalleryKeys } from './gallery-store.server';
import { hashPin } from './link-token.server';
import type { GalleryCreateInput, GalleryUpdateInput } from './schemas';

export type GalleryRow = typeof galleries.$inferSelect;
export type GalleryFileRow = typeof galleryFiles.$inferSelect;

export interface GalleryCounts {
  files: number;
  ready: number;
  failed: number;
  links: number;
}

/** The gallery, or 404. */
export function findGallery(db: Db | Tx, id: string): GalleryRow {
  const row = db.select().from(galleries).where(eq(galleries.id, id)).get();
  if (!row) throw new HttpError(404, 'There is no such gallery.');
  return row;
}

export function isExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

function coverBelongs(db: Db | Tx, galleryId: string, fileId: string | null | undefined): void {
  if (!fileId) return;
  const file = db
    .select({ id: galleryFiles.id })
    .from(galleryFiles)
    .where(and(eq(galleryFiles.id, fileId), eq(galleryFiles.galleryId, galleryId)))
    .get();
  if (!file) throw new HttpError(422, 'The cover must be one of this gallery’s files.');
}

/** The columns an input sets (fields left out are not touched). */
function columnsOf(input: GalleryUpdateInput, now: Date): Partial<typeof galleries.$inferInsert> {
  const { pin, expiresOn, released, ...plain } = input;
  const set: Partial<typeof galleries.$inferInsert> = {};
  for (const [key, value] of Object.entries(plain)) {
    if (value !== undefined) (set as Record<string, unknown>)[key] = value;
  }
  if (pin !== undefined) set.pinHash = pin === null ? null : hashPin(pin);
  if (expiresOn !== undefined) {
    set.expiresAt = expiresOn;
    // A new expiry deserves its own reminder.
    set.reminderSentAt = null;
  }
  if (released !== undefined) set.releasedAt = released ? now : null;
  return set;
}

export function createGallery(db: Db, input: GalleryCreateInput, now = new Date()): GalleryRow {
  if (input.coverFileId) throw new HttpError(422, 'A new gallery has no files to choose a cover from yet.');
  return db
    .insert(galleries)
    .values({ ...columnsOf(input, now), title: input.title, clientName: input.clientName })
    .returning()
    .get();
}

export function updateGallery(db: Db, id: string, input: GalleryUpdateInput, now = new Date()): GalleryRow {
  return db.transaction((tx) => {
    const current = findGallery(tx, id);
    coverBelongs(tx, id, input.coverFileId);
    const set = columnsOf(input, now);
    // Releasing twice keeps the first release's time.
    if (input.released && current.releasedAt) delete set.releasedAt;
    const updated = tx
      .update(galleries)
      .set({ ...set, updatedAt: now })
      .where(eq(galleries.id, id))
      .returning()
      .get();
    // Released now: its recipients are told, with a link, in this same transaction.
    if (input.released && !current.releasedAt) queueReleaseMails(tx, updated, now);
    return updated;
  });
}

const countsBy = (rows: { id: string; n: number }[]) => new Map(rows.map((r) => [r.id, r.n]));

/** Every gallery, newest first, with its files and links counted. */
export function listGalleries(db: Db): (GalleryRow & { counts: GalleryCounts })[] {
  const fileRows = db
    .select({ id: galleryFiles.galleryId, status: galleryFiles.status, n: count() })
    .from(galleryFiles)
    .groupBy(galleryFiles.galleryId, galleryFiles.status)
    .all();
  const links = countsBy(
    db
      .select({ id: galleryLinks.galleryId, n: count() })
      .from(galleryLinks)
      .groupBy(galleryLinks.galleryId)
      .all(),
  );
  return db
    .select()
    .from(galleries)
    .orderBy(desc(galleries.createdAt), sql`${galleries}.rowid desc`)
    .all()
    .map((g) => {
      const mine = fileRows.filter((r) => r.id === g.id);
      const of = (status: string) => mine.find((r) => r.status === status)?.n ?? 0;
      return {
        ...g,
        counts: {
          files: mine.reduce((sum, r) => sum + r.n, 0),
          ready: of('ready'),
          failed: of('failed'),
          links: links.get(g.id) ?? 0,
        },
      };
    });
}

/** A gallery's files in their order. */
export function listGalleryFiles(db: Db | Tx, galleryId: string): GalleryFileRow[] {
  return db
    .select()
    .from(galleryFiles)
    .where(eq(galleryFiles.galleryId, galleryId))
    .orderBy(galleryFiles.sortOrder, galleryFiles.createdAt)
    .all();
}

/** Removes the stored files of gallery files whose rows are already gone. */
export async function releaseGalleryFiles(db: Db, files: readonly GalleryFileRow[]): Promise<number> {
  for (const file of files) {
    await deleteGalleryKeys([file.originalKey, file.streamKey]).catch((err) =>
      getLog().error({ err, fileId: file.id }, 'Could not remove a gallery original.'),
    );
  }
  const { removed } = await releaseFiles(db, { mediaIds: files.map((f) => f.mediaId) });
  return removed;
}

/** Deletes a gallery, its links and favourites, then its stored files through the stored-files rules. */
export async function deleteGallery(db: Db, id: string): Promise<{ filesRemoved: number }> {
  const files = db.transaction((tx) => {
    findGallery(tx, id);
    const rows = listGalleryFiles(tx, id);
    tx.delete(galleries).where(eq(galleries.id, id)).run();
    return rows;
  });
  return { filesRemoved: await releaseGalleryFiles(db, files) };
}

/** Deletes one file of a gallery and its stored files. */
export async function deleteGalleryFile(db: Db, galleryId: string, fileId: string): Promise<void> {
  const file = db.transaction((tx) => {
    findGallery(tx, galleryId);
    const row = tx
      .select()
      .from(galleryFiles)
      .where(and(eq(galleryFiles.id, fileId), eq(galleryFiles.galleryId, galleryId)))
      .get();
    if (!row) throw new HttpError(404, 'There is no such file in this gallery.');
    tx.delete(galleryFiles).where(eq(galleryFiles.id, fileId)).run();
    tx.update(galleries)
      .set({ coverFileId: null })
      .where(and(eq(galleries.id, galleryId), eq(galleries.coverFileId, fileId)))
      .run();
    return row;
  });
  await releaseGalleryFiles(db, [file]);
}

/** The last day an expiry leaves open (it closes at the midnight after), or null. */
export const lastDayOf = (at: Date | null): string | null =>
  at ? irishDay(new Date(at.getTime() - 1)) : null;

/** A gallery as the owner's API answers it: never its PIN's hash. */
export function galleryJson(g: GalleryRow & { counts?: GalleryCounts }, now: Date) {
  return {
    id: g.id,
    title: g.title,
    clientName: g.clientName,
    clientEmail: g.clientEmail,
    shootDate: g.shootDate,
    message: g.message,
    coverFileId: g.coverFileId,
    hasPin: g.pinHash !== null,
    expiresOn: lastDayOf(g.expiresAt),
    expired: isExpired(g.expiresAt, now),
    downloads: g.downloads,
    watermark: g.watermark,
    stripLocation: g.stripLocation,
    printsAllowed: g.printsAllowed,
    expiryReminder: g.expiryReminder,
    released: g.releasedAt !== null,
    releasedAt: g.releasedAt?.toISOString() ?? null,
    createdAt: g.createdAt.toISOString(),
    ...(g.counts ? { counts: g.counts } : {}),
  };
}

/** A gallery file as the owner's API answers it: never where its original is kept. */
export function galleryFileJson(f: GalleryFileRow) {
  return {
    id: f.id,
    kind: f.kind,
    fileName: f.fileName,
    contentType: f.contentType,
    size: f.size,
    sha256: f.sha256,
    status: f.status,
    error: f.error,
    mediaId: f.mediaId,
    width: f.width,
    height: f.height,
    durationMs: f.durationMs,
  };
}
