// What a client sees at /g/{token}, over HTTP on the built server, with galleries made by the
// factories: the page (no-store, noindex, no Referer, not in the page cache or the sitemap), the 410
// of a revoked or expired link that does not name the gallery, the PIN (per-link cookie; the fifth
// wrong try is a 429 with a wait), hearts and notes per link and the selection mailed to the owner,
// downloads (one file with byte ranges, a stored ZIP) without GPS or serial numbers, proofing copies
// (watermarked, size-limited, no original by any URL), and the security rules: a link never reaches
// another gallery's file, path tricks find nothing, and no token reaches the log.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { eq } from 'drizzle-orm';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey } from '~/lib/platform/server/http/route-table';
import { derivativeKey } from '~/lib/platform/server/storage/storage';
import { galleries, galleryFiles, galleryLinks } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import {
  addGalleryFiles,
  BODY_SERIAL,
  GALLERY_TEST_SECRET,
  galleryPhoto,
  galleryVideo,
  makeGallery,
  makeGalleryLink,
  readStored,
  whereStored,
} from '../helpers/gallery-factories';
import { waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';
import { storageEnvFor, testStorage } from '../helpers/test-storage';
import { zipEntries } from '../helpers/zip-entries';

let site: RunningServer;
const ids = {
  gallery: '',
  files: [] as string[],
  video: '',
  other: '',
  otherFile: '',
  proofing: '',
  proofFile: '',
  proofVideo: '',
  raw: '',
  rawFile: '',
};
const tokens = {
  open: '',
  second: '',
  revoked: '',
  expired: '',
  galleryExpired: '',
  pin: '',
  pin2: '',
  pin3: '',
  big: '',
  proof: '',
  other: '',
  raw: '',
};

beforeAll(async () => {
  // Rate limits count the address in X-Forwarded-For from this trusted proxy, so each test can be its own visitor.
  site = await startServer({
    AUTH_SECRET: GALLERY_TEST_SECRET,
    OWNER_EMAIL: 'owner@example.ie',
    TRUSTED_PROXIES: '127.0.0.1',
  });
  const dir = site.dataDir;
  const photos = [
    await galleryPhoto(dir, 'DJI_0001.JPG'),
    await galleryPhoto(dir, 'DJI_0002.JPG'),
    await galleryPhoto(dir, 'DJI_0003.JPG'),
  ];
  const video = await galleryVideo(dir, 'DJI_0004.MP4');
  const otherPhoto = await galleryPhoto(dir, 'OTHER_0001.JPG');
  const proofPhoto = await galleryPhoto(dir, 'PROOF_0001.JPG');
  const proofVideo = await galleryVideo(dir, 'PROOF_0002.MP4');
  const rawPhoto = await galleryPhoto(dir, 'RAW_0001.JPG');
  const [first] = photos;
  if (!first) throw new Error('No photo made');
  withSiteDb(dir, (db) => {
    const gallery = makeGallery(db, { title: 'Lough Tay wedding' });
    ids.gallery = gallery.id;
    const files = addGalleryFiles(db, gallery.id, [...photos, video]);
    ids.files = files.slice(0, 3).map((f) => f.id);
    ids.video = files[3]?.id ?? '';
    tokens.open = makeGalleryLink(db, gallery.id, { recipientName: 'Aoife' }).token;
    tokens.second = makeGalleryLink(db, gallery.id, { recipientName: 'Cian' }).token;
    tokens.revoked = makeGalleryLink(db, gallery.id, { revokedAt: new Date() }).token;
    tokens.expired = makeGalleryLink(db, gallery.id, { expiresAt: new Date(Date.now() - 1000) }).token;
    const old = makeGallery(db, { title: 'Old shoot', expiresAt: new Date(Date.now() - 1000) });
    tokens.galleryExpired = makeGalleryLink(db, old.id).token;

    const other = makeGallery(db, { title: 'Another client' });
    ids.other = other.id;
    ids.otherFile = addGalleryFiles(db, other.id, [otherPhoto])[0]?.id ?? '';
    tokens.other = makeGalleryLink(db, other.id).token;

    const locked = makeGallery(db, { title: 'Locked shoot', pin: '4821' });
    addGalleryFiles(db, locked.id, photos.slice(0, 1));
    tokens.pin = makeGalleryLink(db, locked.id).token;
    tokens.pin2 = makeGalleryLink(db, locked.id).token;
    tokens.pin3 = makeGalleryLink(db, locked.id).token;

    const big = makeGallery(db, { title: 'A long day' });
    addGalleryFiles(
      db,
      big.id,
      Array.from({ length: 12 }, (_, i) => ({ ...first, fileName: `LONG_${i}.JPG` })),
    );
    tokens.big = makeGalleryLink(db, big.id).token;

    const proofing = makeGallery(db, { title: 'Proofs', downloads: 'none', watermark: true });
    ids.proofing = proofing.id;
    const [pf, pv] = addGalleryFiles(db, proofing.id, [proofPhoto, proofVideo]);
    ids.proofFile = pf?.id ?? '';
    ids.proofVideo = pv?.id ?? '';
    tokens.proof = makeGalleryLink(db, proofing.id).token;

    const raw = makeGallery(db, { title: 'Keep location', stripLocation: false });
    ids.raw = raw.id;
    ids.rawFile = addGalleryFiles(db, raw.id, [rawPhoto])[0]?.id ?? '';
    tokens.raw = makeGalleryLink(db, raw.id).token;
  });
});

afterAll(async () => {
  await site?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { redirect: 'manual', headers });
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      origin: site.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const onS3 = testStorage() === 's3';
/**
 * A file's answer as a browser gets it. On S3 an object sent as it is stored (a video, an original
 * kept whole) answers 302 to a presigned URL on the store, which is followed with the same headers;
 * on the local driver the site sends it itself and never redirects.
 */
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
/** What the factory's clips carry in their metadata (tagged: see video-clip.ts). */
const SECRET_TAGS = ['Secret flight', 'GPS 53.0123N'];
const hasGps = (jpeg: Buffer) => Object.keys(ExifReader.load(jpeg)).some((k) => k.startsWith('GPS'));
/** The JPEG from its start of scan on: the image data, which delivery must leave byte for byte. */
const imageData = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));

describe('the page', () => {
  it('shows the gallery, never stored, never indexed, sending no Referer, and counts the visit', async () => {
    const res = await get(`/g/${tokens.open}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    expect(html).toContain('Lough Tay wedding');
    expect(html).toContain('DJI_0003.JPG');
    expect(html).toContain('Send my selection to the photographer');
    expect(html).not.toContain('Another client');
    const views = withSiteDb(site.dataDir, (db) =>
      db
        .select()
        .from(galleryLinks)
        .all()
        .find((l) => l.recipientName === 'Aoife'),
    );
    expect(views?.views).toBe(1);
    expect(views?.lastVisitAt).toBeTruthy();
  });

  it('loads the first rows at once and the images below the fold lazily', async () => {
    const html = await (await get(`/g/${tokens.big}`)).text();
    const loading = [...html.matchAll(/<img [^>]*alt="LONG_\d+\.JPG"[^>]*loading="(\w+)"/g)].map((m) => m[1]);
    expect(loading).toHaveLength(12);
    expect(loading.slice(0, 6).every((l) => l === 'eager')).toBe(true);
    expect(loading.slice(6).every((l) => l === 'lazy')).toBe(true);
  });

  it('is kept out of the page cache, robots and the sitemap', async () => {
    expect(cacheKey(`/g/${tokens.open}`, new URLSearchParams())).toBeNull();
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /g');
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/g/');
  });

  it('answers 410 for a revoked or expired link, without naming the gallery, and offers to contact the photographer', async () => {
    for (const token of [tokens.revoked, tokens.expired, tokens.galleryExpired]) {
      const res = await get(`/g/${token}`);
      expect(res.status).toBe(410);
      const html = await res.text();
      expect(html).toContain('This gallery link has expired or was revoked');
      expect(html).toContain('Contact the photographer');
      expect(html).not.toContain('Lough Tay wedding');
      expect(html).not.toContain('Old shoot');
      expect((await get(`/g/${token}/files/${ids.files[0]}/view-640.webp`)).status).toBe(410);
    }
  });

  it('answers 404 for a token no link has, or text that cannot be a token', async () => {
    expect((await get(`/g/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await get('/g/short')).status).toBe(404);
    expect((await get(`/g/${'A'.repeat(43)}/files/${ids.files[0]}/original`)).status).toBe(404);
  });
});

describe('the PIN', () => {
  it('asks for the PIN, and the right one opens this link only', async () => {
    const page = await get(`/g/${tokens.pin}`);
    const html = await page.text();
    expect(html).toContain('Enter the gallery’s PIN');
    expect(html).not.toContain('DJI_0001.JPG');
    const wrong = await send('POST', `/g/${tokens.pin}/pin`, { pin: '0000' });
    expect(wrong.status).toBe(403);
    const right = await send('POST', `/g/${tokens.pin}/pin`, { pin: '4821' });
    expect(right.status).toBe(204);
    const cookie = (right.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(right.headers.get('set-cookie')).toContain(`Path=/g/${tokens.pin}`);
    expect(right.headers.get('set-cookie')).toContain('HttpOnly');
    const opened = await (await get(`/g/${tokens.pin}`, { cookie })).text();
    expect(opened).toContain('Locked shoot');
    // The same cookie does not open another link of the same gallery.
    const other = await (await get(`/g/${tokens.pin2}`, { cookie })).text();
    expect(other).toContain('Enter the gallery’s PIN');
    expect(other).not.toContain('Locked shoot');
  });

  it('refuses the files and the hearts until the PIN is given (401)', async () => {
    const listed = await (await get(`/g/${tokens.pin}`)).text();
    expect(listed).not.toContain('/files/');
    const withoutPin = await send('POST', `/g/${tokens.pin2}/selection`);
    expect(withoutPin.status).toBe(401);
  });

  it('answers the fifth wrong try on one link with 429 and the wait, even for the right PIN after it', async () => {
    const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await send('POST', `/g/${tokens.pin2}/pin`, { pin: '1111' }, from(i))).status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
    const right = await send('POST', `/g/${tokens.pin2}/pin`, { pin: '4821' }, from(9));
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await right.json()) as { message: string }).message).toMatch(/wait .*minutes/);
  });

  it('answers the fifth wrong try from one address with 429, whichever links it tried', async () => {
    const me = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (const token of [tokens.pin, tokens.pin3, tokens.pin, tokens.pin3, tokens.pin3]) {
      statuses.push((await send('POST', `/g/${token}/pin`, { pin: '2222' }, me)).status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
    // Another address may still try the same link.
    const elsewhere = await send(
      'POST',
      `/g/${tokens.pin3}/pin`,
      { pin: '4821' },
      { 'x-forwarded-for': '203.0.113.8' },
    );
    expect(elsewhere.status).toBe(204);
  });
});

describe('favourites and the selection', () => {
  it('hearts photos with a note per link, and sends the selection to the owner', async () => {
    const [a, b, c] = ids.files;
    expect(
      (await send('PUT', `/g/${tokens.open}/favourites/${a}`, { note: 'Crop a little tighter' })).status,
    ).toBe(204);
    expect((await send('PUT', `/g/${tokens.open}/favourites/${b}`, {})).status).toBe(204);
    expect((await send('PUT', `/g/${tokens.open}/favourites/${c}`, {})).status).toBe(204);
    expect((await send('DELETE', `/g/${tokens.open}/favourites/${c}`)).status).toBe(204);
    // Kept per link: the other recipient has hearted nothing.
    expect((await send('POST', `/g/${tokens.second}/selection`)).status).toBe(409);
    const sent = await send('POST', `/g/${tokens.open}/selection`);
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { count: number }).count).toBe(2);
    const mails = await waitForOutbox(site.dataDir, (all) =>
      all.some((m) => m.subject.includes('Selection from Aoife')),
    );
    const mail = mails.find((m) => m.subject.includes('Selection from Aoife'));
    expect(mail?.to).toContain('owner@example.ie');
    expect(mail?.text).toContain('DJI_0001.JPG, DJI_0002.JPG');
    expect(mail?.text).toContain('Crop a little tighter');
    expect(mail?.text).not.toContain('DJI_0003.JPG');
    const page = await (await get(`/g/${tokens.open}`)).text();
    expect(page).toContain('2 in your selection');
  });

  it('refuses a note that is too long (400) and keeps the heart', async () => {
    const res = await send('PUT', `/g/${tokens.open}/favourites/${ids.files[0]}`, { note: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('at most 1000');
  });
});

describe('a link never reaches another gallery, and path tricks find nothing', () => {
  it('answers 404 for another gallery’s file through this link, on every file route', async () => {
    for (const part of ['view-640.webp', 'original', 'web', 'video']) {
      expect((await get(`/g/${tokens.open}/files/${ids.otherFile}/${part}`)).status).toBe(404);
    }
    expect((await send('PUT', `/g/${tokens.open}/favourites/${ids.otherFile}`, {})).status).toBe(404);
    // The other gallery's own link does reach it.
    expect((await get(`/g/${tokens.other}/files/${ids.otherFile}/view-640.webp`)).status).toBe(200);
  });

  it('finds nothing with dot segments, encoded slashes, odd widths or formats', async () => {
    const f = ids.files[0];
    const tries = [
      `/g/${tokens.open}/files/..%2F..%2Fsite.sqlite/original`,
      `/g/${tokens.open}/files/${f}/..%2F..%2Fsite.sqlite`,
      `/g/${tokens.open}/files/${f}%2F..%2F${ids.otherFile}/original`,
      `/g/${tokens.open}/files/${f}/view-640.png`,
      `/g/${tokens.open}/files/${f}/view-99999.webp`,
      `/g/${tokens.open}/files/${f}/view-640.webp%00.jpg`,
      `/g/${tokens.open}/files/${ids.files[0]}/video`,
      `/g/${tokens.open}/zip/..%2Fall`,
      `/g/${tokens.open}/zip/everything`,
    ];
    for (const path of tries) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.get('content-type') ?? '', path).not.toContain('image/');
    }
  });

  it('never writes a token into the log', async () => {
    await get(`/g/${tokens.open}`);
    await send('POST', `/g/${tokens.pin}/pin`, { pin: '0000' });
    await get(`/g/${tokens.revoked}`);
    const out = site.output();
    expect(out).toContain('/g/[token]');
    for (const token of Object.values(tokens)) expect(out).not.toContain(token);
  });
});

describe('downloads', () => {
  it('delivers one original without GPS or serial number, its image data unchanged, with byte ranges, counted', async () => {
    const f = ids.files[0];
    const res = await get(`/g/${tokens.open}/files/${f}/original`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="DJI_0001.JPG"');
    const jpeg = await bytesOf(res);
    expect(Number(res.headers.get('content-length'))).toBe(jpeg.length);
    expect(hasGps(jpeg)).toBe(false);
    expect(jpeg.includes(Buffer.from(BODY_SERIAL))).toBe(false);
    const tags = ExifReader.load(jpeg);
    expect(tags.Make?.description).toBe('DJI');
    const stored = await storedOf(f ?? '');
    expect(hasGps(stored)).toBe(true);
    expect(imageData(jpeg).equals(imageData(stored))).toBe(true);

    const part = await get(`/g/${tokens.open}/files/${f}/original`, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${jpeg.length}`);
    expect((await bytesOf(part)).equals(jpeg.subarray(100, 200))).toBe(true);
    const tail = await get(`/g/${tokens.open}/files/${f}/original`, {
      range: `bytes=${jpeg.length - 1000}-`,
    });
    expect((await bytesOf(tail)).equals(jpeg.subarray(jpeg.length - 1000))).toBe(true);
    expect(
      (await get(`/g/${tokens.open}/files/${f}/original`, { range: `bytes=${jpeg.length}-` })).status,
    ).toBe(416);

    // The web copy is kept once made: on S3 it is sent by a presigned URL, as a stored original is.
    const web = await fetched(`/g/${tokens.open}/files/${f}/web`);
    const webJpeg = await bytesOf(web);
    expect(hasGps(webJpeg)).toBe(false);
    expect((await sharp(webJpeg).metadata()).width).toBeLessThanOrEqual(2048);
    const link = withSiteDb(site.dataDir, (db) =>
      db
        .select()
        .from(galleryLinks)
        .all()
        .find((l) => l.recipientName === 'Aoife'),
    );
    // The original and the web copy; resumed parts (a range not from 0) are not counted again.
    expect(link?.downloads).toBe(2);
  });

  it('keeps the location when the owner switched stripping off', async () => {
    const jpeg = await bytesOf(await fetched(`/g/${tokens.raw}/files/${ids.rawFile}/original`));
    expect(hasGps(jpeg)).toBe(true);
    expect(jpeg.equals(await storedOf(ids.rawFile))).toBe(true);
  });

  it('streams the whole gallery and the favourites as stored ZIPs whose JPEGs carry no GPS', async () => {
    const res = await get(`/g/${tokens.open}/zip/all`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const entries = zipEntries(await bytesOf(res));
    expect(entries.map((e) => e.name)).toEqual([
      'DJI_0001.JPG',
      'DJI_0002.JPG',
      'DJI_0003.JPG',
      'DJI_0004.MP4',
    ]);
    for (const entry of entries) expect(entry.method).toBe(0);
    for (const entry of entries.filter((e) => e.name.endsWith('.JPG'))) {
      expect(hasGps(entry.data)).toBe(false);
      expect(entry.data.includes(Buffer.from(BODY_SERIAL))).toBe(false);
    }
    // A video is its copy without metadata: the title and comment of the original stay behind.
    const video = entries.find((e) => e.name.endsWith('.MP4'));
    for (const tag of SECRET_TAGS) {
      expect((await storedOf(ids.video)).includes(tag)).toBe(true);
      expect(video?.data.includes(tag)).toBe(false);
    }
    expect(video?.data.equals(await streamOf(ids.video))).toBe(true);
    const favourites = zipEntries(await bytesOf(await get(`/g/${tokens.open}/zip/favourites`)));
    expect(favourites.map((e) => e.name)).toEqual(['DJI_0001.JPG', 'DJI_0002.JPG']);
  });

  it('plays a video with byte ranges for seeking', async () => {
    const whole = await fetched(`/g/${tokens.open}/files/${ids.video}/video`);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const size = (await bytesOf(whole)).length;
    const part = await fetched(`/g/${tokens.open}/files/${ids.video}/video`, { range: 'bytes=1000-' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
  });

  it('plays the streamable copy processing keeps, named by the type of its container', async () => {
    // Processing remuxes a MOV into a MOV beside the original: calling it an MP4 would mislabel it.
    const mov = await galleryVideo(site.dataDir, 'DJI_0005.MOV', { ext: 'mov', stream: true });
    const { token, fileId } = withSiteDb(site.dataDir, (db) => {
      const gallery = makeGallery(db, { title: 'River Avonmore' });
      const [file] = addGalleryFiles(db, gallery.id, [mov]);
      return { token: makeGalleryLink(db, gallery.id).token, fileId: file?.id ?? '' };
    });
    const played = await fetched(`/g/${token}/files/${fileId}/video`);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/quicktime');
    const row = fileRow(fileId);
    const stream = await readStored(site.dataDir, row?.streamKey ?? '');
    expect((await bytesOf(played)).equals(stream)).toBe(true);
  });

  it('offers each file of a web-size gallery by a download link that answers, a video without metadata', async () => {
    const clip = await galleryVideo(site.dataDir, 'DJI_0006.MP4');
    const photo = await galleryPhoto(site.dataDir, 'DJI_0007.JPG');
    const { token, fileIds } = withSiteDb(site.dataDir, (db) => {
      const gallery = makeGallery(db, { title: 'Glendalough', downloads: 'web' });
      const files = addGalleryFiles(db, gallery.id, [clip, photo]);
      return { token: makeGalleryLink(db, gallery.id).token, fileIds: files.map((f) => f.id) };
    });
    const page = await (await get(`/g/${token}`)).text();
    const offered = fileIds.map(
      (id) => new RegExp(`/g/${token}/files/${id}/(?:original|web)`).exec(page)?.[0],
    );
    expect(offered.every(Boolean)).toBe(true);
    const [video, still] = await Promise.all(offered.map((href) => fetched(href ?? '')));
    expect(video?.status).toBe(200);
    expect((await bytesOf(video as Response)).equals(await streamOf(fileIds[0] ?? ''))).toBe(true);
    expect(still?.status).toBe(200);
    expect(still?.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('the store', () => {
  it('keeps every original private in the site’s store: in the bucket on S3, never under UPLOADS_DIR', async () => {
    for (const fileId of [...ids.files, ids.video, ids.rawFile, ids.proofFile]) {
      const key = fileRow(fileId)?.originalKey ?? '';
      expect(await whereStored(site.dataDir, key), key).toBe(onS3 ? 'bucket' : 'disk');
    }
  });

  it('sends an original kept whole by a presigned URL on S3 (the site itself locally), with its name, counted', async () => {
    const downloads = () =>
      withSiteDb(site.dataDir, (db) =>
        db.select().from(galleryLinks).where(eq(galleryLinks.galleryId, ids.raw)).get(),
      )?.downloads ?? 0;
    const before = downloads();
    const path = `/g/${tokens.raw}/files/${ids.rawFile}/original`;
    const first = await get(path);
    expect(first.status).toBe(onS3 ? 302 : 200);
    expect(first.headers.get('cache-control')).toContain('no-store');
    const res = await fetched(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="RAW_0001.JPG"');
    expect((await bytesOf(res)).equals(await storedOf(ids.rawFile))).toBe(true);
    expect(downloads()).toBe(before + 2);
    // The page links the site's own addresses, never the store's.
    const page = await (await get(`/g/${tokens.raw}`)).text();
    expect(page).not.toContain('X-Amz-');
    const { S3_ENDPOINT } = await storageEnvFor(site.dataDir);
    if (S3_ENDPOINT) expect(page).not.toContain(S3_ENDPOINT);
  });

  it('makes no presigned URL where the site refuses: gone link, no PIN, proofing, no downloads', async () => {
    const released = await galleryPhoto(site.dataDir, 'VIEW_0001.JPG');
    const { token, fileId } = withSiteDb(site.dataDir, (db) => {
      const gallery = makeGallery(db, { title: 'Look only', downloads: 'none', releasedAt: new Date() });
      const [file] = addGalleryFiles(db, gallery.id, [released]);
      return { token: makeGalleryLink(db, gallery.id).token, fileId: file?.id ?? '' };
    });
    const refused: [string, number][] = [
      [`/g/${tokens.revoked}/files/${ids.files[0]}/original`, 410],
      [`/g/${tokens.expired}/files/${ids.video}/video`, 410],
      [`/g/${tokens.pin2}/files/${ids.files[0]}/original`, 401],
      [`/g/${tokens.proof}/files/${ids.proofFile}/original`, 403],
      [`/g/${tokens.proof}/files/${ids.proofVideo}/original`, 403],
      [`/g/${tokens.proof}/files/${ids.proofVideo}/video`, 403],
      [`/g/${token}/files/${fileId}/original`, 403],
      [`/g/${tokens.open}/files/${ids.otherFile}/original`, 404],
    ];
    for (const [path, status] of refused) {
      const res = await get(path, { cookie: 'gallery_pin=wrong' });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('location'), path).toBeNull();
      expect(await res.text(), path).not.toContain('X-Amz-');
    }
  });
});

describe('a proofing gallery', () => {
  it('serves only watermarked copies no wider than 1280 px, and no original by any URL', async () => {
    const base = `/g/${tokens.proof}/files/${ids.proofFile}`;
    const copy = await get(`${base}/view-2560.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/jpeg');
    const marked = await bytesOf(copy);
    expect((await sharp(marked).metadata()).width).toBeLessThanOrEqual(1280);
    const plain = await derivativeOf(ids.proofFile, 1280);
    expect(marked.equals(plain)).toBe(false);
    for (const part of ['original', 'web']) expect((await get(`${base}/${part}`)).status).toBe(403);
    expect((await get(`/g/${tokens.proof}/files/${ids.proofVideo}/video`)).status).toBe(403);
    expect((await get(`/g/${tokens.proof}/files/${ids.proofVideo}/original`)).status).toBe(403);
    expect((await get(`/g/${tokens.proof}/zip/all`)).status).toBe(403);
    const page = await (await get(`/g/${tokens.proof}`)).text();
    expect(page).not.toContain('/original');
    expect(page).not.toContain('Download all');
    // Its unmarked derivatives exist, private, and the public media route answers as for no photo.
    const mediaId = fileRow(ids.proofFile)?.mediaId ?? '';
    expect((await derivativeOf(ids.proofFile, 640)).length).toBeGreaterThan(0);
    for (const format of ['jpg', 'webp']) {
      const res = await get(`/media/${mediaId}/640.${format}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/^image\//);
    }
    expect((await get(`/media/${fileRow(ids.proofVideo)?.mediaId}/640.jpg`)).status).toBe(404);
  });

  it('serves the unmarked derivatives once released', async () => {
    withSiteDb(site.dataDir, (db) =>
      db.update(galleries).set({ releasedAt: new Date() }).where(eq(galleries.id, ids.proofing)).run(),
    );
    const copy = await bytesOf(await get(`/g/${tokens.proof}/files/${ids.proofFile}/view-1280.webp`));
    expect(copy.equals(await derivativeOf(ids.proofFile, 1280, 'webp'))).toBe(true);
    // Released or not, a gallery's photos are the client's: only its link shows them.
    expect((await get(`/media/${fileRow(ids.proofFile)?.mediaId}/1280.webp`)).status).toBe(404);
  });
});

function fileRow(fileId: string) {
  return withSiteDb(site.dataDir, (db) =>
    db.select().from(galleryFiles).where(eq(galleryFiles.id, fileId)).get(),
  );
}
/** A file's original as the factory stored it: private, under galleries/, as the owner's upload keeps it. */
function storedOf(fileId: string): Promise<Buffer> {
  return readStored(site.dataDir, fileRow(fileId)?.originalKey ?? '');
}
/** A video's copy without metadata, kept beside its original. */
function streamOf(fileId: string): Promise<Buffer> {
  return readStored(site.dataDir, fileRow(fileId)?.streamKey ?? '');
}
function derivativeOf(fileId: string, width: number, format: 'jpg' | 'webp' = 'jpg'): Promise<Buffer> {
  return readStored(site.dataDir, derivativeKey(fileRow(fileId)?.mediaId ?? '', width, format, 'private'));
}
