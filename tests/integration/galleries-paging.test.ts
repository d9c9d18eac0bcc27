// A large client gallery in pages, over HTTP on the built server: the page at /g/{token} renders only
// the first page of files (its HTML stays small however many the gallery holds), counts the link's
// hearts on every page, and GET /g/{token}/files?from=… gives the next pages with the page's checks
// (unknown token 404, revoked link 410, no PIN 401, a link sees only its own gallery), never stored.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_PAGE_SIZE, type FilesPage } from '~/lib/galleries/gallery-view';
import { withSiteDb } from '../helpers/db';
import {
  GALLERY_TEST_SECRET,
  makeFavourite,
  makeGallery,
  makeGalleryFile,
  makeGalleryLink,
} from '../helpers/gallery-factories';
import { type RunningServer, startServer } from '../helpers/server';

const PHOTOS = 2 * FILES_PAGE_SIZE + 4;
const nameOf = (i: number) => `PAGE_${String(i).padStart(4, '0')}.JPG`;

let site: RunningServer;
const ids: string[] = [];
const tokens = { open: '', revoked: '', pin: '', other: '' };
let otherFile = '';

beforeAll(async () => {
  site = await startServer({ AUTH_SECRET: GALLERY_TEST_SECRET, TRUSTED_PROXIES: '127.0.0.1' });
  withSiteDb(site.dataDir, (db) => {
    const gallery = makeGallery(db, { title: 'A long wedding' });
    for (let i = 0; i < PHOTOS; i++) {
      const file = makeGalleryFile(db, gallery.id, {
        fileName: nameOf(i),
        width: 1600,
        height: 1067,
        sortOrder: i,
      });
      ids.push(file.id);
    }
    const open = makeGalleryLink(db, gallery.id);
    tokens.open = open.token;
    // A heart on the second page: the first page's count must already include it.
    makeFavourite(db, open.link.id, ids[FILES_PAGE_SIZE + 3] ?? '', 'Print this one');
    tokens.revoked = makeGalleryLink(db, gallery.id, { revokedAt: new Date() }).token;
    const locked = makeGallery(db, { title: 'Locked long shoot', pin: '4821' });
    makeGalleryFile(db, locked.id, { fileName: 'LOCKED_0001.JPG', width: 1600, height: 1067 });
    tokens.pin = makeGalleryLink(db, locked.id).token;
    const other = makeGallery(db, { title: 'Another client' });
    otherFile = makeGalleryFile(db, other.id, { fileName: 'OTHER_0001.JPG', width: 1600, height: 1067 }).id;
    tokens.other = makeGalleryLink(db, other.id).token;
  });
});

afterAll(async () => {
  await site?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { redirect: 'manual', headers });
const pageOf = async (token: string, from: number, headers: Record<string, string> = {}) => {
  const res = await get(`/g/${token}/files?from=${from}`, headers);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  return (await res.json()) as FilesPage;
};

describe('a gallery in pages', () => {
  it('renders only the first page of files, with the hearts of every page counted', async () => {
    const res = await get(`/g/${tokens.open}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(nameOf(0));
    expect(html).toContain(nameOf(FILES_PAGE_SIZE - 1));
    expect(html).not.toContain(nameOf(FILES_PAGE_SIZE));
    expect(html).not.toContain(nameOf(PHOTOS - 1));
    expect(html).toContain('1 in your selection.');
    expect(html).toContain('Show more photos');
    expect(html.replaceAll('<!-- -->', '')).toContain(`Showing ${FILES_PAGE_SIZE} of ${PHOTOS} files.`);
  });

  it('gives the next pages in the owner’s order, with this link’s hearts and notes, until the last', async () => {
    const second = await pageOf(tokens.open, FILES_PAGE_SIZE);
    expect(second.next).toBe(2 * FILES_PAGE_SIZE);
    const third = await pageOf(tokens.open, 2 * FILES_PAGE_SIZE);
    expect(third.next).toBeNull();
    const first = await pageOf(tokens.open, 0);
    expect(first.next).toBe(FILES_PAGE_SIZE);
    const all = [...first.files, ...second.files, ...third.files];
    expect(all.map((f) => f.id)).toEqual(ids);
    expect(all.map((f) => f.fileName)).toEqual(ids.map((_, i) => nameOf(i)));
    const hearted = all.filter((f) => f.favourite);
    expect(hearted.map((f) => [f.fileName, f.note])).toEqual([
      [nameOf(FILES_PAGE_SIZE + 3), 'Print this one'],
    ]);
    // Plain data only: no stored file's key or path.
    expect(JSON.stringify(all)).not.toContain('galleries/');
    expect((await pageOf(tokens.open, 10_000)).files).toEqual([]);
  });

  it('refuses a revoked link, an unknown token and a gallery whose PIN was not given', async () => {
    const revoked = await get(`/g/${tokens.revoked}/files?from=${FILES_PAGE_SIZE}`);
    expect(revoked.status).toBe(410);
    expect((await revoked.json()).message).toMatch(/expired or was revoked/);
    expect((await get(`/g/${'A'.repeat(43)}/files`)).status).toBe(404);
    const locked = await get(`/g/${tokens.pin}/files`);
    expect(locked.status).toBe(401);
    expect(JSON.stringify(await locked.json())).not.toContain('LOCKED_0001');
    const right = await fetch(`${site.url}/g/${tokens.pin}/pin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: site.url, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.71' },
      body: JSON.stringify({ pin: '4821' }),
    });
    const cookie = (right.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).not.toBe('');
    const opened = await pageOf(tokens.pin, 0, { cookie });
    expect(opened.files.map((f) => f.fileName)).toEqual(['LOCKED_0001.JPG']);
  });

  it('gives a link only its own gallery’s files', async () => {
    const other = await pageOf(tokens.other, 0);
    expect(other.files.map((f) => f.id)).toEqual([otherFile]);
    expect(other.next).toBeNull();
    const mine = await pageOf(tokens.open, 0);
    expect(mine.files.map((f) => f.id)).not.toContain(otherFile);
  });

  it('answers 400 with a sentence for a page that is not a whole number', async () => {
    for (const from of ['-1', 'abc', '1.5']) {
      const res = await get(`/g/${tokens.open}/files?from=${from}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain('whole number');
    }
  });
});
