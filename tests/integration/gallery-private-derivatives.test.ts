// A client gallery's derivatives have no public address, over HTTP on the built server: a photo and
// a video the owner uploads to a proofing gallery are processed with every derivative (AVIFs and the
// poster's included) under galleries/media/, none under media/, and on S3 the fake CDN at
// MEDIA_PUBLIC_URL refuses them while the client's viewing copies, the owner's thumbnails and the
// web-size download still work. An older site's gallery derivatives, left under media/, are moved
// to their private keys byte for byte when the site starts.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { derivativeKey, mediaPrefix } from '~/lib/platform/server/storage/storage';
import { appMeta, galleries, galleryFiles } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import {
  addGalleryFiles,
  galleryPhoto,
  gpsJpeg,
  makeGallery,
  makeGalleryLink,
  readStored,
} from '../helpers/gallery-factories';
import { logLines, type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { filesOnDisk, storedKeys } from '../helpers/stored';
import { inSiteStore, storageEnvFor, testStorage } from '../helpers/test-storage';
import { makeClip } from '../helpers/video-clip';

const onS3 = testStorage() === 's3';
let site: RunningServer;
let cookie: string;

async function start(dataDir?: string) {
  site = await startServer(dataDir ? { DATA_DIR: dataDir } : {});
  cookie = await signIn(site.url);
}
beforeAll(() => start());
afterAll(async () => {
  await site?.stop();
});

const owner = (method: string, path: string, init: { body?: BodyInit; headers?: HeadersInit } = {}) =>
  fetch(`${site.url}${path}`, {
    method,
    ...init,
    headers: { cookie, origin: site.url, ...init.headers },
  });
const get = (path: string) => fetch(`${site.url}${path}`, { redirect: 'manual' });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** Uploads a whole file over tus, in one PATCH; answers the gallery file's id. */
async function upload(galleryId: string, bytes: Buffer, name: string): Promise<string> {
  const tus = { 'tus-resumable': '1.0.0' };
  const made = await owner('POST', `/api/admin/galleries/${galleryId}/uploads`, {
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  expect(made.status).toBe(201);
  const done = await owner('PATCH', made.headers.get('location') ?? '', {
    body: new Uint8Array(bytes),
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  });
  expect(done.status).toBe(204);
  return done.headers.get('gallery-file-id') ?? '';
}

const fileRow = (fileId: string) =>
  withSiteDb(site.dataDir, (db) => db.select().from(galleryFiles).where(eq(galleryFiles.id, fileId)).get());

/** Waits until `check` answers something truthy (a minute at most). */
async function eventually<T>(what: string, check: () => Promise<T> | T): Promise<NonNullable<T>> {
  for (let i = 0; i < 600; i++) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within a minute`);
}

/** The keys under a prefix of the site's store. */
const keysOf = (prefix: string) => inSiteStore(site.dataDir, () => storedKeys(prefix));

describe('a gallery’s photo and video processed by the site', () => {
  it('keeps every derivative under galleries/media/, none at a public address, and still shows them', async () => {
    const created = await owner('POST', '/api/admin/galleries', {
      body: JSON.stringify({ title: 'Proofs', clientName: 'C', downloads: 'web', watermark: true }),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
    const galleryId = ((await created.json()) as { id: string }).id;
    const photoId = await upload(galleryId, await gpsJpeg('#335577', 2000, 1333), 'DJI_0001.JPG');
    const videoId = await upload(galleryId, makeClip('mp4'), 'DJI_0002.MP4');
    const ids = await Promise.all(
      [photoId, videoId].map((id) =>
        eventually('processing', () => {
          const row = fileRow(id);
          return row?.status === 'ready' ? (row.mediaId ?? '') : null;
        }),
      ),
    );
    // The AVIF queue writes beside the other derivatives, not under media/.
    for (const id of ids) {
      await eventually('the AVIF ladder', async () =>
        (await keysOf(mediaPrefix(id, 'private'))).some((k) => k.endsWith('.avif')),
      );
    }
    for (const id of ids) {
      expect(await keysOf(mediaPrefix(id)), id).toEqual([]);
      const keys = await keysOf(mediaPrefix(id, 'private'));
      for (const name of ['320.jpg', '320.webp', '320.avif'])
        expect(keys).toContain(`${mediaPrefix(id, 'private')}${name}`);
      expect((await get(`/media/${id}/320.jpg`)).status).toBe(404);
    }
    if (onS3) {
      // In the bucket, and on S3 not also a file on this machine.
      expect(filesOnDisk(`${site.dataDir}/uploads`).filter((f) => f.startsWith('galleries/'))).toEqual([]);
      const { MEDIA_PUBLIC_URL } = await storageEnvFor(site.dataDir);
      const key = derivativeKey(ids[0] ?? '', 640, 'jpg', 'private');
      // Neither at the public address of its private key, nor at the one an earlier version used.
      for (const address of [key, derivativeKey(ids[0] ?? '', 640, 'jpg')])
        expect((await fetch(`${MEDIA_PUBLIC_URL}/${address}`)).status, address).toBe(404);
      // Stored without the year-long public cache header a public derivative carries.
      const signed = await inSiteStore(site.dataDir, () =>
        getStorage().presignGet(key, { fileName: '640.jpg', disposition: 'inline' }),
      );
      const res = await fetch(signed ?? '');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control') ?? '').not.toContain('public');
    }

    // The client sees watermarked copies of both while proofing; the owner sees the thumbnails.
    const token = withSiteDb(site.dataDir, (db) => makeGalleryLink(db, galleryId).token);
    for (const fileId of [photoId, videoId]) {
      const copy = await get(`/g/${token}/files/${fileId}/view-640.webp`);
      expect(copy.status, fileId).toBe(200);
      expect(copy.headers.get('content-type')).toBe('image/jpeg');
      const thumb = await owner('GET', `/api/admin/galleries/${galleryId}/files/${fileId}/thumb`);
      expect(thumb.status).toBe(200);
      expect((await sharp(await bytesOf(thumb)).metadata()).width).toBe(320);
    }
    // Released: the derivatives themselves, read from their private keys, and the web-size download.
    withSiteDb(site.dataDir, (db) =>
      db.update(galleries).set({ releasedAt: new Date() }).where(eq(galleries.id, galleryId)).run(),
    );
    const released = await bytesOf(await get(`/g/${token}/files/${photoId}/view-640.webp`));
    const stored = await readStored(site.dataDir, derivativeKey(ids[0] ?? '', 640, 'webp', 'private'));
    expect(released.equals(stored)).toBe(true);
    // The web-size copy is kept in the store once made: on S3 it is sent as a presigned redirect.
    const web = await get(`/g/${token}/files/${photoId}/web`);
    expect(web.status).toBe(onS3 ? 302 : 200);
    const webCopy = onS3 ? await fetch(web.headers.get('location') ?? '') : web;
    expect(webCopy.status).toBe(200);
    expect((await sharp(await bytesOf(webCopy)).metadata()).format).toBe('jpeg');
  });
});

describe('an older site’s gallery derivatives', () => {
  it('are moved from media/ to their private keys at start, byte for byte, and shown from there', async () => {
    // As an earlier version left them: under the public prefix, and no record of the move.
    const old = await galleryPhoto(site.dataDir, 'OLD_0001.JPG', undefined, 'public');
    const mediaId = old.mediaId ?? '';
    const { token, fileId } = withSiteDb(site.dataDir, (db) => {
      db.delete(appMeta).where(eq(appMeta.key, 'gallery-derivatives-private')).run();
      const gallery = makeGallery(db, { title: 'Before the move', releasedAt: new Date() });
      const [file] = addGalleryFiles(db, gallery.id, [old]);
      return { token: makeGalleryLink(db, gallery.id).token, fileId: file?.id ?? '' };
    });
    const publicKeys = await keysOf(mediaPrefix(mediaId));
    expect(publicKeys.length).toBeGreaterThan(0);
    const before = await Promise.all(publicKeys.map((key) => readStored(site.dataDir, key)));

    const dataDir = site.dataDir;
    await site.stop();
    await start(dataDir);
    await eventually('the move', async () => (await keysOf(mediaPrefix(mediaId))).length === 0);
    const privateKeys = publicKeys.map((key) =>
      key.replace(mediaPrefix(mediaId), mediaPrefix(mediaId, 'private')),
    );
    expect(await keysOf(mediaPrefix(mediaId, 'private'))).toEqual(privateKeys);
    const after = await Promise.all(privateKeys.map((key) => readStored(dataDir, key)));
    for (const [i, bytes] of after.entries())
      expect(bytes.equals(before[i] as Buffer), privateKeys[i]).toBe(true);
    // The move's log line is written once every object is moved: it may reach the pipe a moment later.
    const movedLine = () => logLines<{ msg: string; mediaIds?: string[] }>(site).find((l) => l.mediaIds);
    const moved = await eventually('the log of the move', movedLine);
    expect(moved.msg).toMatch(/^Moved \d+ derivatives of 1 gallery files/);
    expect(moved.mediaIds).toEqual([mediaId]);

    const copy = await bytesOf(await get(`/g/${token}/files/${fileId}/view-640.webp`));
    expect(copy.equals(await readStored(dataDir, derivativeKey(mediaId, 640, 'webp', 'private')))).toBe(true);
  });
});
