// Client galleries for tests, made directly (not through the owner's screens): a gallery row, its
// files with real processed media (a small JPEG carrying GPS and a camera serial number, processed
// by processPhoto into the site's data folder, its derivatives private as the site keeps a
// gallery's; or, for the move an older site needs, public as an earlier version kept them) and links with real tokens (newLinkToken).
// Media are written into the store of `dataDir` (the running server's: its folder, or its bucket
// when TEST_STORAGE=s3), then the rows go into its database.
import { existsSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { deleteGallery } from '~/lib/galleries/galleries.server';
import { hashPin, newLinkToken } from '~/lib/galleries/link-token.server';
import { processPhoto } from '~/lib/media/images.server';
import { type Db, openDb } from '~/lib/platform/server/db';
import { getStorage, storeFile } from '~/lib/platform/server/storage/object-store';
import { galleryFileKey, type MediaAccess, newMediaId, tmpPath } from '~/lib/platform/server/storage/storage';
import { galleries, galleryFavourites, galleryFiles, galleryLinks } from '~db/schema';
import { uniqueId, uniqueMediaId } from './factories';
// Named apart: Biome takes any `use…` call for a React hook.
import { inSiteStore } from './test-storage';
import { makeClip, remuxedClip } from './video-clip';

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

/** Where the drone took off: written into every test photo, and never to be delivered. */
export const LAUNCH_SITE = { lat: '53/1 5/1 2/1', lon: '6/1 20/1 7/1' };
export const BODY_SERIAL = 'SN-DJI-0042917';

/** A JPEG with GPS, a body serial number and a colour of its own. */
export function gpsJpeg(colour = '#336699', width = 1600, height = 1067): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'DJI', Model: 'Mavic 3' },
      IFD2: { BodySerialNumber: BODY_SERIAL },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: LAUNCH_SITE.lat,
        GPSLongitudeRef: 'W',
        GPSLongitude: LAUNCH_SITE.lon,
      },
    })
    .toBuffer();
}

/** Runs fn with DATA_DIR and the store pointing at the server's, so storage.ts and getStorage() write there. */
function inDataDir<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  return inSiteStore(dataDir, fn);
}

export type GalleryFileRow = typeof galleryFiles.$inferInsert;

/**
 * Deletes a gallery of a running site as the owner's Delete does: its rows, then its stored
 * files, so that the storage check run after the browser tests finds nothing left behind.
 */
export async function removeGallery(dataDir: string, galleryId: string): Promise<void> {
  const db = openDb(join(dataDir, 'site.sqlite'));
  try {
    await inDataDir(dataDir, () => deleteGallery(db, galleryId));
  } finally {
    db.$client.close();
  }
}

/** Keeps bytes under a key in the site's store with their type, as the owner's upload would. */
const putStored = (dataDir: string, key: string, bytes: Buffer, contentType: string) =>
  inDataDir(dataDir, () => getStorage().put(key, bytes, { contentType }));

/** The bytes stored under a key in the site's store. */
export function readStored(dataDir: string, key: string): Promise<Buffer> {
  return inDataDir(dataDir, async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await getStorage().get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
}

/**
 * Where a key's object is: `bucket` when the site's store is S3 and holds it, `disk` when the
 * site's UPLOADS_DIR holds a file of that name (local driver), else null. An S3 run that left a
 * file on disk answers `disk` even if the bucket has it too, so a test sees the leak.
 */
export function whereStored(dataDir: string, key: string): Promise<'bucket' | 'disk' | null> {
  return inDataDir(dataDir, async () => {
    const store = getStorage();
    const onDisk = existsSync(join(dataDir, 'uploads', key));
    if (store.kind === 'local' || onDisk) return onDisk ? 'disk' : null;
    return (await store.head(key)) ? 'bucket' : null;
  });
}

/**
 * A processed photo's row (not inserted): its original kept under its media id, as processPhoto
 * stores it; its derivatives private (galleries/media/) unless `access` says 'public' (an older site's).
 */
export async function galleryPhoto(
  dataDir: string,
  fileName: string,
  bytes?: Buffer,
  access: MediaAccess = 'private',
): Promise<Omit<GalleryFileRow, 'galleryId'>> {
  const input = bytes ?? (await gpsJpeg());
  const row = await processedPhotoRow(dataDir, fileName, input, access);
  // The original is kept as the owner's upload keeps it: private, under uploads/galleries/.
  await putStored(dataDir, row.originalKey, input, 'image/jpeg');
  return row;
}

/** A photo's row with its derivatives made, its original not stored (a video's poster has none of its own). */
async function processedPhotoRow(
  dataDir: string,
  fileName: string,
  input: Buffer,
  access: MediaAccess,
): Promise<Omit<GalleryFileRow, 'galleryId'>> {
  const photo = await inDataDir(dataDir, () => processPhoto(input, { avif: 'defer', access }));
  return {
    id: uniqueId('gfile'),
    kind: 'photo',
    fileName,
    contentType: 'image/jpeg',
    size: input.length,
    originalKey: galleryFileKey(photo.mediaId, 'jpg'),
    status: 'ready',
    mediaId: photo.mediaId,
    width: photo.width,
    height: photo.height,
    dominantColor: photo.dominantColor,
    placeholder: photo.placeholder,
  };
}

const VIDEO_TYPES = { mp4: 'video/mp4', mov: 'video/quicktime' } as const;

/**
 * A short real clip with a poster (a processed still), its original an uploaded object carrying a
 * location and a title (SECRET_LOCATION). Unless `stream` is false, it also has the copy without
 * metadata that the owner's processing keeps beside every video (remuxed as processing remuxes),
 * in the original's container, under the key `galleries/{name}-stream.{ext}`.
 */
export async function galleryVideo(
  dataDir: string,
  fileName: string,
  { ext = 'mp4', stream = true }: { ext?: keyof typeof VIDEO_TYPES; stream?: boolean } = {},
): Promise<Omit<GalleryFileRow, 'galleryId'>> {
  const clip = makeClip(ext, { seconds: 2, tagged: true });
  // The poster frame's derivatives only: the video's own original replaces the photo's key below.
  const poster = await processedPhotoRow(
    dataDir,
    `${fileName}.jpg`,
    await gpsJpeg('#224433', 640, 360),
    'private',
  );
  const name = newMediaId();
  const originalKey = galleryFileKey(name, ext);
  const streamKey = stream ? galleryFileKey(`${name}-stream`, ext) : null;
  await inDataDir(dataDir, async () => {
    const contentType = VIDEO_TYPES[ext];
    await getStorage().put(originalKey, clip, { contentType });
    if (streamKey) await getStorage().put(streamKey, remuxedClip(clip, ext), { contentType });
  });
  return {
    ...poster,
    kind: 'video',
    fileName,
    contentType: VIDEO_TYPES[ext],
    size: clip.length,
    originalKey,
    streamKey,
    durationMs: 2000,
  };
}

/**
 * A video row whose original is `bytes` long (zeros: a sparse file taking no disk, moved into the
 * store), for downloads bigger than any socket buffer. It has no poster and no streamable copy.
 */
export async function galleryLargeVideo(
  dataDir: string,
  fileName: string,
  bytes: number,
): Promise<Omit<GalleryFileRow, 'galleryId'>> {
  const originalKey = galleryFileKey(newMediaId(), 'mp4');
  await inDataDir(dataDir, async () => {
    const sparse = tmpPath('large-video');
    writeFileSync(sparse, '');
    truncateSync(sparse, bytes);
    await storeFile(originalKey, sparse, { contentType: 'video/mp4' });
  });
  return { kind: 'video', fileName, contentType: 'video/mp4', size: bytes, originalKey, status: 'ready' };
}

/** The site secret the gallery tests start their server with, so a PIN's hash can be made here. */
export const GALLERY_TEST_SECRET = 'gallery-tests-secret-0123456789abcdef0123456789';

/** A gallery; `pin` is hashed with `pinSecret`, the site secret of the server that will check it. */
export function makeGallery(
  db: Db,
  overrides: Insert<typeof galleries> & { pin?: string; pinSecret?: string } = {},
) {
  const { pin, pinSecret = GALLERY_TEST_SECRET, ...rest } = overrides;
  return db
    .insert(galleries)
    .values({
      id: uniqueId('gallery'),
      title: 'Lough Tay wedding',
      clientName: 'Aoife Byrne',
      clientEmail: 'aoife@example.ie',
      message: 'Here are your photos from the day.',
      downloads: 'original',
      watermark: false,
      ...(pin ? { pinHash: hashPin(pin, pinSecret) } : {}),
      ...rest,
    })
    .returning()
    .get();
}

export function addGalleryFiles(db: Db, galleryId: string, files: Omit<GalleryFileRow, 'galleryId'>[]) {
  return files.map((file, i) =>
    db
      .insert(galleryFiles)
      .values({ sortOrder: i, ...file, id: uniqueId('gfile'), galleryId })
      .returning()
      .get(),
  );
}

/** A link with a fresh token: the token is returned (only its hash is stored). */
export function makeGalleryLink(db: Db, galleryId: string, overrides: Insert<typeof galleryLinks> = {}) {
  const { token, tokenHash } = newLinkToken();
  const link = db
    .insert(galleryLinks)
    .values({ id: uniqueId('glink'), galleryId, recipientName: 'Aoife', tokenHash, ...overrides })
    .returning()
    .get();
  return { token, link };
}

/** A gallery's photo row alone (its files are not written: see writeMediaFiles). */
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

/** A photo a recipient hearted, with an optional note. */
export function makeFavourite(db: Db, linkId: string, fileId: string, note: string | null = null) {
  return db.insert(galleryFavourites).values({ linkId, fileId, note }).returning().get();
}
