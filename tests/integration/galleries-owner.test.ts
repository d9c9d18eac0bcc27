// The owner's galleries over HTTP on the built server: the CRUD payloads and their refusals, links
// made, revoked and listed, and resumable uploads over tus: a photo whose connection is killed
// halfway, resumed after a server restart, arrives whole (SHA-256) and is processed; a video gets its
// streamable copy and poster; an unreadable file gets its own error while the batch carries on; an
// upload cannot be continued through another gallery's address; a file over the limit is refused.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir } from '~/lib/platform/server/backup/backup';
import { galleryOriginalPath } from '~/lib/platform/server/storage/storage';
import { galleryFiles } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { readStored, whereStored } from '../helpers/gallery-factories';
import { waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { storedKeys } from '../helpers/stored';
import { inSiteStore, testStorage } from '../helpers/test-storage';
import { makeClip } from '../helpers/video-clip';

/** Where the site keeps a stored file: its bucket on S3, never also under UPLOADS_DIR; its folder locally. */
const STORED = testStorage() === 's3' ? 'bucket' : 'disk';

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

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: site.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json: json as Answer, text };
}

/** The API's answers, read loosely: each test checks the fields it needs. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON answer of any shape
type Answer = Record<string, any>;

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Starts a tus upload of `size` bytes; answers the upload's address. */
async function createUpload(galleryId: string, size: number, name: string): Promise<string> {
  const res = await api('POST', `/api/admin/galleries/${galleryId}/uploads`, undefined, {
    ...TUS,
    'upload-length': String(size),
    'upload-metadata': `filename ${b64(name)},filetype ${b64('image/jpeg')}`,
  });
  expect(res.status, res.text).toBe(201);
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(
    new RegExp(`^/api/admin/galleries/${galleryId}/uploads/${galleryId}_[0-9a-f]{32}$`),
  );
  return location;
}

async function offsetOf(location: string): Promise<number> {
  const res = await api('HEAD', location, undefined, TUS);
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

async function patchBytes(location: string, offset: number, bytes: Buffer) {
  const res = await fetch(`${site.url}${location}`, {
    method: 'PATCH',
    headers: {
      cookie,
      origin: site.url,
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Sends the first `sent` bytes of a PATCH announcing all of `bytes`, then drops the connection. */
async function patchAndDrop(location: string, bytes: Buffer, sent: number): Promise<void> {
  const url = new URL(location, site.url);
  await new Promise<void>((resolve) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        cookie,
        origin: site.url,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    req.on('error', () => resolve());
    req.write(bytes.subarray(0, sent), () => {
      // Let the server write what arrived, then pull the plug as a lost connection would.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 500);
    });
  });
}

/** The files in a folder, none when it does not exist. */
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

async function fileOf(galleryId: string, fileId: string) {
  for (let i = 0; i < 600; i++) {
    const { json } = await api('GET', `/api/admin/galleries/${galleryId}`);
    const file = (json.files as Answer[]).find((f) => f.id === fileId);
    if (file && file.status !== 'processing') return file;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the file was still processing after a minute');
}

describe('galleries over HTTP', () => {
  it('creates, lists, changes and refuses bad payloads with a sentence', async () => {
    const bad = await api('POST', '/api/admin/galleries', { title: 'x', clientName: 'y', pin: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('The PIN must be exactly 4 digits, or empty for none.');
    const made = await api('POST', '/api/admin/galleries', {
      title: 'Lough Tay elopement',
      clientName: 'Aoife Byrne',
      clientEmail: 'aoife@example.com',
      pin: '0427',
      downloads: 'original',
      expiresOn: '2099-12-31',
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      hasPin: true,
      downloads: 'original',
      expiresOn: '2099-12-31',
      watermark: true,
    });
    expect(made.text).not.toContain('pinHash');
    const changed = await api('PUT', `/api/admin/galleries/${made.json.id}`, {
      pin: null,
      printsAllowed: true,
    });
    expect(changed.json).toMatchObject({ hasPin: false, printsAllowed: true, title: 'Lough Tay elopement' });
    const list = await api('GET', '/api/admin/galleries');
    expect(list.json.galleries.map((g: { id: string }) => g.id)).toContain(made.json.id);
    expect((await api('PUT', '/api/admin/galleries/nope', { title: 'x' })).status).toBe(404);
  });

  it('makes a link shown once, revokes it, and lists its stats', async () => {
    const g = (await api('POST', '/api/admin/galleries', { title: 'Links', clientName: 'C' })).json;
    const made = await api('POST', `/api/admin/galleries/${g.id}/links`, {
      recipientName: 'Ciara',
      recipientEmail: 'ciara@example.com',
    });
    expect(made.status).toBe(201);
    expect(made.json.url).toMatch(/\/g\/[A-Za-z0-9_-]{43}$/);
    const token = made.json.url.split('/g/')[1];
    const mailTo = `/api/admin/galleries/${g.id}/links/${made.json.link.id}/mail`;
    expect((await api('POST', mailTo, { token: 'A'.repeat(43) })).status).toBe(422);
    expect((await api('POST', mailTo, { token })).status).toBe(202);
    const [mail] = await waitForOutbox(site.dataDir, (mails) =>
      mails.some((m) => m.to === 'ciara@example.com'),
    );
    expect(mail?.text).toContain(made.json.url);
    // A link is a password: it never reaches the log.
    expect(site.output()).not.toContain(token);
    const revoked = await api('PUT', `/api/admin/galleries/${g.id}/links/${made.json.link.id}`, {
      revoked: true,
    });
    expect(revoked.json.state).toBe('revoked');
    const { json } = await api('GET', `/api/admin/galleries/${g.id}`);
    expect(json.links).toEqual([
      expect.objectContaining({ recipientName: 'Ciara', views: 0, favourites: 0 }),
    ]);
    expect(JSON.stringify(json)).not.toContain(made.json.url.split('/g/')[1]);
    const csv = await fetch(
      `${site.url}/api/admin/galleries/${g.id}/links/${made.json.link.id}/selection?format=csv`,
      {
        headers: { cookie },
      },
    );
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toBe('file name,note\r\n');
  });

  it('mails a link again as a new address for the owner only, the old address then opening nothing', async () => {
    const g = (await api('POST', '/api/admin/galleries', { title: 'Again', clientName: 'C' })).json;
    const made = await api('POST', `/api/admin/galleries/${g.id}/links`, {
      recipientName: 'Orla',
      recipientEmail: 'orla@example.com',
    });
    const again = `/api/admin/galleries/${g.id}/links/${made.json.link.id}/mail-again`;
    const tries: { name: string; headers: Record<string, string>; status: number }[] = [
      { name: 'no session', headers: { origin: site.url }, status: 401 },
      { name: 'another Origin', headers: { cookie, origin: 'https://evil.example' }, status: 403 },
    ];
    for (const t of tries) {
      const res = await fetch(`${site.url}${again}`, { method: 'POST', headers: t.headers });
      expect(res.status, t.name).toBe(t.status);
    }
    const huge = await api('POST', again, { pad: 'x'.repeat(3 * 1024 ** 2) });
    expect(huge.status).toBe(413);
    // The addresses name the configured site; the test's server listens elsewhere.
    const page = (url: string) => fetch(`${site.url}${new URL(url).pathname}`);
    // None of those changed the link: its first address still opens the gallery.
    expect((await page(made.json.url)).status).toBe(200);

    const res = await api('POST', again);
    expect(res.status).toBe(202);
    expect(res.json.url).toMatch(/\/g\/[A-Za-z0-9_-]{43}$/);
    expect(res.json.url).not.toBe(made.json.url);
    expect((await page(made.json.url)).status).toBe(404);
    expect((await page(res.json.url)).status).toBe(200);
    const mails = await waitForOutbox(site.dataDir, (all) => all.some((m) => m.to === 'orla@example.com'));
    expect(mails.find((m) => m.to === 'orla@example.com')?.text).toContain(res.json.url);
    const noAddress = await api('POST', `/api/admin/galleries/${g.id}/links`, { recipientName: 'Dan' });
    const refused = await api(
      'POST',
      `/api/admin/galleries/${g.id}/links/${noAddress.json.link.id}/mail-again`,
    );
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('This recipient has no e-mail address to mail the link to.');
  });

  it('refuses tus requests from anyone but the owner, HEAD and PATCH included', async () => {
    const g = (await api('POST', '/api/admin/galleries', { title: 'Guarded', clientName: 'C' })).json;
    const location = await createUpload(g.id, 10, 'a.jpg');
    for (const method of ['HEAD', 'PATCH', 'POST', 'DELETE']) {
      const res = await fetch(
        `${site.url}${method === 'POST' ? `/api/admin/galleries/${g.id}/uploads` : location}`,
        {
          method,
          headers: {
            origin: site.url,
            ...TUS,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          body: method === 'PATCH' ? Buffer.from('0123456789') : undefined,
        },
      );
      expect(res.status, method).toBe(401);
    }
    expect(await offsetOf(location)).toBe(0);
  });

  // A restart and a resumed 8 MiB upload: about 10 s alone (20 s on S3), several times that beside
  // other files.
  it('resumes a photo after a dropped connection and a server restart, whole, and processes it', async () => {
    // Over 8 MiB: on S3 an upload in progress goes to the bucket in parts of 8 MiB, and the bytes of
    // a part still arriving when the connection drops are sent again.
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    const sha = createHash('sha256').update(photo).digest('hex');
    const g = (await api('POST', '/api/admin/galleries', { title: 'Resumed', clientName: 'C' })).json;
    const location = await createUpload(g.id, photo.length, 'DJI_0042.JPG');

    await patchAndDrop(location, photo, photo.length - 200_000);
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      offset = await offsetOf(location);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(photo.length);

    if (STORED === 'bucket') {
      // In the bucket, not on this machine: the first part as a multipart upload, with its record.
      expect(offset).toBe(8 * 1024 ** 2);
      expect(filesIn(join(site.dataDir, 'uploads', 'tus'))).toEqual([]);
      const keys = await inSiteStore(site.dataDir, () => storedKeys(`tus/${location.split('/').pop()}`));
      expect(keys).toEqual([`tus/${location.split('/').pop()}.info`]);
    }

    // A restart between the two halves: the partial upload and its progress are kept.
    const dataDir = site.dataDir;
    await site.stop();
    await start(dataDir);
    expect(await offsetOf(location)).toBe(offset);

    const done = await patchBytes(location, offset, photo.subarray(offset));
    expect(done.status).toBe(204);
    const fileId = done.headers.get('gallery-file-id') ?? '';
    const file = await fileOf(g.id, fileId);
    expect(file).toMatchObject({
      status: 'ready',
      kind: 'photo',
      fileName: 'DJI_0042.JPG',
      size: photo.length,
      sha256: sha,
    });
    expect(file.mediaId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const key = withSiteDb(
      dataDir,
      (db) =>
        db
          .select()
          .from(galleryFiles)
          .all()
          .find((f) => f.id === fileId)?.originalKey,
    );
    expect(key).toMatch(/^galleries\//);
    expect(await whereStored(dataDir, key ?? '')).toBe(STORED);
    // Nothing of the upload is left where it waited.
    const uploadId = location.split('/').pop() ?? '';
    expect(filesIn(join(dataDir, 'uploads', 'tus')).filter((f) => f.startsWith(uploadId))).toEqual([]);
    if (STORED === 'bucket')
      expect(await inSiteStore(dataDir, () => storedKeys(`tus/${uploadId}`))).toEqual([]);
    const original = await readStored(dataDir, key ?? '');
    expect(createHash('sha256').update(original).digest('hex')).toBe(sha);
    // Neither the original nor its derivatives have a public address: the owner's thumbnail is
    // behind the session, and only for a file of that gallery.
    expect((await fetch(`${site.url}/media/${file.mediaId}/640.jpg`)).status).toBe(404);
    const thumbPath = `/api/admin/galleries/${g.id}/files/${fileId}/thumb`;
    const thumb = await fetch(`${site.url}${thumbPath}`, { headers: { cookie } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.headers.get('cache-control')).toContain('private');
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320);
    expect((await fetch(`${site.url}${thumbPath}`)).status).toBe(401);
    const other = (await api('POST', '/api/admin/galleries', { title: 'Other', clientName: 'D' })).json;
    expect((await api('GET', `/api/admin/galleries/${other.id}/files/${fileId}/thumb`)).status).toBe(404);
  }, 120_000);

  it('processes a video and marks an unreadable file failed with its reason, the batch carrying on', async () => {
    const g = (await api('POST', '/api/admin/galleries', { title: 'Batch', clientName: 'C' })).json;
    const junk = Buffer.from('this is not a photo, just some words in a file\n'.repeat(20));
    const clip = makeClip('mp4');
    const ids: string[] = [];
    for (const [bytes, name] of [
      [junk, 'notes.jpg'],
      [clip, 'DJI_0100.MP4'],
    ] as const) {
      const location = await createUpload(g.id, bytes.length, name);
      const res = await patchBytes(location, 0, bytes);
      expect(res.status).toBe(204);
      ids.push(res.headers.get('gallery-file-id') ?? '');
    }
    const [failed, video] = [await fileOf(g.id, ids[0] ?? ''), await fileOf(g.id, ids[1] ?? '')];
    expect(failed).toMatchObject({ status: 'failed', fileName: 'notes.jpg' });
    expect(failed.error).toMatch(/not a photo or video the site can read/);
    expect(video).toMatchObject({ status: 'ready', kind: 'video', fileName: 'DJI_0100.MP4' });
    expect(video.mediaId).toBeTruthy();
    const row = withSiteDb(site.dataDir, (db) =>
      db
        .select()
        .from(galleryFiles)
        .all()
        .find((f) => f.id === video.id),
    );
    expect(row?.streamKey).toMatch(/^galleries\/.+-stream\.mp4$/);
    expect(await whereStored(site.dataDir, row?.streamKey ?? '')).toBe(STORED);
    expect(await whereStored(site.dataDir, row?.originalKey ?? '')).toBe(STORED);
    // The original is kept as it came, beside the streamable copy.
    expect((await readStored(site.dataDir, row?.originalKey ?? '')).equals(clip)).toBe(true);
  }, 120_000);

  // A backup copies UPLOADS_DIR; on S3 the originals are in the bucket, which the backup's own
  // tests cover (how a bucket is backed up is the backup's to say, not the galleries').
  it.skipIf(STORED === 'bucket')(
    'is in a backup: the gallery tables counted and the private originals copied, still private',
    async () => {
      const target = join(mkdtempSync(join(tmpdir(), 'wicklow-gallery-backup-')), 'copy');
      const report = await backupDataDir(site.dataDir, target);
      const rows = withSiteDb(site.dataDir, (db) => db.select().from(galleryFiles).all());
      expect(report.tables.gallery_files).toBe(rows.length);
      expect(report.tables.galleries).toBeGreaterThanOrEqual(1);
      expect(report.tables.gallery_links).toBeGreaterThanOrEqual(1);
      const galleriesDir = join(target, 'uploads', 'galleries');
      expect(statSync(galleriesDir).mode & 0o777).toBe(0o700);
      for (const row of rows) {
        const copy = galleryOriginalPath(row.originalKey, target);
        expect(
          readFileSync(copy).equals(readFileSync(galleryOriginalPath(row.originalKey, site.dataDir))),
        ).toBe(true);
      }
    },
  );

  it('keeps an upload to its own gallery, and refuses a file over the limit', async () => {
    const a = (await api('POST', '/api/admin/galleries', { title: 'A', clientName: 'C' })).json;
    const b = (await api('POST', '/api/admin/galleries', { title: 'B', clientName: 'C' })).json;
    const location = await createUpload(a.id, 4, 'a.jpg');
    const uploadId = location.split('/').pop();
    const other = `/api/admin/galleries/${b.id}/uploads/${uploadId}`;
    expect((await api('HEAD', other, undefined, TUS)).status).toBe(404);
    expect((await patchBytes(other, 0, Buffer.from('abcd'))).status).toBe(404);
    for (const trick of ['..%2F..%2Fsite.sqlite', `${uploadId}.json`]) {
      expect(
        (await api('HEAD', `/api/admin/galleries/${a.id}/uploads/${trick}`, undefined, TUS)).status,
      ).toBe(404);
    }
    expect(await offsetOf(location)).toBe(0);
    const huge = await api('POST', `/api/admin/galleries/${a.id}/uploads`, undefined, {
      ...TUS,
      'upload-length': String(21 * 1024 ** 3),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe('The file is larger than the 20 GB limit for a gallery file.');
    expect(
      (await api('POST', '/api/admin/galleries/nope/uploads', undefined, { ...TUS, 'upload-length': '4' }))
        .status,
    ).toBe(404);
  });

  it('says what went wrong with an upload: more bytes than declared, a part at the wrong offset', async () => {
    const g = (await api('POST', '/api/admin/galleries', { title: 'Sizes', clientName: 'C' })).json;
    const location = await createUpload(g.id, 10, 'ten.jpg');
    const over = await patchBytes(location, 0, Buffer.alloc(100, 1));
    expect(over.status).toBe(413);
    expect(over.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(over.text).message).toBe(
      'This upload sent more bytes than the 10 bytes it declared: start it again with the file’s real size.',
    );
    expect(await offsetOf(location)).toBe(0);
    const first = await patchBytes(location, 0, Buffer.alloc(4, 1));
    expect(first.status).toBe(204);
    const wrong = await patchBytes(location, 2, Buffer.alloc(4, 1));
    expect(wrong.status).toBe(409);
    expect(JSON.parse(wrong.text).message).toBe(
      'This part starts at byte 2, but 4 bytes of this upload have arrived: ask for the offset (HEAD) and send from there.',
    );
    const noOffset = await api('PATCH', location, undefined, {
      ...TUS,
      'content-type': 'application/offset+octet-stream',
    });
    expect(noOffset.status).toBe(403);
    expect(noOffset.json.message).toBe('Send the Upload-Offset header: the byte this part starts at.');
    const unknown = await patchBytes(
      `/api/admin/galleries/${g.id}/uploads/${g.id}_${'0'.repeat(32)}`,
      0,
      Buffer.alloc(1),
    );
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text).message).toBe(
      'There is no such upload in this gallery (it may have been given up after a week): start the file again.',
    );
  });
});
