// The owner's drone samples: each one is an upload of the owner's of the right kind (a photo is
// stored as its JPEG derivative of up to 1920 px, a video as the address it is served from), an
// unknown sample cannot be deleted, and only one video is featured at a time.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/server/db';
import { addDroneMedia, deleteDroneMedia, setFeaturedVideo } from '~/lib/server/services/drone-media';
import { droneMedia } from '~db/schema';
import { memoryDb } from '../../helpers/db';
import { makeDroneMedia, makeUpload } from '../../helpers/factories';

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

describe('deleting a sample', () => {
  it('removes it', () => {
    const keep = makeDroneMedia(db);
    const gone = makeDroneMedia(db, { type: 'video' });
    deleteDroneMedia(db, gone.id);
    expect(db.select({ id: droneMedia.id }).from(droneMedia).all()).toEqual([{ id: keep.id }]);
  });

  it('answers 404 for an unknown id, also when it was deleted already', () => {
    const sample = makeDroneMedia(db);
    deleteDroneMedia(db, sample.id);
    expect(() => deleteDroneMedia(db, sample.id)).toThrow(refusal(404, /not found/));
    expect(() => deleteDroneMedia(db, 'no-such-sample')).toThrow(refusal(404, /not found/));
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
