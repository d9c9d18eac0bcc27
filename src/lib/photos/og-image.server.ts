// The share image of /api/photos/featured/og-image: 1200×630 JPEG cut from a derivative of the
// hero photo (or the first featured photo), never from an original. Kept in memory per source.
import sharp from 'sharp';
import { widthsFor } from '~/lib/media/media-urls';
import { getHomepageHero, listFeaturedPhotos } from '~/lib/photos/photos.server';
import type { Db } from '~/lib/platform/server/db';
import { getStorage, withLocalCopy } from '~/lib/platform/server/storage/object-store';
import { derivativeKey } from '~/lib/platform/server/storage/storage';
import type { Photo } from '~db/schema';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

let cache: { key: string; body: Buffer } | null = null;

/** The photo to share: the homepage hero, else the first featured photo (or first photo). */
export function pickOgPhoto(db: Db): Photo | undefined {
  return getHomepageHero(db) ?? listFeaturedPhotos(db, 1)[0];
}

/** The key of the smallest stored JPEG derivative at least 1200 px wide, else the largest one. */
async function sourceKey(photo: Photo): Promise<string | null> {
  if (!photo.mediaId || !photo.width) return null;
  const widths = widthsFor(photo.width);
  const pick = widths.find((w) => w >= OG_WIDTH) ?? widths.at(-1);
  if (!pick) return null;
  const key = derivativeKey(photo.mediaId, pick, 'jpg');
  return (await getStorage().head(key)) ? key : null;
}

export async function getOgImage(db: Db): Promise<{ body: Buffer; key: string }> {
  const photo = pickOgPhoto(db);
  const source = photo ? await sourceKey(photo) : null;
  const key = source && photo ? `${photo.id}:${photo.mediaId}:${photo.updatedAt.getTime()}` : 'plain';
  if (cache?.key === key) return cache;
  const body = source
    ? await withLocalCopy(source, (file) =>
        sharp(file)
          .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover', position: 'attention' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer(),
      )
    : await sharp({ create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: '#161c20' } })
        .jpeg({ quality: 82 })
        .toBuffer();
  cache = { key, body };
  return cache;
}
