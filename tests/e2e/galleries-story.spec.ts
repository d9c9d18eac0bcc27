// A client gallery from end to end, through both sides' screens and nothing else: the owner makes a
// gallery with a PIN in the Galleries tab and uploads three photos (one carrying the drone's launch
// site in its GPS) and a short video, one upload cut off and resumed; makes a link and reads its
// address from the screen; a client, in a browser of their own, opens it, enters the PIN, hearts two
// photos, sends the selection, plays the video and downloads the ZIP (every entry there, no JPEG with
// GPS) and orders a print of a photo through the shop's dialog, cart and checkout; the owner sees
// that selection, and the order with the gallery and link it came from; the owner revokes the link,
// and it answers 410.
// @both-stores: npm test runs this file a second time with the site's media in S3 (E2E_STORAGE=s3).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { gpsJpeg } from '../helpers/gallery-factories';
import { makeClip } from '../helpers/video-clip';
import { zipEntries } from '../helpers/zip-entries';
import { fillCheckoutDetails } from './checkout-form';
import { cutFirstPatch } from './cut-first-patch';
import { signInTo } from './sign-in';

const plainJpeg = (colour: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();

const PHOTOS = ['DJI_0201.JPG', 'DJI_0202.JPG', 'DJI_0203.JPG'];
const VIDEO = 'DJI_0204.MP4';

test('a gallery from upload to a revoked link: PIN, hearts, selection, video, ZIP without GPS, a print ordered', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, '/admin?tab=galleries');
  const title = `Lough Dan ${Date.now().toString(36)}`;

  // 1. The gallery, with a PIN and original downloads.
  await page.getByRole('button', { name: 'New gallery' }).click();
  const form = page.getByRole('form', { name: 'New gallery' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Client’s name').fill('Sorcha Kinsella');
  await form.getByLabel('PIN (optional)').fill('5813');
  await form.getByLabel('Downloads').selectOption({ label: 'Originals' });
  await form.getByLabel('Prints may be ordered').check();
  await form.getByRole('button', { name: 'Create gallery' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Three photos and a video; the first PATCH is cut off as a lost connection would be.
  const { seen, wasCut } = await cutFirstPatch(page);
  // The first photo (2400 × 1800 px) has the detail for a small and a medium print.
  const bytes = [
    await gpsJpeg('#2f5d62', 2400, 1800),
    await plainJpeg('#8a6d3b'),
    await plainJpeg('#5b6770'),
  ];
  await page
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles([
      ...PHOTOS.map((name, i) => ({ name, mimeType: 'image/jpeg', buffer: bytes[i] as Buffer })),
      { name: VIDEO, mimeType: 'video/mp4', buffer: makeClip('mp4', { seconds: 2 }) },
    ]);
  await page.getByRole('button', { name: /^Upload 4 files/ }).click();
  const files = page.getByRole('list', { name: 'Files' });
  for (const name of [...PHOTOS, VIDEO]) {
    await expect(files.getByRole('listitem').filter({ hasText: name })).toContainText('Ready', {
      timeout: 90_000,
    });
  }
  expect(wasCut()).toBe(true);
  expect(seen).toContain('HEAD');
  await page.unroute('**/uploads/*');

  // 2. A link: its address is shown once, so it is read from the screen.
  await page.getByRole('form', { name: 'New link' }).getByLabel('Recipient’s name').fill('Sorcha');
  await page.getByRole('form', { name: 'New link' }).getByRole('button', { name: 'Make link' }).click();
  const shown = page.getByRole('region', { name: 'New link for Sorcha' });
  const address = await shown.getByLabel('Link').inputValue();
  expect(address).toMatch(/\/g\/[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Done' }).click();

  // 3. The client, in a browser of their own.
  const client = await (await browser.newContext()).newPage();
  await client.goto(address);
  await expect(client.getByRole('heading', { name: 'Enter the gallery’s PIN' })).toBeVisible();
  await client.getByLabel('PIN').fill('5813');
  await client.getByRole('button', { name: 'Open the gallery' }).click();
  await expect(client.getByRole('heading', { name: title })).toBeVisible();
  await expect(client.locator('astro-island[ssr]')).toHaveCount(0);
  for (const name of PHOTOS) await expect(client.getByRole('img', { name })).toBeVisible();

  for (const name of [PHOTOS[0], PHOTOS[2]]) {
    const heart = client.getByRole('button', { name: `Favourite ${name}` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(client.getByText('2 in your selection.')).toBeVisible();
  await client.getByRole('button', { name: 'Send my selection to the photographer' }).click();
  await expect(client.getByRole('status')).toHaveText('Your selection of 2 was sent to the photographer.');

  // The video plays in place, from its poster.
  const video = client.getByLabel(`Video ${VIDEO}`);
  const poster = await video.getAttribute('poster');
  expect(poster).toBeTruthy();
  expect((await client.request.get(poster ?? '')).status()).toBe(200);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await video.evaluate((v: HTMLVideoElement) => v.pause());

  const [download] = await Promise.all([
    client.waitForEvent('download'),
    client.getByRole('link', { name: 'Download all (ZIP)' }).click(),
  ]);
  const entries = zipEntries(readFileSync((await download.path()) ?? ''));
  // In the gallery's order, which is the order the uploads finished (the cut one came last).
  expect(entries.map((e) => e.name).sort()).toEqual([...PHOTOS, VIDEO]);
  for (const entry of entries.filter((e) => e.name.endsWith('.JPG'))) {
    expect(Object.keys(ExifReader.load(entry.data)).filter((k) => k.startsWith('GPS'))).toEqual([]);
  }
  // A print of the first photo, through the shop's dialog, cart and checkout (test mode here).
  await client.getByRole('button', { name: `Order a print of ${PHOTOS[0]}` }).click();
  const dialog = client.getByRole('dialog', { name: new RegExp(PHOTOS[0] as string) });
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();
  await client.goto(new URL('/checkout', address).href);
  await expect(client.getByText(`${title}: ${PHOTOS[0]}`).first()).toBeVisible();
  await fillCheckoutDetails(client, {
    name: 'Sorcha Kinsella',
    email: 'sorcha@example.ie',
    phone: '+353 1 555 0101',
    street: '2 Roundwood Road',
    city: 'Annamoe',
    postalCode: 'A98 K7P2',
    country: 'Ireland',
  });
  await expect(client.getByText('Shipping to Ireland')).toBeVisible();
  await client.getByRole('button', { name: 'Test mode: no real payment' }).click();
  await expect(client.getByRole('heading', { name: 'Test order placed' })).toBeVisible();

  // 4. The owner sees the selection of that link.
  await page.reload();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('button', { name: title }).click();
  const card = page.getByRole('list', { name: 'Links' }).getByRole('listitem').filter({ hasText: 'Sorcha' });
  await expect(card).toContainText('Selection sent');
  // The link's figures, as the client's visit left them: hearts, and the ZIP counted as a download.
  await expect(card).toContainText(/Favourites\s*2/);
  await expect(card).toContainText(/Downloads\s*1/);
  await expect(card).not.toContainText(/Views\s*0/);
  await card.getByRole('button', { name: 'Selection of Sorcha' }).click();
  const chosen = card.getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  expect((await chosen.allTextContents()).sort()).toEqual([PHOTOS[0], PHOTOS[2]]);

  // The order, with the gallery and the link it came through.
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByLabel('Search by customer e-mail or name').fill('sorcha@example.ie');
  await expect(page.getByText('Showing 1 to 1 of 1 orders')).toBeVisible();
  await page.getByRole('button', { name: /^View/ }).first().click();
  const order = page.getByRole('dialog', { name: /^Order #/ });
  await expect(order).toContainText(`${title}, link for Sorcha`);
  await order.getByRole('button', { name: 'Close', exact: true }).first().click();
  await page.getByRole('tab', { name: 'Galleries' }).click();
  await page.getByRole('button', { name: title }).click();

  // 5. Revoked, the link answers 410.
  await card.getByRole('button', { name: 'Revoke the link of Sorcha' }).click();
  await expect(card).toContainText('revoked');
  const gone = await client.goto(address);
  expect(gone?.status()).toBe(410);
  await expect(client.getByText(title)).toHaveCount(0);
  await client.context().close();
});
