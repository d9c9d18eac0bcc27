// Prints of a client gallery's photos over HTTP on the built server (its PayPal is test mode's fake):
// the print dialog reads a photo's prints at the shop's prices through the link, the order records
// the gallery and link it came through, and a line with another gallery's link or a revoked link is
// refused with a sentence; a print of a gallery with a PIN needs the pass its page gives after the PIN.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryVariantId } from '~/lib/galleries/gallery-prints';
import { orderItems, orders } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import {
  GALLERY_TEST_SECRET,
  makeGallery,
  makeGalleryFile,
  makeGalleryLink,
} from '../helpers/gallery-factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
const ids = { gallery: '', file: '', link: '', closedFile: '', pinFile: '' };
const tokens = { open: '', other: '', revoked: '', closed: '', pin: '', pin2: '' };

beforeAll(async () => {
  site = await startServer({ AUTH_SECRET: GALLERY_TEST_SECRET });
  withSiteDb(site.dataDir, (d) => {
    const photo = makePhoto(d, { title: 'Lough Tay' });
    makeVariant(d, { photoId: photo.id, size: 'small', finish: 'matte', priceCents: 4500 });
    makeFramings(d, { small: 2500, medium: 3000, large: 4000 });
    const gallery = makeGallery(d, { title: 'Byrne wedding', printsAllowed: true });
    ids.gallery = gallery.id;
    ids.file = makeGalleryFile(d, gallery.id, { width: 2400, height: 1800 }).id;
    const open = makeGalleryLink(d, gallery.id, { recipientName: 'Ciara' });
    ids.link = open.link.id;
    tokens.open = open.token;
    tokens.revoked = makeGalleryLink(d, gallery.id, { revokedAt: new Date(Date.now() - 60_000) }).token;
    const other = makeGallery(d, { title: 'Another shoot', printsAllowed: true });
    tokens.other = makeGalleryLink(d, other.id).token;
    const closed = makeGallery(d, { printsAllowed: false });
    ids.closedFile = makeGalleryFile(d, closed.id, { width: 2400, height: 1800 }).id;
    tokens.closed = makeGalleryLink(d, closed.id).token;
    const locked = makeGallery(d, { title: 'Locked shoot', printsAllowed: true, pin: '4821' });
    ids.pinFile = makeGalleryFile(d, locked.id, { width: 2400, height: 1800 }).id;
    tokens.pin = makeGalleryLink(d, locked.id).token;
    tokens.pin2 = makeGalleryLink(d, locked.id).token;
  });
}, 180_000);
afterAll(async () => {
  await site?.stop();
});

const order = (galleryLink: string, fileId = ids.file, galleryPass?: string) =>
  fetch(`${site.url}/api/paypal/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({
      lines: [
        {
          variantId: galleryVariantId(fileId, 'small', 'matte'),
          framing: null,
          quantity: 1,
          galleryLink,
          ...(galleryPass ? { galleryPass } : {}),
        },
      ],
      country: 'IE',
    }),
  });

/** The print pass a PIN gallery's page hands its print dialog, read from the page after the PIN. */
async function passOf(token: string): Promise<string> {
  const right = await fetch(`${site.url}/g/${token}/pin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ pin: '4821' }),
  });
  expect(right.status).toBe(204);
  const cookie = (right.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const html = await (await fetch(`${site.url}/g/${token}`, { headers: { cookie } })).text();
  const m = /printPass&quot;:\[0,&quot;([A-Za-z0-9_-]{43})&quot;/.exec(html);
  expect(m, 'the page after the PIN carries the print pass').not.toBeNull();
  return m?.[1] ?? '';
}

const PIN_REFUSAL =
  'A print in your cart is from a gallery with a PIN. Please open the gallery with its PIN again, and add the print once more.';

describe('prints from a gallery', () => {
  it('offers a photo’s prints through its link at the shop’s prices, never stored', async () => {
    const res = await fetch(`${site.url}/g/${tokens.open}/prints/${ids.file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const variants = (await res.json()) as { size: string; finish: string; priceCents: number }[];
    expect(variants.map((v) => v.size)).toEqual(['small', 'small', 'medium', 'medium']);
    expect(variants.find((v) => v.size === 'small' && v.finish === 'matte')?.priceCents).toBe(4500);
  });

  it('answers 403 where the owner has not allowed prints, and 404 for another gallery’s file', async () => {
    expect((await fetch(`${site.url}/g/${tokens.closed}/prints/${ids.closedFile}`)).status).toBe(403);
    expect((await fetch(`${site.url}/g/${tokens.other}/prints/${ids.file}`)).status).toBe(404);
  });

  it('makes an order that records the gallery and link, its print at the shop’s price', async () => {
    const res = await order(tokens.open);
    expect(res.status).toBeLessThan(300);
    const stored = withSiteDb(site.dataDir, (d) => {
      const row = d.select().from(orders).where(eq(orders.galleryLinkId, ids.link)).get();
      const items = row ? d.select().from(orderItems).where(eq(orderItems.orderId, row.id)).all() : [];
      return { row, items };
    });
    expect(stored.row).toMatchObject({ galleryId: ids.gallery, galleryLinkId: ids.link, shipCountry: 'IE' });
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({ priceCents: 4500, productVariantId: null });
    expect(stored.items[0]?.description).toContain('Byrne wedding');
  });

  it('shows the owner the gallery and link an order came from', async () => {
    const orderId = withSiteDb(site.dataDir, (d) =>
      d.select({ id: orders.id }).from(orders).where(eq(orders.galleryLinkId, ids.link)).get(),
    )?.id;
    const res = await fetch(`${site.url}/api/admin/orders/${orderId}`, {
      headers: { cookie: await signIn(site.url) },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { gallery: unknown }).gallery).toEqual({
      title: 'Byrne wedding',
      recipient: 'Ciara',
    });
  });

  it('refuses a line with another gallery’s link, or a revoked link, with a sentence', async () => {
    const other = await order(tokens.other);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { message: string }).message).toBe(
      'A print in your cart is of a photo that is not in the gallery of its link.',
    );
    const revoked = await order(tokens.revoked);
    expect(revoked.status).toBe(400);
    expect(((await revoked.json()) as { message: string }).message).toBe(
      'The gallery link of a print in your cart has expired or was revoked. Please remove it and try again.',
    );
    const closed = await order(tokens.closed, ids.closedFile);
    expect(closed.status).toBe(400);
    expect(((await closed.json()) as { message: string }).message).toBe(
      'Prints of this gallery’s photos cannot be ordered.',
    );
  });

  it('orders a print of a gallery with a PIN only with the pass its page gave after the PIN', async () => {
    // Before the PIN the page carries no pass.
    const locked = await (await fetch(`${site.url}/g/${tokens.pin}`)).text();
    expect(locked).not.toContain('printPass');
    for (const pass of [undefined, 'x'.repeat(43), await passOf(tokens.pin2)]) {
      const refused = await order(tokens.pin, ids.pinFile, pass);
      expect(refused.status, String(pass)).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(PIN_REFUSAL);
    }
    const made = await order(tokens.pin, ids.pinFile, await passOf(tokens.pin));
    expect(made.status, await made.clone().text()).toBe(201);
    // A gallery with no PIN needs none (the order above of the open link's print).
  });
});
