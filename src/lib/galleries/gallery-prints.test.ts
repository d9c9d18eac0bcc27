// Prints of gallery photos: the sizes a photo has the pixels for at the shop's prices, and an order's
// gallery lines accepted only through an open link of the photo's own gallery that allows prints,
// the order recording that gallery and link.
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { createPendingOrder } from '~/lib/checkout/place-order.server';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import { galleryVariantId, parseGalleryVariantId } from '~/lib/galleries/gallery-prints';
import { galleryPrintVariants } from '~/lib/galleries/gallery-prints.server';
import type { Db } from '~/lib/platform/server/db';
import { memoryDb } from '~tests/helpers/db';
import { makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';
import { makeGallery, makeGalleryFile, makeGalleryLink } from '~tests/helpers/gallery-factories';

let db: Db;
let gallery: ReturnType<typeof makeGallery>;
let file: ReturnType<typeof makeGalleryFile>;
let token: string;
let linkId: string;
const HOUR = 3_600_000;

beforeEach(() => {
  db = memoryDb();
  // The shop's price list: the small matte print of the shop's photos costs 5200.
  const photo = makePhoto(db, { title: 'Lough Tay' });
  makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte', priceCents: 5200 });
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
  gallery = makeGallery(db, { printsAllowed: true });
  // 2400 x 1800 px: enough for small (8x12" at 150 ppi) and medium, not for large (16x20").
  file = makeGalleryFile(db, gallery.id, { width: 2400, height: 1800 });
  const made = makeGalleryLink(db, gallery.id, { recipientName: 'Ciara' });
  token = made.token;
  linkId = made.link.id;
});

const line = (size: 'small' | 'large' = 'small', link: string | null = token, fileId = file.id) => ({
  variantId: galleryVariantId(fileId, size, 'matte'),
  framing: null,
  quantity: 1,
  ...(link === null ? {} : { galleryLink: link }),
});

const refused = (lines: Parameters<typeof priceOrderLines>[1], message: RegExp) =>
  expect(() => priceOrderLines(db, lines)).toThrow(
    expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
  );

describe('gallery print variants', () => {
  it('names a file, size and finish, and nothing else', () => {
    expect(parseGalleryVariantId(galleryVariantId('abc-1', 'medium', 'gloss'))).toEqual({
      fileId: 'abc-1',
      size: 'medium',
      finish: 'gloss',
    });
    expect(parseGalleryVariantId('gallery:abc:huge:matte')).toBeNull();
    expect(parseGalleryVariantId('gallery:../x:small:matte')).toBeNull();
    expect(parseGalleryVariantId('some-shop-variant')).toBeNull();
  });

  it('offers the sizes the photo has the pixels for, at the shop’s prices', () => {
    const variants = galleryPrintVariants(db, gallery, file.id);
    expect(variants.map((v) => `${v.size} ${v.finish}`)).toEqual([
      'small matte',
      'small gloss',
      'medium matte',
      'medium gloss',
    ]);
    expect(variants[0]?.priceCents).toBe(5200);
  });

  it('offers nothing when the owner has not allowed prints (403), or for another gallery’s file (404)', () => {
    const closed = makeGallery(db, { printsAllowed: false });
    expect(() => galleryPrintVariants(db, closed, makeGalleryFile(db, closed.id).id)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    const other = makeGallery(db, { printsAllowed: true });
    expect(() => galleryPrintVariants(db, other, file.id)).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('ordering gallery prints', () => {
  it('prices a gallery print like the shop’s, beside a shop print, and the order records gallery and link', () => {
    const cart = quoteCart(db, { lines: [line()], country: 'IE' }, new Date());
    expect(cart.priced.items[0]).toMatchObject({
      printCents: 5200,
      editionSize: null,
      galleryFileId: file.id,
    });
    expect(cart.priced.gallery).toEqual({ galleryId: gallery.id, linkId });
    const orderId = createPendingOrder(db, cart);
    const order = getOrderWithItems(db, orderId);
    expect(order).toMatchObject({ galleryId: gallery.id, galleryLinkId: linkId });
    expect(order?.items[0]).toMatchObject({ productVariantId: null, priceCents: 5200 });
    expect(order?.items[0]?.description).toContain(file.fileName);
  });

  it('records no gallery on a shop order', () => {
    const photo = makePhoto(db);
    const variant = makeVariant(db, { photoId: photo.id, size: 'small' });
    const cart = quoteCart(
      db,
      { lines: [{ variantId: variant.id, framing: null, quantity: 1 }], country: 'IE' },
      new Date(),
    );
    expect(getOrderWithItems(db, createPendingOrder(db, cart))).toMatchObject({
      galleryId: null,
      galleryLinkId: null,
    });
  });

  it('refuses a gallery line without its link, or with a link of another gallery', () => {
    refused([line('small', null)], /lost its gallery link/);
    const other = makeGallery(db, { printsAllowed: true });
    refused([line('small', makeGalleryLink(db, other.id).token)], /not in the gallery of its link/);
    refused([line('small', 'not-a-token')], /not known/);
  });

  it('refuses a revoked or expired link, or an expired gallery', () => {
    const past = new Date(Date.now() - HOUR);
    refused(
      [line('small', makeGalleryLink(db, gallery.id, { revokedAt: past }).token)],
      /expired or was revoked/,
    );
    refused(
      [line('small', makeGalleryLink(db, gallery.id, { expiresAt: past }).token)],
      /expired or was revoked/,
    );
    const expired = makeGallery(db, { printsAllowed: true, expiresAt: past });
    const expiredFile = makeGalleryFile(db, expired.id);
    refused([line('small', makeGalleryLink(db, expired.id).token, expiredFile.id)], /expired or was revoked/);
  });

  it('refuses prints of a gallery whose owner has not allowed them', () => {
    const closed = makeGallery(db, { printsAllowed: false });
    const closedFile = makeGalleryFile(db, closed.id);
    refused([line('small', makeGalleryLink(db, closed.id).token, closedFile.id)], /cannot be ordered/);
  });

  it('refuses a size the photo is too small for, a file still processing, and lines of two links', () => {
    refused([line('large')], /not available at that size/);
    const processing = makeGalleryFile(db, gallery.id, { status: 'processing' });
    refused([line('small', token, processing.id)], /not in the gallery of its link/);
    const second = makeGalleryLink(db, gallery.id).token;
    refused([line('small'), { ...line('small', second), framing: 'small' }], /one gallery link only/);
  });
});
