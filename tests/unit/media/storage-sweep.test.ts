// The storage sweep and the storage check, on real files in a temporary DATA_DIR: uploads never
// finished or never saved to a record go after 24 hours with their files, partial files too;
// anything a record uses, and anything younger, stays. The check lists orphans and missing files.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkStorage, removeOrphans } from '~/lib/media/storage-check.server';
import {
  ORPHAN_AGE_MS,
  startStorageSweep,
  stopStorageSweep,
  sweepStorage,
} from '~/lib/media/storage-sweep.server';
import type { Db } from '~/lib/platform/server/db';
import { mediaDir, objectPath, originalPath, storagePaths, tmpPath } from '~/lib/platform/server/storage';
import { uploadedObjects } from '~db/schema';
import { tempDataDir } from '../../helpers/data-dir';
import { memoryDb } from '../../helpers/db';
import {
  ageFile,
  makeBackground,
  makeDroneMedia,
  makePhoto,
  makeUpload,
  makeUser,
  uniqueMediaId,
  writeMediaFiles,
  writeObjectFile,
} from '../../helpers/factories';

const data = tempDataDir('storage-sweep');

let db: Db;
beforeEach(() => {
  db = memoryDb();
  // Each test starts from empty storage folders (made again on first use).
  rmSync(storagePaths().uploads, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
const old = () => new Date(Date.now() - ORPHAN_AGE_MS - HOUR);
const young = () => new Date(Date.now() - ORPHAN_AGE_MS + HOUR);
const onDisk = (mediaId: string) => existsSync(originalPath(mediaId, 'jpg')) || existsSync(mediaDir(mediaId));
const uploadIds = () =>
  db
    .select({ id: uploadedObjects.id })
    .from(uploadedObjects)
    .all()
    .map((r) => r.id);

/** An image upload with its files on disk. */
function imageUpload(createdAt: Date, status: 'ready' | 'uploading' = 'ready') {
  const row = makeUpload(db, { createdAt, status });
  writeMediaFiles(row.mediaId as string);
  return { id: row.id, mediaId: row.mediaId as string };
}

function videoUpload(createdAt: Date, status: 'ready' | 'uploading' = 'ready') {
  const poster = uniqueMediaId();
  const row = makeUpload(db, { kind: 'video', createdAt, status, mediaId: poster });
  writeObjectFile(row.id);
  writeMediaFiles(poster);
  return { id: row.id, poster };
}

describe('the sweep', () => {
  it('removes uploads over 24 hours old that were never finished, with what they wrote', async () => {
    const video = videoUpload(old(), 'uploading');
    const image = imageUpload(old(), 'uploading');
    const recent = videoUpload(young(), 'uploading');

    const report = await sweepStorage(db);

    expect(report.unfinished).toBe(2);
    expect(existsSync(objectPath(video.id))).toBe(false);
    expect(onDisk(video.poster)).toBe(false);
    expect(onDisk(image.mediaId)).toBe(false);
    expect(existsSync(objectPath(recent.id))).toBe(true);
    expect(uploadIds()).toEqual([recent.id]);
  });

  it('removes finished uploads over 24 hours old that no record uses', async () => {
    const image = imageUpload(old());
    const video = videoUpload(old());
    const youngImage = imageUpload(young());

    const report = await sweepStorage(db);

    expect(report.unsaved).toBe(2);
    expect(onDisk(image.mediaId)).toBe(false);
    expect(existsSync(objectPath(video.id))).toBe(false);
    expect(onDisk(video.poster)).toBe(false);
    expect(onDisk(youngImage.mediaId)).toBe(true);
    expect(uploadIds()).toEqual([youngImage.id]);
  });

  it('never removes an upload a record uses, however old', async () => {
    const photo = imageUpload(old());
    makePhoto(db, { mediaId: photo.mediaId, imageUrl: `/media/${photo.mediaId}/960.jpg` });
    const bio = imageUpload(old());
    makeUser(db, { bioPictureUrl: `/media/${bio.mediaId}/640.jpg` });
    const background = imageUpload(old());
    makeBackground(db, { mediaId: background.mediaId, imageUrl: `/media/${background.mediaId}/960.jpg` });
    const video = videoUpload(old());
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });

    expect(await sweepStorage(db)).toEqual({ unfinished: 0, unsaved: 0, tmpFiles: 0, galleryUploads: 0 });
    for (const id of [photo.mediaId, bio.mediaId, background.mediaId, video.poster])
      expect(onDisk(id)).toBe(true);
    expect(existsSync(objectPath(video.id))).toBe(true);
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
    const image = imageUpload(old());
    startStorageSweep(db);
    await stopStorageSweep();
    expect(onDisk(image.mediaId)).toBe(false);
    expect(uploadIds()).toEqual([]);
  });
});

describe('the storage check', () => {
  it('is clean when every file is used and every record has its files', async () => {
    const photo = uniqueMediaId();
    writeMediaFiles(photo);
    makePhoto(db, { mediaId: photo, imageUrl: `/media/${photo}/640.jpg` });
    const video = videoUpload(old());
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });
    makeBackground(db, { imageUrl: '/images/hero.jpg' });
    // A young upload not yet saved to a record is waiting for its form, not an orphan.
    imageUpload(young());

    expect(await checkStorage(db, data.dir)).toEqual({ orphans: [], missing: [] });
  });

  it('lists files no record uses, and removes them with --fix', async () => {
    const stray = uniqueMediaId();
    writeMediaFiles(stray);
    const strayObject = uniqueMediaId();
    writeObjectFile(strayObject);
    const unsaved = imageUpload(old());
    const stale = tmpPath('stale');
    writeFileSync(stale, 'x');
    const paths = [
      originalPath(stray, 'jpg'),
      mediaDir(stray),
      objectPath(strayObject),
      originalPath(unsaved.mediaId, 'jpg'),
      mediaDir(unsaved.mediaId),
      stale,
    ];
    for (const path of paths) ageFile(path, ORPHAN_AGE_MS + HOUR);
    // A file written a moment ago may be a photo being processed before its record is saved.
    const inFlight = uniqueMediaId();
    writeMediaFiles(inFlight);

    const report = await checkStorage(db, data.dir);
    expect(report.missing).toEqual([]);
    expect([...report.orphans].sort()).toEqual([...paths].sort());

    expect(await removeOrphans(report)).toBe(6);
    for (const path of paths) expect(existsSync(path), path).toBe(false);
    expect(onDisk(inFlight)).toBe(true);
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
