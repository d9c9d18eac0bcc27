// What the client's page at /g/{token} shows: the gallery's words, its cover and its ready files in
// the owner's order, each with this link's heart and note. Nothing here reveals a file's key.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { galleryFavourites, galleryFiles } from '~db/schema';
import type { Gallery, GalleryLink } from './gallery-access.server';
import { downloadsAllowed, isProofing, viewsMarked } from './gallery-delivery';
import type { ClientFile, ClientGallery } from './gallery-view';

/** The ready files of a gallery, in the owner's order. */
export function readyFiles(db: Db, galleryId: string) {
  return db
    .select()
    .from(galleryFiles)
    .where(and(eq(galleryFiles.galleryId, galleryId), eq(galleryFiles.status, 'ready')))
    .orderBy(asc(galleryFiles.sortOrder), asc(galleryFiles.createdAt))
    .all();
}

export function galleryView(db: Db, gallery: Gallery, link: GalleryLink): ClientGallery {
  const hearts = new Map(
    db
      .select({ fileId: galleryFavourites.fileId, note: galleryFavourites.note })
      .from(galleryFavourites)
      .where(eq(galleryFavourites.linkId, link.id))
      .all()
      .map((f) => [f.fileId, f.note ?? ''] as const),
  );
  const files: ClientFile[] = readyFiles(db, gallery.id).map((f) => ({
    id: f.id,
    kind: f.kind,
    fileName: f.fileName,
    width: f.width,
    height: f.height,
    dominantColor: f.dominantColor,
    placeholder: f.placeholder,
    hasImage: Boolean(f.mediaId && f.width && f.height),
    durationMs: f.durationMs,
    favourite: hearts.has(f.id),
    note: hearts.get(f.id) ?? '',
  }));
  const cover =
    files.find((f) => f.id === gallery.coverFileId && f.hasImage) ?? files.find((f) => f.hasImage);
  return {
    title: gallery.title,
    clientName: gallery.clientName,
    recipientName: link.recipientName,
    shootDate: gallery.shootDate,
    message: gallery.message,
    coverId: cover?.id ?? null,
    files,
    downloads: downloadsAllowed(gallery),
    proofing: isProofing(gallery),
    marked: viewsMarked(gallery),
    printsAllowed: gallery.printsAllowed,
    selectionSentAt: link.selectionSentAt?.toISOString() ?? null,
  };
}
