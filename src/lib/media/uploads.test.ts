// Signed uploads without HTTP: the owner gets a grant (a signed URL and the byte limit of its
// purpose), and the PUT to that URL is received once: a video is kept as an object, an image is
// processed into derivatives with its AVIF queued; a refused file frees the link for another try.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { runMediaQueue } from '~/lib/media/media-jobs.server';
import { SIGNED_UPLOAD_PREFIX, verifySignedUpload } from '~/lib/media/signed-url.server';
import {
  createUploadGrant,
  getReadyObject,
  objectUrl,
  receiveSignedUpload,
  toObjectResponse,
} from '~/lib/media/uploads.server';
import type { Db } from '~/lib/platform/server/db';
import { derivativeKey, objectKey, originalKey } from '~/lib/platform/server/storage/storage';
import { MB } from '~/lib/site/constants';
import { mediaJobs, sessions, uploadedObjects } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeSession, makeUpload } from '~tests/helpers/factories';
import { tinyMp4 } from '~tests/helpers/fixtures';
import { expectStored, storedBytes, strayFiles } from '~tests/helpers/stored';

tempDataDir('uploads');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const tokenOf = (uploadURL: string) => uploadURL.slice(SIGNED_UPLOAD_PREFIX.length);
const put = (body: Buffer, headers: Record<string, string> = {}) =>
  new Request('http://site.test/upload', { method: 'PUT', body: new Uint8Array(body), headers });
const rows = () => db.select().from(uploadedObjects).all();

describe('a grant', () => {
  it('is a signed URL for one new object, with the byte limit of its purpose, bound to a session', () => {
    const session = makeSession(db).id;
    const video = createUploadGrant('video', session);
    expect(video.uploadURL.startsWith(SIGNED_UPLOAD_PREFIX)).toBe(true);
    expect(video.maxBytes).toBe(50 * MB);
    expect(verifySignedUpload(db, tokenOf(video.uploadURL))).toEqual({
      objectId: video.objectId,
      purpose: 'video',
      expiresAt: video.expiresAt,
      sessionId: session,
    });
    expect(createUploadGrant('sample-video', session).maxBytes).toBe(100 * MB);
    expect(createUploadGrant('bio-picture', session).maxBytes).toBe(5 * MB);
    expect(createUploadGrant('image', session).objectId).not.toBe(
      createUploadGrant('image', session).objectId,
    );
  });

  it('stops working once its session has ended: deleted (signed out) or expired, 403 with a sentence', async () => {
    const ended = {
      status: 403,
      message:
        'This upload link was made for a sign-in that has ended (signed out or expired). Please sign in and start the upload again.',
    };
    const signedOut = makeSession(db);
    const grant = createUploadGrant('sample-video', signedOut.id);
    db.delete(sessions).where(eq(sessions.id, signedOut.id)).run();
    await expect(receiveSignedUpload(db, tokenOf(grant.uploadURL), put(tinyMp4))).rejects.toMatchObject(
      ended,
    );
    // Refused before anything is claimed or written.
    expect(rows()).toEqual([]);

    const expired = makeSession(db, { expiresAt: new Date(Date.now() - 1000) });
    const late = createUploadGrant('sample-video', expired.id);
    await expect(receiveSignedUpload(db, tokenOf(late.uploadURL), put(tinyMp4))).rejects.toMatchObject(ended);

    // The same URL is good while its session lasts, to the second it ends.
    const lasting = makeSession(db, { expiresAt: new Date(Date.now() + 60_000) });
    const token = tokenOf(createUploadGrant('image', lasting.id).uploadURL);
    expect(verifySignedUpload(db, token, { now: Date.now() + 59_000 }).sessionId).toBe(lasting.id);
    expect(() => verifySignedUpload(db, token, { now: Date.now() + 61_000 })).toThrow(ended.message);
  });

  it('cannot be moved to another session: the session id is signed with the rest', () => {
    const mine = makeSession(db).id;
    const other = makeSession(db).id;
    const token = tokenOf(createUploadGrant('image', mine).uploadURL);
    const moved = token.replace(`.${mine}.`, `.${other}.`);
    expect(moved).not.toBe(token);
    expect(() => verifySignedUpload(db, moved)).toThrow('This upload link is not valid.');
  });
});

describe('receiving an upload', () => {
  it('keeps a video as an object served from /objects/uploads/{id}', async () => {
    const grant = createUploadGrant('sample-video', makeSession(db).id);
    const answer = await receiveSignedUpload(db, tokenOf(grant.uploadURL), put(tinyMp4));
    expect(answer).toEqual({
      id: grant.objectId,
      url: `/objects/uploads/${grant.objectId}`,
      purpose: 'sample-video',
      contentType: 'video/mp4',
      size: tinyMp4.length,
      media: null,
    });
    expect(getReadyObject(db, grant.objectId)?.status).toBe('ready');
    await expectStored(objectKey(grant.objectId));
    expect((await storedBytes(objectKey(grant.objectId))).equals(tinyMp4)).toBe(true);
    expect(strayFiles()).toEqual([]);
  });

  it('processes an image into derivatives and queues its AVIF', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3a6b8c' } })
      .jpeg()
      .toBuffer();
    const grant = createUploadGrant('image', makeSession(db).id);
    const answer = await receiveSignedUpload(db, tokenOf(grant.uploadURL), put(jpeg));
    expect(answer.media).toMatchObject({ width: 800, height: 500, dominantColor: expect.any(String) });
    const mediaId = answer.media?.mediaId ?? '';
    await expectStored(derivativeKey(mediaId, 640, 'jpg'));
    // The received file became the original (moved, or on S3 uploaded then removed from tmp/).
    await expectStored(originalKey(mediaId, 'jpg'));
    expect((await storedBytes(originalKey(mediaId, 'jpg'))).equals(jpeg)).toBe(true);
    expect(db.select({ mediaId: mediaJobs.mediaId }).from(mediaJobs).all()).toEqual([{ mediaId }]);
    await runMediaQueue(db);
    await expectStored(derivativeKey(mediaId, 640, 'avif'));
    expect(strayFiles()).toEqual([]);
  });

  it('works once: a second PUT to the same link is refused with 403', async () => {
    const grant = createUploadGrant('video', makeSession(db).id);
    await receiveSignedUpload(db, tokenOf(grant.uploadURL), put(tinyMp4));
    await expect(receiveSignedUpload(db, tokenOf(grant.uploadURL), put(tinyMp4))).rejects.toMatchObject({
      status: 403,
      message: 'This upload link was already used.',
    });
  });

  it('refuses a file of the wrong kind with 415 and lets the link be used again', async () => {
    const grant = createUploadGrant('video', makeSession(db).id);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(receiveSignedUpload(db, tokenOf(grant.uploadURL), put(png))).rejects.toMatchObject({
      status: 415,
    });
    expect(rows()).toEqual([]);
    await expect(receiveSignedUpload(db, tokenOf(grant.uploadURL), put(tinyMp4))).resolves.toMatchObject({
      id: grant.objectId,
    });
  });

  it('refuses a declared size over the limit with 413 before storing anything', async () => {
    const grant = createUploadGrant('bio-picture', makeSession(db).id);
    const request = put(tinyMp4, { 'content-length': String(5 * MB + 1) });
    await expect(receiveSignedUpload(db, tokenOf(grant.uploadURL), request)).rejects.toMatchObject({
      status: 413,
      message: 'The file is larger than the 5 MB limit.',
    });
    expect(rows()).toEqual([]);
  });

  it('refuses a link whose purpose was changed with 403', async () => {
    const grant = createUploadGrant('image', makeSession(db).id);
    const forged = tokenOf(grant.uploadURL).replace('.image.', '.sample-video.');
    await expect(receiveSignedUpload(db, forged, put(tinyMp4))).rejects.toMatchObject({ status: 403 });
    expect(rows()).toEqual([]);
  });
});

describe('an uploaded object', () => {
  it('is answered with its address, and its media only when it is an image', () => {
    const video = makeUpload(db, { kind: 'video' });
    const image = makeUpload(db, { kind: 'image' });
    expect(objectUrl(video.id)).toBe(`/objects/uploads/${video.id}`);
    expect(toObjectResponse(video).media).toBeNull();
    expect(toObjectResponse(image).media).toEqual({
      mediaId: image.mediaId,
      width: image.width,
      height: image.height,
      dominantColor: image.dominantColor,
      placeholder: image.placeholder,
    });
    expect(getReadyObject(db, 'unknownobject')).toBeUndefined();
  });
});
