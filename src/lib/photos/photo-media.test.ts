// Where a photo's image comes from in the owner's dialog: a file sent with the form (processed at
// once, AVIF queued) or an image sent before through a signed upload (its media reused). A plain
// <img> uses the largest JPEG derivative up to 1920 px.
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { runMediaQueue } from '~/lib/media/media-jobs.server';
import {
  displayUrl,
  mediaFromFile,
  mediaFromUploadUrl,
  resolvePhotoMedia,
} from '~/lib/photos/photo-media.server';
import type { Db } from '~/lib/platform/server/db';
import { derivativePath } from '~/lib/platform/server/storage/storage';
import { mediaJobs } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeUpload, uniqueMediaId } from '~tests/helpers/factories';

tempDataDir('photo-media');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const jpegFile = async (width = 1400, height = 900) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: '#7a8c5a' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'lake.jpg',
    { type: 'image/jpeg' },
  );

describe('the display address', () => {
  it('is the largest JPEG derivative up to 1920 px, or the original width below the ladder', () => {
    expect(displayUrl('abcdefgh', 4000)).toBe('/media/abcdefgh/1920.jpg');
    expect(displayUrl('abcdefgh', 1500)).toBe('/media/abcdefgh/1280.jpg');
    expect(displayUrl('abcdefgh', 200)).toBe('/media/abcdefgh/200.jpg');
  });
});

describe('an image sent before through a signed upload', () => {
  it('gives its media, by its object address or by the signed URL it was sent to', () => {
    const upload = makeUpload(db, { kind: 'image', width: 3000, height: 2000 });
    const expected = {
      mediaId: upload.mediaId,
      width: 3000,
      height: 2000,
      dominantColor: upload.dominantColor,
      placeholder: upload.placeholder,
      imageUrl: `/media/${upload.mediaId}/1920.jpg`,
    };
    expect(mediaFromUploadUrl(db, `/objects/uploads/${upload.id}`)).toEqual(expected);
    expect(mediaFromUploadUrl(db, `https://site.test/api/objects/signed/${upload.id}.image.1.sig`)).toEqual(
      expected,
    );
  });

  it('is nothing for an address that is not an upload', () => {
    expect(mediaFromUploadUrl(db, 'https://example.com/photo.jpg')).toBeNull();
  });

  it('is refused with 400 when unknown or not an image', () => {
    const video = makeUpload(db, { kind: 'video' });
    expect(() => mediaFromUploadUrl(db, '/objects/uploads/unknownobject')).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/not found/) }),
    );
    expect(() => mediaFromUploadUrl(db, `/objects/uploads/${video.id}`)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/not an image/) }),
    );
    // A video keeps the media of its poster frame: it is still not an image.
    const withPoster = makeUpload(db, { kind: 'video', mediaId: uniqueMediaId(), width: 1280, height: 720 });
    expect(() => mediaFromUploadUrl(db, `/objects/uploads/${withPoster.id}`)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/not an image/) }),
    );
  });
});

describe('a file sent with the form', () => {
  it('is processed into derivatives, with its AVIF queued', async () => {
    const media = await mediaFromFile(db, await jpegFile());
    expect(media).toMatchObject({ width: 1400, height: 900, imageUrl: `/media/${media.mediaId}/1280.jpg` });
    expect(existsSync(derivativePath(media.mediaId, 1280, 'webp'))).toBe(true);
    expect(db.select({ mediaId: mediaJobs.mediaId }).from(mediaJobs).all()).toEqual([
      { mediaId: media.mediaId },
    ]);
    await runMediaQueue(db);
  });

  it('is refused with 413 over 10 MB, and with 415 when it is not an image', async () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg');
    await expect(mediaFromFile(db, big)).rejects.toMatchObject({ status: 413 });
    const text = new File(['not an image at all'], 'photo.jpg');
    await expect(mediaFromFile(db, text)).rejects.toMatchObject({ status: 415 });
  });
});

describe('choosing the source', () => {
  it('takes the file first, the upload address next, and nothing when neither is given', async () => {
    const upload = makeUpload(db, { kind: 'image' });
    const url = `/objects/uploads/${upload.id}`;
    const fromFile = await resolvePhotoMedia(db, await jpegFile(600, 400), url);
    expect(fromFile?.mediaId).not.toBe(upload.mediaId);
    await runMediaQueue(db);
    const empty = new File([], 'empty.jpg');
    expect((await resolvePhotoMedia(db, empty, url))?.mediaId).toBe(upload.mediaId);
    expect(await resolvePhotoMedia(db, null, undefined)).toBeNull();
  });
});
