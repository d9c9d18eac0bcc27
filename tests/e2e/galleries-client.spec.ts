// A client's side of a gallery, in the browser: the link asks for the PIN; the client hearts two
// photos (one with a note), sends the selection (the owner's mail is filed), plays the video in
// place and seeks in it, opens a photo in the full-screen viewer, downloads the whole gallery as a
// ZIP (its entries checked, no JPEG in it with GPS), and a revoked link answers 410.
// The gallery is made by the factories straight into the e2e site's data folder.
// @both-stores: npm test runs this file a second time with the site's media in S3 (E2E_STORAGE=s3).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import ExifReader from 'exifreader';
import { withSiteDb } from '../helpers/db';
import {
  addGalleryFiles,
  galleryPhoto,
  galleryVideo,
  makeGallery,
  makeGalleryLink,
} from '../helpers/gallery-factories';
import { parseMail } from '../helpers/mail-file';
import { zipEntries } from '../helpers/zip-entries';
import { seriousViolations } from './axe';

const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const RUN = Date.now().toString(36);
const TITLE = `Glenmalure elopement ${RUN}`;
const links = { open: '', revoked: '' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const files = [
    await galleryPhoto(DATA_DIR, 'DJI_0101.JPG'),
    await galleryPhoto(DATA_DIR, 'DJI_0102.JPG'),
    await galleryPhoto(DATA_DIR, 'DJI_0103.JPG'),
    await galleryVideo(DATA_DIR, 'DJI_0104.MP4'),
  ];
  const pinSecret = readFileSync(join(DATA_DIR, 'auth-secret'), 'utf8').trim();
  withSiteDb(DATA_DIR, (db) => {
    const gallery = makeGallery(db, { title: TITLE, pin: '2468', pinSecret, downloads: 'original' });
    addGalleryFiles(db, gallery.id, files);
    links.open = makeGalleryLink(db, gallery.id, { recipientName: `Niamh ${RUN}` }).token;
    links.revoked = makeGalleryLink(db, gallery.id, { revokedAt: new Date() }).token;
  });
});

const selectionMails = () => {
  const dir = join(DATA_DIR, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => parseMail(readFileSync(join(dir, f), 'utf8'), f))
    .filter((m) => m.subject.includes(`Selection from Niamh ${RUN}`));
};

test('a client opens the link, enters the PIN, hearts, sends, plays, views and downloads', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/g/${links.open}`);
  await expect(page.getByRole('heading', { name: 'Enter the gallery’s PIN' })).toBeVisible();
  await page.getByLabel('PIN').fill('1357');
  await page.getByRole('button', { name: 'Open the gallery' }).click();
  await expect(page.getByRole('alert')).toHaveText(/That PIN is not right/);
  await page.getByLabel('PIN').fill('2468');
  await page.getByRole('button', { name: 'Open the gallery' }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Two hearts, one with a note.
  for (const name of ['DJI_0101.JPG', 'DJI_0103.JPG']) {
    const heart = page.getByRole('button', { name: `Favourite ${name}` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByLabel('Note for DJI_0103.JPG').fill('Could this one be warmer?');
  await page.getByLabel('Note for DJI_0103.JPG').blur();
  await expect(page.getByRole('status')).toHaveText('Note saved for DJI_0103.JPG.');
  await expect(page.getByText('2 in your selection.')).toBeVisible();
  await page.getByRole('button', { name: 'Send my selection to the photographer' }).click();
  await expect(page.getByRole('status')).toHaveText('Your selection of 2 was sent to the photographer.');
  await expect.poll(() => selectionMails().length, { timeout: 10_000 }).toBe(1);
  const mail = selectionMails()[0];
  expect(mail?.text).toContain('DJI_0101.JPG, DJI_0103.JPG');
  expect(mail?.text).toContain('Could this one be warmer?');

  // The video plays in place, and seeking works (byte ranges).
  const video = page.getByLabel('Video DJI_0104.MP4');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 1.5;
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.seeking && Math.abs(v.currentTime - 1.5) < 0.2))
    .toBe(true);

  // The full-screen viewer opens on the photo.
  await page.getByRole('button', { name: 'Open DJI_0102.JPG' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'DJI_0102.JPG' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The whole gallery as a ZIP: every file, stored, no JPEG with GPS.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download all (ZIP)' }).click(),
  ]);
  const entries = zipEntries(readFileSync((await download.path()) ?? ''));
  expect(entries.map((e) => e.name)).toEqual([
    'DJI_0101.JPG',
    'DJI_0102.JPG',
    'DJI_0103.JPG',
    'DJI_0104.MP4',
  ]);
  for (const entry of entries.filter((e) => e.name.endsWith('.JPG'))) {
    expect(Object.keys(ExifReader.load(entry.data)).filter((k) => k.startsWith('GPS'))).toEqual([]);
  }
});

test('a revoked link answers 410 and offers to contact the photographer, without the gallery’s title', async ({
  page,
}) => {
  const response = await page.goto(`/g/${links.revoked}`);
  expect(response?.status()).toBe(410);
  await expect(
    page.getByRole('heading', { name: 'This gallery link has expired or was revoked' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact the photographer' })).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
});
