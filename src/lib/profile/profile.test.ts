// The owner's bio picture: only one of the site's own images (a finished image upload, or the media
// of a record), stored as its display derivative; the picture it replaces loses its files unless
// another record uses them; a refused address changes nothing.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { displayUrl } from '~/lib/photos/photo-media.server';
import type { Db } from '~/lib/platform/server/db';
import { mediaPrefix } from '~/lib/platform/server/storage/storage';
import { setBioPicture } from '~/lib/profile/profile.server';
import { uploadedObjects, users } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto, makeUpload, makeUser, uniqueMediaId } from '~tests/helpers/factories';
import { storedKeys, storeMediaFiles } from '~tests/helpers/stored';

tempDataDir('profile');

let db: Db;
let ownerId: string;
beforeEach(() => {
  db = memoryDb();
  ownerId = makeUser(db, { email: 'owner@example.com' }).id;
  makeUser(db, { email: 'someone@example.ie' });
});

/** Whether the media id's derivatives are in the store (the bucket on TEST_STORAGE=s3). */
const inStore = async (mediaId: string) => (await storedKeys(mediaPrefix(mediaId))).length > 0;

const bioOf = (id = ownerId) => db.select().from(users).where(eq(users.id, id)).get()?.bioPictureUrl ?? null;

async function imageUpload() {
  const row = makeUpload(db, { purpose: 'bio-picture' });
  await storeMediaFiles(row.mediaId as string);
  return { url: `/objects/uploads/${row.id}`, mediaId: row.mediaId as string, width: row.width as number };
}

async function refusal(url: string): Promise<{ status: number; message: string }> {
  try {
    await setBioPicture(db, url);
  } catch (err) {
    const e = err as { status: number; message: string };
    return { status: e.status, message: e.message };
  }
  throw new Error(`${url} was accepted`);
}

describe('setBioPicture', () => {
  it("stores a finished image upload as its display derivative, on the owner's account only", async () => {
    const upload = await imageUpload();
    const answer = await setBioPicture(db, upload.url);
    expect(answer).toEqual({ bioPictureUrl: displayUrl(upload.mediaId, upload.width) });
    expect(answer.bioPictureUrl).toMatch(/^\/media\/[A-Za-z0-9_-]+\/1920\.jpg$/);
    expect(bioOf()).toBe(answer.bioPictureUrl);
    const others = db.select().from(users).where(eq(users.email, 'someone@example.ie')).get();
    expect(others?.bioPictureUrl).toBeNull();
  });

  it('takes the media of a photo already on the site', async () => {
    const mediaId = uniqueMediaId();
    makePhoto(db, { mediaId, width: 1200, height: 800, imageUrl: `/media/${mediaId}/960.jpg` });
    expect(await setBioPicture(db, `/media/${mediaId}/640.webp`)).toEqual({
      bioPictureUrl: displayUrl(mediaId, 1200),
    });
  });

  it('releases the files of the picture it replaces', async () => {
    const first = await imageUpload();
    const second = await imageUpload();
    await setBioPicture(db, first.url);
    await setBioPicture(db, second.url);
    expect(await inStore(first.mediaId)).toBe(false);
    expect(db.select().from(uploadedObjects).where(eq(uploadedObjects.mediaId, first.mediaId)).all()).toEqual(
      [],
    );
    expect(await inStore(second.mediaId)).toBe(true);
  });

  it('keeps the files of the old picture when a photo uses them too', async () => {
    const first = await imageUpload();
    await setBioPicture(db, first.url);
    makePhoto(db, { mediaId: first.mediaId, imageUrl: `/media/${first.mediaId}/960.jpg` });
    await setBioPicture(db, (await imageUpload()).url);
    expect(await inStore(first.mediaId)).toBe(true);
  });

  it("refuses anything but the site's own images, and changes nothing", async () => {
    const current = await imageUpload();
    await setBioPicture(db, current.url);
    const before = bioOf();
    const video = makeUpload(db, { kind: 'video' });
    // A video keeps the media of its poster frame: it is still not a picture.
    const withPoster = makeUpload(db, { kind: 'video', mediaId: uniqueMediaId(), width: 1280, height: 720 });
    const unfinished = makeUpload(db, { status: 'uploading', mediaId: null, width: null });
    const cases = [
      'https://example.com/me.jpg',
      '//example.com/media/abcdefgh12/640.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      '/media/abcdefgh12/640.jpg',
      '/media/../site.sqlite',
      '/objects/uploads/nosuchupload1',
      `/objects/uploads/${video.id}`,
      `/objects/uploads/${withPoster.id}`,
      `/objects/uploads/${unfinished.id}`,
      '/images/hero.jpg',
    ];
    for (const url of cases) {
      const { status, message } = await refusal(url);
      expect(status, url).toBe(400);
      expect(message.length, url).toBeGreaterThan(10);
    }
    expect(bioOf()).toBe(before);
    expect(await inStore(current.mediaId)).toBe(true);
  });

  it('refuses a WebP original: the bio picture is a JPG, PNG or GIF', async () => {
    const row = makeUpload(db, { purpose: 'bio-picture' });
    await storeMediaFiles(row.mediaId as string, 'webp');
    expect((await refusal(`/objects/uploads/${row.id}`)).status).toBe(415);
    expect(bioOf()).toBeNull();
  });
});
