// A proofing gallery's video over HTTP on the built server: its link gets a small watermarked
// preview (made on the first ask, kept in the store, sent with byte ranges; on S3 through a
// presigned URL made after the checks), while the video and its original stay refused until the
// owner releases the gallery; another gallery's link, a photo, a released gallery and the public
// media route get no preview.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewKey } from '~/lib/galleries/gallery-video-preview.server';
import { galleries, galleryFiles } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import {
  addGalleryFiles,
  GALLERY_TEST_SECRET,
  galleryPhoto,
  galleryVideo,
  makeGallery,
  makeGalleryLink,
  readStored,
} from '../helpers/gallery-factories';
import { type RunningServer, startServer } from '../helpers/server';
import { storageEnvFor, testStorage } from '../helpers/test-storage';

let site: RunningServer;
const ids = { proofing: '', video: '', photo: '', otherVideo: '' };
const tokens = { proof: '', other: '' };

beforeAll(async () => {
  site = await startServer({ AUTH_SECRET: GALLERY_TEST_SECRET });
  const dir = site.dataDir;
  const video = await galleryVideo(dir, 'DJI_0401.MP4', { stream: true });
  const photo = await galleryPhoto(dir, 'DJI_0402.JPG');
  const otherVideo = await galleryVideo(dir, 'OTHER_0401.MP4');
  withSiteDb(dir, (db) => {
    const proofing = makeGallery(db, { title: 'Proofs', downloads: 'none', watermark: true });
    ids.proofing = proofing.id;
    const [v, p] = addGalleryFiles(db, proofing.id, [video, photo]);
    ids.video = v?.id ?? '';
    ids.photo = p?.id ?? '';
    tokens.proof = makeGalleryLink(db, proofing.id).token;
    const other = makeGallery(db, { title: 'Another client', downloads: 'none' });
    ids.otherVideo = addGalleryFiles(db, other.id, [otherVideo])[0]?.id ?? '';
    tokens.other = makeGalleryLink(db, other.id).token;
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { redirect: 'manual', headers });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const onS3 = testStorage() === 's3';

/** The answer as a browser's video element gets it: on S3 a 302 to a presigned URL, followed with the same headers. */
async function fetched(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await get(path, headers);
  if (res.status !== 302) return res;
  expect(onS3, `${path} redirected on the local driver`).toBe(true);
  const location = res.headers.get('location') ?? '';
  const { S3_ENDPOINT } = await storageEnvFor(site.dataDir);
  expect(location.startsWith(`${S3_ENDPOINT}/`), location).toBe(true);
  expect(location).toContain('X-Amz-Signature=');
  return fetch(location, { headers });
}

function fileRow(fileId: string) {
  return withSiteDb(site.dataDir, (db) =>
    db.select().from(galleryFiles).where(eq(galleryFiles.id, fileId)).get(),
  );
}

describe('a proofing gallery’s video', () => {
  it('is offered on the page as a preview, never as the video or the original', async () => {
    const page = await (await get(`/g/${tokens.proof}`)).text();
    expect(page).toContain(`/g/${tokens.proof}/files/${ids.video}/preview`);
    expect(page).not.toContain(`/files/${ids.video}/video`);
    expect(page).not.toContain('/original');
    expect(page).toContain('controlsList="nodownload');
  });

  it('plays as a watermarked MP4 kept in the store, with byte ranges (200, then 206)', async () => {
    const path = `/g/${tokens.proof}/files/${ids.video}/preview`;
    const whole = await fetched(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toContain('inline; filename="DJI_0401-preview.mp4"');
    const body = await bytesOf(whole);
    expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Kept under the video's private derivatives, the same bytes as served.
    const stored = await readStored(site.dataDir, previewKey(fileRow(ids.video)?.mediaId ?? ''));
    expect(stored.equals(body)).toBe(true);

    const part = await fetched(path, { range: 'bytes=100-' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-${body.length - 1}/${body.length}`);
    expect((await bytesOf(part)).equals(body.subarray(100))).toBe(true);
    const first = await get(path);
    expect(first.headers.get('cache-control')).toContain('no-store');
  });

  it('keeps the video and its original refused until the gallery is released', async () => {
    const base = `/g/${tokens.proof}/files/${ids.video}`;
    for (const part of ['original', 'video', 'web']) {
      const res = await get(`${base}/${part}`);
      expect(res.status, part).toBe(403);
      expect(res.headers.get('location'), part).toBeNull();
    }
    expect((await get(`/g/${tokens.proof}/zip/all`)).status).toBe(403);
  });

  it('answers 404 to another gallery’s link, for a photo, for path tricks and on the public media route', async () => {
    const refused = [
      `/g/${tokens.other}/files/${ids.video}/preview`,
      `/g/${tokens.proof}/files/${ids.otherVideo}/preview`,
      `/g/${tokens.proof}/files/${ids.photo}/preview`,
      `/g/${tokens.proof}/files/${ids.video}/preview.mp4`,
      `/g/${tokens.proof}/files/${ids.video}/preview-640.mp4`,
      `/g/${tokens.other}/files/${ids.video}%2Fpreview`,
      `/g/${tokens.other}/files/${ids.otherVideo}/../${ids.video}/preview`,
      `/g/${tokens.other}/files/${ids.otherVideo}/%2e%2e/${ids.video}/preview`,
      `/media/${fileRow(ids.video)?.mediaId}/preview-640.mp4`,
    ];
    for (const path of refused) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('location'), path).toBeNull();
    }
    expect((await get(`/g/not-a-token/files/${ids.video}/preview`)).status).toBe(404);
  });

  it('has no preview once released: the video itself plays', async () => {
    withSiteDb(site.dataDir, (db) =>
      db.update(galleries).set({ releasedAt: new Date() }).where(eq(galleries.id, ids.proofing)).run(),
    );
    const base = `/g/${tokens.proof}/files/${ids.video}`;
    const preview = await get(`${base}/preview`);
    expect(preview.status).toBe(404);
    expect((await preview.json()).message).toBe('This video plays in full: it has no preview.');
    expect((await fetched(`${base}/video`)).status).toBe(200);
  });
});
