// What the client's page at /g/{token} shows: the gallery's words, its cover and its ready files in
// the owner's order, each with this link's heart and note. Nothing here reveals a file's key.
// A gallery can hold a thousand photos: the page renders only the first page of them, and the
// island fetches the next pages as the visitor scrolls, so the HTML and its render time stay small
// whatever the gallery's size.
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { galleryFavourites, galleryFiles } from '~db/schema';
import { type Gallery, type GalleryLink, printPass } from './gallery-access.server';
import { downloadsAllowed, isProofing, viewsMarked } from './gallery-delivery';
import { type ClientFile, type ClientGallery, FILES_PAGE_SIZE, type FilesPage } from './gallery-view';

const isReadyIn = (galleryId: string) =>
  and(eq(galleryFiles.galleryId, galleryId), eq(galleryFiles.status, 'ready'));

/** The ready files of a gallery, in the owner's order. */
export function readyFiles(db: Db, galleryId: string, page?: { offset: number; limit: number }) {
  const query = db
    .select()
    .from(galleryFiles)
    .where(isReadyIn(galleryId))
    .orderBy(asc(galleryFiles.sortOrder), asc(galleryFiles.createdAt), asc(galleryFiles.id));
  return page ? query.limit(page.limit).offset(page.offset).all() : query.all();
}

type FileRow = ReturnType<typeof readyFiles>[number];
const hasImage = (f: FileRow) => Boolean(f.mediaId && f.width && f.height);

/** This link's hearts on the gallery's ready files, with their notes. */
function heartsOf(db: Db, gallery: Gallery, link: GalleryLink): Map<string, string> {
  return new Map(
    db
      .select({ fileId: galleryFavourites.fileId, note: galleryFavourites.note })
      .from(galleryFavourites)
      .innerJoin(galleryFiles, eq(galleryFiles.id, galleryFavourites.fileId))
      .where(and(eq(galleryFavourites.linkId, link.id), isReadyIn(gallery.id)))
      .all()
      .map((f) => [f.fileId, f.note ?? ''] as const),
  );
}

/**
 * One page of the gallery's ready files from `offset`, as the client sees them, and the offset of
 * the next page (null after the last).
 */
export function galleryFilesPage(
  db: Db,
  gallery: Gallery,
  link: GalleryLink,
  offset: number,
  hearts = heartsOf(db, gallery, link),
): FilesPage {
  // One row more than a page tells whether another page follows, without counting.
  const rows = readyFiles(db, gallery.id, { offset, limit: FILES_PAGE_SIZE + 1 });
  const files: ClientFile[] = rows.slice(0, FILES_PAGE_SIZE).map((f) => ({
    id: f.id,
    kind: f.kind,
    fileName: f.fileName,
    width: f.width,
    height: f.height,
    dominantColor: f.dominantColor,
    placeholder: f.placeholder,
    hasImage: hasImage(f),
    durationMs: f.durationMs,
    favourite: hearts.has(f.id),
    note: hearts.get(f.id) ?? '',
  }));
  return { files, next: rows.length > FILES_PAGE_SIZE ? offset + FILES_PAGE_SIZE : null };
}

/** The cover: the owner's choice while it is ready with an image, else the first file with one. */
function coverOf(db: Db, gallery: Gallery): ClientGallery['cover'] {
  const withImage = and(
    isReadyIn(gallery.id),
    isNotNull(galleryFiles.mediaId),
    isNotNull(galleryFiles.width),
    isNotNull(galleryFiles.height),
  );
  const pick = () =>
    db
      .select({ id: galleryFiles.id, width: galleryFiles.width, height: galleryFiles.height })
      .from(galleryFiles);
  const found =
    (gallery.coverFileId
      ? pick()
          .where(and(withImage, eq(galleryFiles.id, gallery.coverFileId)))
          .get()
      : undefined) ??
    pick()
      .where(withImage)
      .orderBy(asc(galleryFiles.sortOrder), asc(galleryFiles.createdAt), asc(galleryFiles.id))
      .limit(1)
      .get();
  return found?.width && found.height ? { id: found.id, width: found.width, height: found.height } : null;
}

export function galleryView(db: Db, gallery: Gallery, link: GalleryLink): ClientGallery {
  const hearts = heartsOf(db, gallery, link);
  const total = db.select({ n: count() }).from(galleryFiles).where(isReadyIn(gallery.id)).get()?.n ?? 0;
  return {
    title: gallery.title,
    clientName: gallery.clientName,
    recipientName: link.recipientName,
    shootDate: gallery.shootDate,
    message: gallery.message,
    cover: coverOf(db, gallery),
    ...galleryFilesPage(db, gallery, link, 0, hearts),
    totalFiles: total,
    favouriteIds: [...hearts.keys()],
    downloads: downloadsAllowed(gallery),
    proofing: isProofing(gallery),
    marked: viewsMarked(gallery),
    printsAllowed: gallery.printsAllowed,
    printPass: gallery.printsAllowed ? printPass(link, gallery) : null,
    selectionSentAt: link.selectionSentAt?.toISOString() ?? null,
  };
}
