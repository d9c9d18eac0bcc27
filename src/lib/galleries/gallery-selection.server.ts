// What one recipient chose: the photos they hearted, with their notes, in the gallery's order. The
// owner copies it as file names for Lightroom's filter or downloads it as CSV.
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { galleryFavourites, galleryFiles, galleryLinks } from '~db/schema';

export interface SelectedFile {
  fileName: string;
  note: string | null;
}

export function selectionOf(db: Db, galleryId: string, linkId: string): SelectedFile[] {
  const link = db
    .select({ id: galleryLinks.id })
    .from(galleryLinks)
    .where(and(eq(galleryLinks.id, linkId), eq(galleryLinks.galleryId, galleryId)))
    .get();
  if (!link) throw new HttpError(404, 'There is no such link in this gallery.');
  return db
    .select({ fileName: galleryFiles.fileName, note: galleryFavourites.note })
    .from(galleryFavourites)
    .innerJoin(galleryFiles, eq(galleryFiles.id, galleryFavourites.fileId))
    .where(and(eq(galleryFavourites.linkId, linkId), eq(galleryFiles.galleryId, galleryId)))
    .orderBy(galleryFiles.sortOrder, galleryFiles.createdAt)
    .all();
}

/**
 * The file names separated by commas, the form Lightroom's Library filter (Text, Filename,
 * Contains) takes to show exactly these photos.
 */
export function lightroomList(files: readonly SelectedFile[]): string {
  return files.map((f) => f.fileName.replace(/,/g, ' ')).join(', ');
}

const csvCell = (value: string): string => {
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function selectionCsv(files: readonly SelectedFile[]): string {
  const rows = [['file name', 'note'], ...files.map((f) => [f.fileName, f.note ?? ''])];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
