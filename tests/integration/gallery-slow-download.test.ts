// A client who downloads slowly (a 20 GB video over a phone's connection) costs the server neither
// memory nor its pages: the file is read from disk only as fast as the client takes it, and page
// renders for everyone else go on while the download is held open. Here the client reads nothing
// at all for two seconds, the worst case, while a 256 MiB download is open. On S3 the file itself
// never passes through the site (302 to a presigned URL on the store); the ZIP, read from the
// bucket, is held the same way.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import {
  addGalleryFiles,
  GALLERY_TEST_SECRET,
  galleryLargeVideo,
  makeGallery,
  makeGalleryLink,
} from '../helpers/gallery-factories';
import { type RunningServer, startServer } from '../helpers/server';
import { testStorage } from '../helpers/test-storage';

const SIZE = 256 * 1024 * 1024;
let site: RunningServer;
let token = '';
let fileId = '';

beforeAll(async () => {
  site = await startServer({ AUTH_SECRET: GALLERY_TEST_SECRET });
  const video = await galleryLargeVideo(site.dataDir, 'DJI_0100.MP4', SIZE);
  withSiteDb(site.dataDir, (db) => {
    // Sent as stored: this large video (zeros) has no copy without metadata to send instead.
    const gallery = makeGallery(db, { title: 'Glendalough by air', stripLocation: false });
    fileId = addGalleryFiles(db, gallery.id, [video])[0]?.id ?? '';
    token = makeGalleryLink(db, gallery.id).token;
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

/** The server's resident memory, in bytes (Linux). */
function rss(): number {
  const status = readFileSync(`/proc/${site.process.pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
}

/** Starts a GET and stops reading its body as soon as the head arrives. */
function heldDownload(path: string): Promise<{ status: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request(`${site.url}${path}`, (res) => {
      res.pause();
      resolve({ status: res.statusCode ?? 0, stop: () => req.destroy() });
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
    req.end();
  });
}

it('reads a download no faster than the client takes it, and keeps rendering pages meanwhile', async () => {
  const page = `/g/${token}`;
  expect((await fetch(`${site.url}${page}`)).status).toBe(200);
  const before = rss();
  const held = [
    await heldDownload(`${page}/files/${fileId}/original`),
    await heldDownload(`${page}/zip/all`),
  ];
  try {
    expect(held.map((h) => h.status)).toEqual([testStorage() === 's3' ? 302 : 200, 200]);
    await new Promise((r) => setTimeout(r, 2000));
    // Unpaced, both bodies would be read whole into the socket's buffer: 512 MiB.
    expect(rss() - before).toBeLessThan(64 * 1024 * 1024);
    // The gallery page is rendered for each request (never cached): it must not wait for either.
    const started = performance.now();
    const res = await fetch(`${site.url}${page}`, { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
  } finally {
    for (const h of held) h.stop();
  }
  // The held downloads, cut off, leave a working server.
  expect((await fetch(`${site.url}${page}`)).status).toBe(200);
}, 60_000);
