// Which records use a stored file, and releasing files after a record is gone: a file another
// record still uses is kept; an unused one goes with its derivatives, upload record and queued work.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { enqueueAvif } from '~/lib/media/media-jobs.server';
import {
  filesOfUrl,
  isMediaInUse,
  isObjectInUse,
  mergeRefs,
  releaseFiles,
} from '~/lib/media/stored-files.server';
import type { Db } from '~/lib/platform/server/db';
import { derivativeKey, mediaPrefix, objectKey, originalKey } from '~/lib/platform/server/storage/storage';
import { mediaJobs, photos, uploadedObjects, users } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import {
  makeBackground,
  makeDroneMedia,
  makePhoto,
  makeUpload,
  makeUser,
  uniqueMediaId,
} from '~tests/helpers/factories';
import {
  expectNotStored,
  expectStored,
  isStored,
  storedKeys,
  storeMediaFiles,
  storeObjectFile,
} from '~tests/helpers/stored';

tempDataDir('stored-files');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** Whether any file of the media id is in the store (the bucket on TEST_STORAGE=s3). */
const onDisk = async (mediaId: string) =>
  (await isStored(originalKey(mediaId, 'jpg'))) || (await storedKeys(mediaPrefix(mediaId))).length > 0;
const uploadRows = () => db.select().from(uploadedObjects).all();

describe('filesOfUrl', () => {
  it('maps the served addresses of media and objects, and nothing else', () => {
    expect(filesOfUrl('/media/abcdefgh12/960.jpg')).toEqual({ mediaIds: ['abcdefgh12'] });
    expect(filesOfUrl('/objects/uploads/abcdefgh12')).toEqual({ objectIds: ['abcdefgh12'] });
    expect(filesOfUrl('/images/hero.jpg')).toEqual({});
    expect(filesOfUrl('https://example.com/media/abcdefgh12/960.jpg')).toEqual({});
    expect(filesOfUrl('/objects/uploads/../../site.sqlite')).toEqual({});
    expect(filesOfUrl(null)).toEqual({});
  });

  it('merges the references of several records', () => {
    expect(mergeRefs({ mediaIds: ['a'] }, { objectIds: ['b'] }, { mediaIds: ['c'] })).toEqual({
      mediaIds: ['a', 'c'],
      objectIds: ['b'],
    });
  });
});

describe('which records use a file', () => {
  it('sees a media id through a media id column or a served address, in every kind of record', () => {
    const [a, b, c, d, e] = [
      uniqueMediaId(),
      uniqueMediaId(),
      uniqueMediaId(),
      uniqueMediaId(),
      uniqueMediaId(),
    ];
    makePhoto(db, { mediaId: a, imageUrl: `/media/${a}/960.jpg` });
    makeDroneMedia(db, { type: 'photo', url: `/media/${b}/960.jpg` });
    makeBackground(db, { imageUrl: '/images/x.jpg', mediaId: c });
    makeUser(db, { bioPictureUrl: `/media/${d}/640.jpg` });
    for (const id of [a, b, c, d]) expect(isMediaInUse(db, id), id).toBe(true);
    expect(isMediaInUse(db, e)).toBe(false);
  });

  it('reads `_` in a media id as itself, not as any character', () => {
    makePhoto(db, { mediaId: 'abXdefgh12', imageUrl: '/media/abXdefgh12/960.jpg' });
    expect(isMediaInUse(db, 'abXdefgh12')).toBe(true);
    expect(isMediaInUse(db, 'ab_defgh12')).toBe(false);
  });

  it('counts the poster frame of a video a record uses', () => {
    const poster = uniqueMediaId();
    const video = makeUpload(db, { kind: 'video', mediaId: poster });
    expect(isMediaInUse(db, poster)).toBe(false);
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });
    expect(isMediaInUse(db, poster)).toBe(true);
  });

  it('sees an object through the address it is served from', () => {
    const [used, unused] = [uniqueMediaId(), uniqueMediaId()];
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${used}` });
    expect(isObjectInUse(db, used)).toBe(true);
    expect(isObjectInUse(db, unused)).toBe(false);
  });
});

describe('releaseFiles', () => {
  it('keeps a media id another record still uses', async () => {
    const upload = makeUpload(db);
    const mediaId = upload.mediaId as string;
    await storeMediaFiles(mediaId);
    makeDroneMedia(db, { type: 'photo', url: `/media/${mediaId}/960.jpg` });

    expect(await releaseFiles(db, { mediaIds: [mediaId] })).toEqual({ removed: 0 });
    expect(await onDisk(mediaId)).toBe(true);
    await expectStored(derivativeKey(mediaId, 320, 'jpg'));
    expect(uploadRows()).toHaveLength(1);
  });

  it('removes an unused media id: original, derivatives, upload record and queued work', async () => {
    const upload = makeUpload(db);
    const mediaId = upload.mediaId as string;
    await storeMediaFiles(mediaId);
    enqueueAvif(db, mediaId);
    const photo = makePhoto(db, { mediaId, imageUrl: `/media/${mediaId}/960.jpg` });
    const other = uniqueMediaId();
    await storeMediaFiles(other);

    db.delete(photos).where(eq(photos.id, photo.id)).run();
    expect(await releaseFiles(db, { mediaIds: [mediaId, mediaId, null, 'bad/../id'] })).toEqual({
      removed: 1,
    });

    expect(await onDisk(mediaId)).toBe(false);
    expect(uploadRows()).toEqual([]);
    expect(db.select().from(mediaJobs).where(eq(mediaJobs.mediaId, mediaId)).all()).toEqual([]);
    expect(await onDisk(other)).toBe(true);
  });

  it('removes an unused object with its upload record and its poster frame', async () => {
    const poster = uniqueMediaId();
    const video = makeUpload(db, { kind: 'video', mediaId: poster });
    await storeObjectFile(video.id);
    await storeMediaFiles(poster);

    expect(await releaseFiles(db, { objectIds: [video.id] })).toEqual({ removed: 1 });
    await expectNotStored(objectKey(video.id));
    expect(await onDisk(poster)).toBe(false);
    expect(uploadRows()).toEqual([]);
  });

  it("keeps a used video's poster frame when only the poster is released", async () => {
    const poster = uniqueMediaId();
    const video = makeUpload(db, { kind: 'video', mediaId: poster });
    await storeMediaFiles(poster);
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });
    expect(await releaseFiles(db, { mediaIds: [poster] })).toEqual({ removed: 0 });
    expect(await onDisk(poster)).toBe(true);
  });

  it('keeps an object a record is served from', async () => {
    const video = makeUpload(db, { kind: 'video' });
    await storeObjectFile(video.id);
    makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });

    expect(await releaseFiles(db, { objectIds: [video.id] })).toEqual({ removed: 0 });
    await expectStored(objectKey(video.id));
    expect(uploadRows()).toHaveLength(1);
  });

  it('keeps the bio picture until the owner no longer uses it', async () => {
    const mediaId = uniqueMediaId();
    await storeMediaFiles(mediaId);
    const owner = makeUser(db, { bioPictureUrl: `/media/${mediaId}/640.jpg` });
    await releaseFiles(db, filesOfUrl(owner.bioPictureUrl));
    expect(await onDisk(mediaId)).toBe(true);

    db.update(users).set({ bioPictureUrl: null }).where(eq(users.id, owner.id)).run();
    await releaseFiles(db, filesOfUrl(`/media/${mediaId}/640.jpg`));
    expect(await onDisk(mediaId)).toBe(false);
  });
});
