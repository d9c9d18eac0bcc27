// The owner's drone samples: each one is an upload of the owner's of the right kind (a photo is
// stored as its JPEG derivative of up to 1920 px, a video as the address it is served from) with
// the media facts of what it shows, at most 2 photos, an unknown sample cannot be deleted, a
// deleted one takes its files with it, and only one video is featured at a time.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addDroneMedia,
  deleteDroneMedia,
  listDroneSamples,
  posterUrl,
  setFeaturedVideo,
} from '~/lib/drone/drone-media.server';
import { SIGNED_UPLOAD_PREFIX } from '~/lib/media/signed-url.server';
import { createUploadGrant, receiveSignedUpload } from '~/lib/media/uploads.server';
import { type Db, openDb } from '~/lib/platform/server/db';
import { mediaDir, objectPath } from '~/lib/platform/server/storage/storage';
import { DRONE_PHOTO_LIMIT_MESSAGE } from '~/lib/site/constants';
import { droneMedia, photos, uploadedObjects } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeDroneMedia, makeSession, makeUpload } from '~tests/helpers/factories';
import { tinyMp4 } from '~tests/helpers/fixtures';
import { makeClip } from '~tests/helpers/video-clip';

const dataDir = tempDataDir('drone-media');
let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const refusal = (status: number, message: string | RegExp) =>
  expect.objectContaining({ status, message: expect.stringMatching(message) });
const featured = () =>
  db
    .select({ id: droneMedia.id })
    .from(droneMedia)
    .where(eq(droneMedia.isFeatured, true))
    .all()
    .map((r) => r.id);

describe('adding a sample', () => {
  it('stores a photo as its largest JPEG derivative up to 1920 px', () => {
    const upload = makeUpload(db, { kind: 'image', width: 4000 });
    const row = addDroneMedia(db, {
      type: 'photo',
      url: `/objects/uploads/${upload.id}`,
      title: 'Coastline',
    });
    expect(row).toMatchObject({
      type: 'photo',
      url: `/media/${upload.mediaId}/1920.jpg`,
      title: 'Coastline',
      description: null,
      isActive: true,
      isFeatured: false,
    });
  });

  it('stores a video as the address it is served from, also when given its signed upload URL', () => {
    const upload = makeUpload(db, { kind: 'video' });
    const row = addDroneMedia(db, {
      type: 'video',
      url: `/api/objects/signed/${upload.id}.sample-video.9999999999.signature`,
      isActive: false,
    });
    expect(row).toMatchObject({ type: 'video', url: `/objects/uploads/${upload.id}`, isActive: false });
  });

  it('refuses a video upload offered as a photo, and an image offered as a video', () => {
    const video = makeUpload(db, { kind: 'video' });
    const image = makeUpload(db, { kind: 'image' });
    expect(() => addDroneMedia(db, { type: 'photo', url: `/objects/uploads/${video.id}` })).toThrow(
      refusal(400, /not an image/),
    );
    expect(() => addDroneMedia(db, { type: 'video', url: `/objects/uploads/${image.id}` })).toThrow(
      refusal(400, /not a video/),
    );
    expect(db.select().from(droneMedia).all()).toEqual([]);
  });

  it('refuses an address that is not an upload, an unknown upload and one still arriving', () => {
    const arriving = makeUpload(db, { kind: 'video', status: 'uploading' });
    expect(() => addDroneMedia(db, { type: 'video', url: 'https://example.com/film.mp4' })).toThrow(
      refusal(400, /upload the file through the upload box/),
    );
    expect(() => addDroneMedia(db, { type: 'video', url: '/objects/uploads/unknownobject' })).toThrow(
      refusal(400, /was not found/),
    );
    expect(() => addDroneMedia(db, { type: 'video', url: `/objects/uploads/${arriving.id}` })).toThrow(
      refusal(400, /was not found/),
    );
  });
});

describe('the media facts of a sample', () => {
  it("are a photo's own and a video's poster frame's", () => {
    const image = makeUpload(db, { kind: 'image', width: 1200, height: 800 });
    const video = makeUpload(db, {
      kind: 'video',
      mediaId: 'posterframe01',
      width: 640,
      height: 360,
      dominantColor: '#334455',
      placeholder: 'data:image/webp;base64,AA==',
    });
    const photo = addDroneMedia(db, { type: 'photo', url: `/objects/uploads/${image.id}` });
    const clip = addDroneMedia(db, { type: 'video', url: `/objects/uploads/${video.id}` });
    expect(photo).toMatchObject({ mediaId: image.mediaId, width: 1200, height: 800 });
    expect(clip).toMatchObject({
      mediaId: 'posterframe01',
      width: 640,
      height: 360,
      dominantColor: '#334455',
      placeholder: 'data:image/webp;base64,AA==',
    });
    expect(posterUrl(clip)).toBe('/media/posterframe01/640.jpg');
    // A video without a poster (ffmpeg missing) has none to show.
    const plain = addDroneMedia(db, {
      type: 'video',
      url: `/objects/uploads/${makeUpload(db, { kind: 'video' }).id}`,
    });
    expect(posterUrl(plain)).toBeNull();
  });
});

describe('the limit of 2 sample photos', () => {
  const photoUpload = () => `/objects/uploads/${makeUpload(db, { kind: 'image' }).id}`;

  it("refuses a third photo with 409 and the owner's message, saving nothing; videos are not counted", () => {
    addDroneMedia(db, { type: 'video', url: `/objects/uploads/${makeUpload(db, { kind: 'video' }).id}` });
    addDroneMedia(db, { type: 'photo', url: photoUpload() });
    addDroneMedia(db, { type: 'photo', url: photoUpload() });
    expect(() => addDroneMedia(db, { type: 'photo', url: photoUpload() })).toThrow(
      refusal(409, DRONE_PHOTO_LIMIT_MESSAGE),
    );
    expect(db.select().from(droneMedia).where(eq(droneMedia.type, 'photo')).all()).toHaveLength(2);
    // A video still fits.
    addDroneMedia(db, { type: 'video', url: `/objects/uploads/${makeUpload(db, { kind: 'video' }).id}` });
  });

  it('holds for many saves at once: exactly 2 are stored, the others refused', async () => {
    const urls = Array.from({ length: 6 }, photoUpload);
    const results = await Promise.allSettled(
      urls.map(async (url) => addDroneMedia(db, { type: 'photo', url })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ status: 409 });
    }
    expect(db.select().from(droneMedia).all()).toHaveLength(2);
  });

  it('holds across two connections to the same database: each counts what the other committed', () => {
    const file = join(dataDir.dir, 'limit.sqlite');
    const a = openDb(file);
    const b = openDb(file);
    try {
      const upload = () => `/objects/uploads/${makeUpload(a, { kind: 'image' }).id}`;
      const [u1, u2, u3] = [upload(), upload(), upload()];
      addDroneMedia(a, { type: 'photo', url: u1 });
      addDroneMedia(b, { type: 'photo', url: u2 });
      expect(() => addDroneMedia(a, { type: 'photo', url: u3 })).toThrow(
        refusal(409, /Upload Limit Reached/),
      );
      expect(() => addDroneMedia(b, { type: 'photo', url: u3 })).toThrow(
        refusal(409, /Upload Limit Reached/),
      );
      expect(a.select().from(droneMedia).all()).toHaveLength(2);
    } finally {
      a.$client.close();
      b.$client.close();
    }
  });
});

describe('deleting a sample', () => {
  it('removes it', async () => {
    const keep = makeDroneMedia(db);
    const gone = makeDroneMedia(db, { type: 'video' });
    await deleteDroneMedia(db, gone.id);
    expect(db.select({ id: droneMedia.id }).from(droneMedia).all()).toEqual([{ id: keep.id }]);
  });

  it('answers 404 for an unknown id, also when it was deleted already', async () => {
    const sample = makeDroneMedia(db);
    await deleteDroneMedia(db, sample.id);
    await expect(deleteDroneMedia(db, sample.id)).rejects.toThrow(refusal(404, /not found/));
    await expect(deleteDroneMedia(db, 'no-such-sample')).rejects.toThrow(refusal(404, /not found/));
  });

  const tokenOf = (uploadURL: string) => uploadURL.slice(SIGNED_UPLOAD_PREFIX.length);
  const put = (body: Buffer) =>
    new Request('http://site.test/upload', { method: 'PUT', body: new Uint8Array(body) });

  it("removes a video's file and its poster frame", async () => {
    const grant = createUploadGrant('video', makeSession(db).id);
    const uploaded = await receiveSignedUpload(db, tokenOf(grant.uploadURL), put(await makeClip('mp4')));
    const poster = uploaded.media?.mediaId ?? '';
    expect(poster).not.toBe('');
    const video = addDroneMedia(db, { type: 'video', url: uploaded.url });
    expect(existsSync(objectPath(uploaded.id))).toBe(true);
    expect(existsSync(mediaDir(poster))).toBe(true);

    await deleteDroneMedia(db, video.id);
    expect(existsSync(objectPath(uploaded.id))).toBe(false);
    expect(existsSync(mediaDir(poster))).toBe(false);
    expect(db.select().from(uploadedObjects).all()).toEqual([]);
  });

  it('removes a video kept without a poster', async () => {
    const grant = createUploadGrant('video', makeSession(db).id);
    const uploaded = await receiveSignedUpload(db, tokenOf(grant.uploadURL), put(tinyMp4));
    const video = addDroneMedia(db, { type: 'video', url: uploaded.url });
    await deleteDroneMedia(db, video.id);
    expect(existsSync(objectPath(uploaded.id))).toBe(false);
  });

  it("removes a photo's derivatives, unless another record still shows them", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#52734d' } })
      .jpeg()
      .toBuffer();
    const upload = async () =>
      receiveSignedUpload(db, tokenOf(createUploadGrant('image', makeSession(db).id).uploadURL), put(jpeg));
    const first = await upload();
    const firstMedia = first.media?.mediaId ?? '';
    const sample = addDroneMedia(db, { type: 'photo', url: first.url });
    await deleteDroneMedia(db, sample.id);
    expect(existsSync(mediaDir(firstMedia))).toBe(false);

    const second = await upload();
    const secondMedia = second.media?.mediaId ?? '';
    const kept = addDroneMedia(db, { type: 'photo', url: second.url });
    db.insert(photos)
      .values({ title: 'Same picture', imageUrl: kept.url, mediaId: secondMedia, category: 'aerial' })
      .run();
    await deleteDroneMedia(db, kept.id);
    expect(existsSync(mediaDir(secondMedia))).toBe(true);
  });
});

describe('the page list', () => {
  it('holds the active samples, the featured video first', () => {
    const hidden = makeDroneMedia(db, { type: 'video', isActive: false });
    const photo = makeDroneMedia(db);
    const video = makeDroneMedia(db, { type: 'video', isFeatured: true });
    const ids = listDroneSamples(db).map((s) => s.id);
    expect(ids).toEqual([video.id, photo.id]);
    expect(ids).not.toContain(hidden.id);
  });
});

describe('the featured video', () => {
  it('is one video at a time: featuring another one unfeatures the first', () => {
    const first = makeDroneMedia(db, { type: 'video' });
    const second = makeDroneMedia(db, { type: 'video' });
    expect(setFeaturedVideo(db, first.id)).toMatchObject({ id: first.id, isFeatured: true });
    expect(featured()).toEqual([first.id]);
    setFeaturedVideo(db, second.id);
    expect(featured()).toEqual([second.id]);
  });

  it('refuses a photo, and answers 404 for an unknown video, changing nothing', () => {
    const video = makeDroneMedia(db, { type: 'video', isFeatured: true });
    const photo = makeDroneMedia(db, { type: 'photo' });
    expect(() => setFeaturedVideo(db, photo.id)).toThrow(refusal(400, 'Only a video can be the featured'));
    expect(() => setFeaturedVideo(db, 'no-such-video')).toThrow(refusal(404, /not found/));
    expect(featured()).toEqual([video.id]);
  });
});
