// Client galleries for tests: a gallery, its files and links, and a recipient's favourites, each
// with overrides, in any database of the site (memoryDb() or a running server's file).

import { newLinkToken } from '~/lib/galleries/link-token.server';
import type { Db } from '~/lib/platform/server/db';
import { galleries, galleryFavourites, galleryFiles, galleryLinks } from '~db/schema';
import { uniqueId, uniqueMediaId } from './factories';

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export function makeGallery(db: Db, overrides: Insert<typeof galleries> = {}) {
  return db
    .insert(galleries)
    .values({ title: `Shoot ${uniqueId('g')}`, clientName: 'Aoife Byrne', ...overrides })
    .returning()
    .get();
}

/** A processed photo of a gallery (its files are not written: see writeMediaFiles). */
export function makeGalleryFile(db: Db, galleryId: string, overrides: Insert<typeof galleryFiles> = {}) {
  const mediaId = overrides.mediaId ?? uniqueMediaId();
  return db
    .insert(galleryFiles)
    .values({
      galleryId,
      kind: 'photo',
      fileName: `DJI_${uniqueId('f')}.JPG`,
      contentType: 'image/jpeg',
      size: 1000,
      originalKey: `galleries/${mediaId}.jpg`,
      mediaId,
      status: 'ready',
      ...overrides,
    })
    .returning()
    .get();
}

/** A recipient's link, with its token (only its hash is stored). */
export function makeGalleryLink(db: Db, galleryId: string, overrides: Insert<typeof galleryLinks> = {}) {
  const { token, tokenHash } = newLinkToken();
  const link = db
    .insert(galleryLinks)
    .values({ galleryId, recipientName: 'Aoife', tokenHash, ...overrides })
    .returning()
    .get();
  return { link, token };
}

export function makeFavourite(db: Db, linkId: string, fileId: string, note: string | null = null) {
  return db.insert(galleryFavourites).values({ linkId, fileId, note }).returning().get();
}
