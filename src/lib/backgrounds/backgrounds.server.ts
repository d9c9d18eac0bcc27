// The section backgrounds (hero, about, gallery, contact, shop): one per section, set or replaced
// with an image of this site or an https: image that is fetched and processed like an upload,
// and removed again. The files a background no longer uses are released once the change is saved.
import { and, eq } from 'drizzle-orm';
import { fetchRemoteImage } from '~/lib/backgrounds/remote-image.server';
import type { BackgroundImageInput } from '~/lib/backgrounds/schemas';
import { isImageRejected, processPhoto } from '~/lib/media/images.server';
import { enqueueAvif } from '~/lib/media/media-jobs.server';
import { mediaColumns, mediaFacts } from '~/lib/media/media-urls';
import { filesOfUrl, mergeRefs, releaseFiles } from '~/lib/media/stored-files.server';
import {
  displayUrl,
  mediaFromUploadUrl,
  type PhotoMediaFields,
  withDisplayUrl,
} from '~/lib/photos/photo-media.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import type { BackgroundSection } from '~/lib/site/constants';
import { type BackgroundImage, backgroundImages, photos, uploadedObjects } from '~db/schema';

export interface BackgroundDeps {
  /** Fetches an https: image's bytes within the limits; tests pass their own. */
  fetchImage?: (url: string) => Promise<Buffer>;
}

const MEDIA_PATH = /^\/media\/([A-Za-z0-9_-]{8,64})\//;

const notFound = () =>
  new HttpError(400, 'That image was not found on this site. Please choose or upload it again.');

function facts(
  row: Pick<BackgroundImage, 'mediaId' | 'width' | 'height' | 'dominantColor' | 'placeholder'>,
): PhotoMediaFields | null {
  const media = mediaFacts(row);
  return media && withDisplayUrl(media);
}

/** The media of a /media/{id}/… address: a photo's, an uploaded image's, or a background's own. */
function mediaFromSitePath(db: Db, path: string): PhotoMediaFields {
  const mediaId = MEDIA_PATH.exec(path)?.[1];
  if (!mediaId) throw notFound();
  const sources = [
    () => db.select().from(photos).where(eq(photos.mediaId, mediaId)).get(),
    () =>
      db
        .select()
        .from(uploadedObjects)
        .where(and(eq(uploadedObjects.mediaId, mediaId), eq(uploadedObjects.status, 'ready')))
        .get(),
    () => db.select().from(backgroundImages).where(eq(backgroundImages.mediaId, mediaId)).get(),
  ];
  for (const source of sources) {
    const row = source();
    const found = row && facts(row);
    if (found) return found;
  }
  throw notFound();
}

async function mediaFromRemote(db: Db, url: string, deps: BackgroundDeps): Promise<PhotoMediaFields> {
  const bytes = await (deps.fetchImage ?? ((u) => fetchRemoteImage(u)))(url);
  try {
    const out = await processPhoto(bytes, { avif: 'defer' });
    enqueueAvif(db, out.mediaId);
    return { ...out, imageUrl: displayUrl(out.mediaId, out.width) };
  } catch (err) {
    if (isImageRejected(err)) throw new HttpError(err.status, err.message);
    throw err;
  }
}

/** Where the background's image comes from; refused addresses never get this far (schema). */
export async function resolveBackgroundMedia(
  db: Db,
  imageUrl: string,
  deps: BackgroundDeps = {},
): Promise<PhotoMediaFields> {
  if (imageUrl.startsWith('/media/')) return mediaFromSitePath(db, imageUrl);
  if (imageUrl.startsWith('/objects/uploads/')) {
    const media = mediaFromUploadUrl(db, imageUrl);
    if (!media) throw notFound();
    return media;
  }
  if (imageUrl.startsWith('https://')) return mediaFromRemote(db, imageUrl, deps);
  throw new HttpError(400, 'Use an image of this site or an https:// address.');
}

function refsOf(row: BackgroundImage | undefined) {
  return row ? mergeRefs({ mediaIds: [row.mediaId] }, filesOfUrl(row.imageUrl)) : {};
}

/** Sets (or replaces) one section's background; the old image's files go unless used elsewhere. */
export async function setBackgroundImage(
  db: Db,
  input: BackgroundImageInput,
  deps: BackgroundDeps = {},
): Promise<BackgroundImage> {
  const media = await resolveBackgroundMedia(db, input.imageUrl, deps);
  const values = {
    imageUrl: media.imageUrl,
    altText: input.altText ?? null,
    isActive: true,
    ...mediaColumns(media),
    updatedAt: new Date(),
  };
  let previous: BackgroundImage | undefined;
  let saved: BackgroundImage;
  try {
    saved = db.transaction((tx) => {
      previous = tx.select().from(backgroundImages).where(eq(backgroundImages.section, input.section)).get();
      return tx
        .insert(backgroundImages)
        .values({ section: input.section, ...values })
        .onConflictDoUpdate({ target: backgroundImages.section, set: values })
        .returning()
        .get();
    });
  } catch (err) {
    // An image fetched for this save and used by nothing else must not stay on disk.
    await releaseFiles(db, { mediaIds: [media.mediaId] });
    throw err;
  }
  if (previous) await releaseFiles(db, refsOf(previous));
  return saved;
}

/** Removes a background by id (404 when there is none); the section shows its default look again. */
export async function deleteBackgroundImage(db: Db, id: string): Promise<void> {
  const removed = db.delete(backgroundImages).where(eq(backgroundImages.id, id)).returning().get();
  if (!removed) throw new HttpError(404, 'That background was not found. It may have been removed already.');
  await releaseFiles(db, refsOf(removed));
}

/** One section's active background with its media facts, or null for the default look. */
export function getSectionBackground(db: Db, section: BackgroundSection): BackgroundImage | null {
  return (
    db
      .select()
      .from(backgroundImages)
      .where(and(eq(backgroundImages.section, section), eq(backgroundImages.isActive, true)))
      .get() ?? null
  );
}
