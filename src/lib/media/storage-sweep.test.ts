// The storage sweep and the storage check, on real stored objects of a temporary DATA_DIR (its
// UPLOADS_DIR, or with TEST_STORAGE=s3 a bucket of its own): uploads never finished or never saved
// to a record go after 24 hours with their files, partial files too; anything a record uses, and
// anything younger, stays. The check lists orphans and missing files, by key.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkStorage, IN_FLIGHT_MS, removeOrphans } from '~/lib/media/storage-check.server';
import {
  ORPHAN_AGE_MS,
  startStorageSweep,
  stopStorageSweep,
  sweepStorage,
} from '~/lib/media/storage-sweep.server';
import type { Db } from '~/lib/platform/server/db';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import {
  derivativeKey,
  galleryFileKey,
  mediaDir,
  mediaPrefix,
  objectKey,
  objectPath,
  originalKey,
  originalPath,
  storagePaths,
  tmpPath,
} from '~/lib/platform/server/storage/storage';
import { uploadedObjects } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import {
  ageFile,
  makeBackground,
  makeDroneMedia,
  makePhoto,
  makeUpload,
  makeUser,
  uniqueMediaId,
} from '~tests/helpers/factories';
import { makeGallery, makeGalleryFile } from '~tests/helpers/gallery-factories';
import { storeMediaFiles } from '~tests/helpers/stored';
import { testStorage } from '~tests/helpers/test-storage';

const data = tempDataDir('storage-sweep');

let db: Db;
beforeEach(async () => {
  db = memoryDb();
  // Each test starts from an empty store and empty storage folders (made again on first use).
  rmSync(storagePaths().uploads, { recursive: true, force: true });
  const store = getStorage();
  for await (const object of store.list('')) await store.delete(object.key);
});

/** A photo's original and two derivatives, written through the store. */
async function writeMediaFiles(mediaId: string): Promise<void> {
  const store = getStorage();
  await store.put(originalKey(mediaId, 'jpg'), Buffer.from('original'));
  for (const width of [320, 640])
    await store.put(derivativeKey(mediaId, width, 'jpg'), Buffer.from('derivative'));
}

/** An uploaded object (a video), written through the store. */
async function writeObjectFile(objectId: string): Promise<void> {
  await getStorage().put(objectKey(objectId), Buffer.from('video'));
}

const stored = async (key: string) => (await getStorage().head(key)) !== null;

/** Whether any of a photo's files is in the store; on S3, never on this machine's disk. */
async function onDisk(mediaId: string): Promise<boolean> {
  if (testStorage() === 's3') {
    expect(existsSync(originalPath(mediaId, 'jpg')) || existsSync(mediaDir(mediaId))).toBe(false);
  }
  if (await stored(originalKey(mediaId, 'jpg'))) return true;
  for await (const _ of getStorage().list(mediaPrefix(mediaId))) return true;
  return false;
}

/** Whether an uploaded object is in the store; on S3, never on this machine's disk. */
async function objectStored(objectId: string): Promise<boolean> {
  if (testStorage() === 's3') expect(existsSync(objectPath(objectId))).toBe(false);
  return stored(objectKey(objectId));
}

/** Waits until the clock has passed into a later second: S3 keeps Last-Modified to the second. */
async function nextSecond(): Promise<number> {
  const second = Math.floor(Date.now() / 1000) + 1;
  await new Promise((resolve) => setTimeout(resolve, second * 1000 - Date.now() + 20));
  return second * 1000;
}

const HOUR = 60 * 60 * 1000;
const old = () => new Date(Date.now() - ORPHAN_AGE_MS - HOUR);
const young = () => new Date(Date.now() - ORPHAN_AGE_MS + HOUR);
const uploadIds = () =>
  db
    .select({ id: uploadedObjects.id })
    .from(uploadedObjects)
    .all()
    .map((r) => r.id);

/** An image upload with its files on disk. */
async function imageUpload(createdAt: Date, status: 'ready' | 'uploading' = 'ready') {
  const row = makeUpload(db, { createdAt, status });
  await writeMediaFiles(row.mediaId as string);
  return { id: row.id, mediaId: row.mediaId as string };
}

async function videoUpload(createdAt: Date, status: 'ready' | 'uploading' = 'ready') {
  const poster = uniqueMediaId();
  const row = makeUpload(db, { kind: 'video', createdAt, status, mediaId: poster });
  await writeObjectFile(row.id);
  await writeMediaFiles(poster);
  return { id: row.id, poster };
}

describe('the sweep', () => {
  it('removes uploads over 24 hours old that were never finished, with what they wrote', async () => {
    const video = await videoUpload(old(), 'uploading');
    const image = await imageUpload(old(), 'uploading');
    const recent = await videoUpload(young(), 'uploading');

    const report = await sweepStorage(db);

    expect(report.unfinished).toBe(2);
    expect(await objectStored(video.id)).toBe(false);
    expect(await onDisk(video.poster)).toBe(false);
    expect(await onDisk(image.mediaId)).toBe(false);
    expect(await objectStored(recent.id)).toBe(true);
    expect(uploadIds()).toEqual([recent.id]);
  });

  it('removes finished uploads over 24 hours old that no record uses', async () => {
    const image = await imageUpload(old());
    const video = await videoUpload(old());
    const youngImage = await imageUpload(young());

    const report = await sweepStorage(db);

    expect(report.unsaved).toBe(2);
    expect(await onDisk(image.mediaId)).toBe(false);
    expect(await objectStored(video.id)).toBe(false);
    expect(await onDisk(video.poster)).toBe(false);
    expect(await onDisk(youngImage.mediaId)).toBe(true);
    expect(uploadIds()).toEqual([youngImage.id]);
  });

  it('never removes an upload a record uses, however old', async () => {
    const photo = await imageUpload(old());
    makePhoto(db, { mediaId: photo.mediaId, imageUrl: `/media/${photo.mediaId}/960.jpg` });
    const bio = await imageUpload(old());
    makeUser(db, { bioPictureUrl: `/media/${bio.mediaId}/640.jpg` });
    const background = await imageUpload(old());
    makeBackground(db, { mediaId: background.mediaId, imageUrl: `/media/${background.mediaId}/960.jpg` });
    const video = await videoUpload(old());
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });

    expect(await sweepStorage(db)).toEqual({ unfinished: 0, unsaved: 0, tmpFiles: 0, galleryUploads: 0 });
    for (const id of [photo.mediaId, bio.mediaId, background.mediaId, video.poster])
      expect(await onDisk(id)).toBe(true);
    expect(await objectStored(video.id)).toBe(true);
    expect(uploadIds()).toHaveLength(4);
  });

  it('removes partial files in tmp/ over 24 hours old only', async () => {
    const stale = tmpPath('stale');
    const fresh = tmpPath('fresh');
    writeFileSync(stale, 'x');
    writeFileSync(fresh, 'x');
    ageFile(stale, ORPHAN_AGE_MS + HOUR);
    ageFile(fresh, ORPHAN_AGE_MS - HOUR);

    expect((await sweepStorage(db)).tmpFiles).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});

describe('the scheduled sweep', () => {
  it('sweeps at start, and stopping waits for that sweep to finish', async () => {
    const image = await imageUpload(old());
    startStorageSweep(db);
    await stopStorageSweep();
    expect(await onDisk(image.mediaId)).toBe(false);
    expect(uploadIds()).toEqual([]);
  });
});

describe('the storage check', () => {
  it('is clean when every file is used and every record has its files', async () => {
    const photo = uniqueMediaId();
    await writeMediaFiles(photo);
    makePhoto(db, { mediaId: photo, imageUrl: `/media/${photo}/640.jpg` });
    const video = await videoUpload(old());
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });
    makeBackground(db, { imageUrl: '/images/hero.jpg' });
    // A young upload not yet saved to a record is waiting for its form, not an orphan.
    await imageUpload(young());

    expect(await checkStorage(db, data.dir)).toEqual({ orphans: [], missing: [] });
  });

  it('lists files no record uses, by key, and removes them with --fix', async () => {
    const stray = uniqueMediaId();
    await writeMediaFiles(stray);
    const strayObject = uniqueMediaId();
    await writeObjectFile(strayObject);
    const strayGallery = galleryFileKey(`gallery${uniqueMediaId()}`, 'jpg');
    await getStorage().put(strayGallery, Buffer.from('gallery original'));
    const unsaved = await imageUpload(old());
    const stale = tmpPath('stale');
    writeFileSync(stale, 'x');
    ageFile(stale, ORPHAN_AGE_MS + HOUR);
    const keys = [
      originalKey(stray, 'jpg'),
      mediaPrefix(stray),
      objectKey(strayObject),
      strayGallery,
      originalKey(unsaved.mediaId, 'jpg'),
      mediaPrefix(unsaved.mediaId),
    ];
    // A file written a moment ago may be a photo being processed before its record is saved: the
    // check runs as if 10 minutes had passed since then, and the others were written before.
    const written = await nextSecond();
    const inFlight = uniqueMediaId();
    await writeMediaFiles(inFlight);

    const report = await checkStorage(db, data.dir, new Date(written + IN_FLIGHT_MS));
    expect(report.missing).toEqual([]);
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    const local = testStorage() === 'local';
    const pathOf = (key: string) => (local ? join(storagePaths().uploads, key.replace(/\/$/, '')) : null);
    expect([...report.orphans].sort(byKey)).toEqual(
      [
        ...keys.map((key) => ({ key, path: pathOf(key) })),
        { key: `tmp/${stale.split('/').pop()}`, path: stale },
      ].sort(byKey),
    );

    expect(await removeOrphans(report)).toBe(7);
    for (const key of keys.filter((k) => !k.endsWith('/'))) expect(await stored(key), key).toBe(false);
    expect(await onDisk(stray)).toBe(false);
    expect(await onDisk(unsaved.mediaId)).toBe(false);
    expect(existsSync(stale)).toBe(false);
    expect(await onDisk(inFlight)).toBe(true);
    expect(await checkStorage(db, data.dir, new Date(written + IN_FLIGHT_MS))).toEqual({
      orphans: [],
      missing: [],
    });
  });

  it('keeps a gallery photo’s private derivatives, and lists and removes private ones no file uses', async () => {
    const file = makeGalleryFile(db, makeGallery(db).id);
    const live = file.mediaId as string;
    await storeMediaFiles(live, 'jpg', 'private');
    await getStorage().put(file.originalKey, Buffer.from('gallery original'));
    const stray = uniqueMediaId();
    await storeMediaFiles(stray, 'jpg', 'private');
    await getStorage().delete(originalKey(stray, 'jpg'));

    const now = new Date((await nextSecond()) + IN_FLIGHT_MS);
    const report = await checkStorage(db, data.dir, now);
    const folder = mediaPrefix(stray, 'private');
    const local = testStorage() === 'local';
    expect(report).toEqual({
      orphans: [{ key: folder, path: local ? join(storagePaths().uploads, folder.slice(0, -1)) : null }],
      missing: [],
    });
    expect(await removeOrphans(report)).toBe(1);
    expect(await stored(derivativeKey(stray, 640, 'jpg', 'private'))).toBe(false);
    expect(await stored(derivativeKey(live, 640, 'jpg', 'private'))).toBe(true);
    expect(await checkStorage(db, data.dir, now)).toEqual({ orphans: [], missing: [] });
  });

  it('lists records whose files are missing', async () => {
    const photo = makePhoto(db, { mediaId: uniqueMediaId(), imageUrl: '/media/abcdefgh12/960.jpg' });
    const lost = uniqueMediaId();
    const video = makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${lost}` });
    const owner = makeUser(db, { bioPictureUrl: '/media/zyxwvuts98/640.jpg' });

    const report = await checkStorage(db, data.dir);
    expect(report.orphans).toEqual([]);
    expect(report.missing).toEqual(
      expect.arrayContaining([
        { record: `photo ${photo.id} (${photo.title})`, wants: '/media/abcdefgh12/960.jpg' },
        { record: `photo ${photo.id} (${photo.title})`, wants: `the original of media ${photo.mediaId}` },
        { record: `drone video ${video.id}`, wants: `/objects/uploads/${lost}` },
        { record: `bio picture of ${owner.email}`, wants: '/media/zyxwvuts98/640.jpg' },
      ]),
    );
    expect(report.missing).toHaveLength(4);
    expect(join(data.dir, 'uploads')).toBe(storagePaths().uploads);
  });
});
