// Prints of gallery photos on the server: the sizes a gallery photo can be printed at, at the shop's
// prices (for the print dialog), and the check of an order's gallery lines. A line of a gallery photo
// is priced only with a link of that photo's gallery that is open (not revoked, not expired, its
// gallery not expired) and whose gallery allows prints, and, when the gallery has a PIN, with the
// pass its page gave after the PIN (printPass); every gallery line of one order must come through
// the same link, which the order records with its gallery.
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { gridEntries, gridPrice } from '~/lib/shop/price-lists';
import { offeredByDefault, printCrop } from '~/lib/shop/print-crops';
import { printFits } from '~/lib/shop/print-fit';
import { currentPrices } from '~/lib/shop/products.server';
import { bySizeOrder } from '~/lib/site/catalogue';
import { type Finish, PRINT_DIMENSIONS, type PrintSize } from '~/lib/site/constants';
import { galleryFiles } from '~db/schema';
import { type Gallery, type GalleryLink, openLink, printPassMatches } from './gallery-access.server';
import { galleryVariantId, parseGalleryVariantId } from './gallery-prints';

/** A print of a gallery photo as the order's pricing reads a shop variant. */
export interface GalleryPrintVariant {
  id: string;
  photoId: string;
  galleryFileId: string;
  editionSize: null;
  size: PrintSize;
  finish: Finish;
  priceCents: number;
  dimensions: string;
  title: string;
  active: true;
  width: number | null;
  height: number | null;
}

/** Where an order's gallery prints came from. */
export interface GallerySource {
  galleryId: string;
  linkId: string;
}

const NOT_PRINTABLE = 'Prints of this gallery’s photos cannot be ordered.';

function readyPhoto(db: Db, galleryId: string, fileId: string) {
  return db
    .select()
    .from(galleryFiles)
    .where(
      and(
        eq(galleryFiles.id, fileId),
        eq(galleryFiles.galleryId, galleryId),
        eq(galleryFiles.kind, 'photo'),
        eq(galleryFiles.status, 'ready'),
      ),
    )
    .get();
}

/** Every print of one photo of the gallery, at the sizes it has the pixels for; 404 for another file. */
export function galleryPrintVariants(db: Db, gallery: Gallery, fileId: string) {
  if (!gallery.printsAllowed) throw new HttpError(403, NOT_PRINTABLE);
  const file = readyPhoto(db, gallery.id, fileId);
  if (!file) throw new HttpError(404, 'This photo is not in the gallery.');
  // Every product the shop sells and prices, at the sizes the photo has the pixels for and that
  // print it whole (or are one of the original three, printed from the centre): nobody approves a
  // crop of a client's photo.
  return gridEntries(currentPrices(db))
    .filter(
      ({ size }) =>
        printFits(file.width, file.height, size) &&
        offeredByDefault(size, printCrop(file.width, file.height, size)),
    )
    .sort((a, b) => bySizeOrder(a.size, b.size))
    .map(({ size, finish, cents }) => ({
      id: galleryVariantId(file.id, size, finish),
      size,
      finish,
      priceCents: cents,
      dimensions: PRINT_DIMENSIONS[size],
    }));
}

/** The open link a token names, of a gallery that allows prints, or a 400 saying why not. */
function printingLink(db: Db, token: string, now: Date): { link: GalleryLink; gallery: Gallery } {
  const found = openLink(db, token, now);
  if (found.state === 'unknown') {
    throw new HttpError(400, 'A gallery print in your cart has a gallery link that is not known.');
  }
  if (found.state === 'gone') {
    throw new HttpError(
      400,
      'The gallery link of a print in your cart has expired or was revoked. Please remove it and try again.',
    );
  }
  if (!found.gallery.printsAllowed) throw new HttpError(400, NOT_PRINTABLE);
  return found;
}

/**
 * The gallery lines of an order as variants, checked: each names a ready photo of the gallery its
 * link opens, at a known size and finish (print fit is judged with the shop's lines). Returns them
 * and their source, or null when there are none.
 */
export function galleryOrderVariants(
  db: Db,
  lines: readonly { variantId: string; galleryLink?: string | undefined; galleryPass?: string | undefined }[],
  now: Date,
): { variants: GalleryPrintVariant[]; source: GallerySource | null } {
  const variants: GalleryPrintVariant[] = [];
  let opened: { link: GalleryLink; gallery: Gallery } | null = null;
  let openedWith = '';
  // The shop's price list is read only for an order that has a gallery print: reading it groups
  // every variant of the shop, which no order of shop prints should pay for.
  let prices: ReturnType<typeof currentPrices> | null = null;
  for (const line of lines) {
    const named = parseGalleryVariantId(line.variantId);
    if (!named) continue;
    prices ??= currentPrices(db);
    if (!line.galleryLink)
      throw new HttpError(400, 'A gallery print in your cart has lost its gallery link.');
    if (opened && line.galleryLink !== openedWith) {
      throw new HttpError(400, 'An order can hold prints from one gallery link only.');
    }
    if (!opened) {
      opened = printingLink(db, line.galleryLink, now);
      openedWith = line.galleryLink;
    }
    if (!printPassMatches(line.galleryPass, opened.link, opened.gallery)) {
      throw new HttpError(
        403,
        'A print in your cart is from a gallery with a PIN. Please open the gallery with its PIN again, and add the print once more.',
      );
    }
    const file = readyPhoto(db, opened.gallery.id, named.fileId);
    if (!file) {
      throw new HttpError(400, 'A print in your cart is of a photo that is not in the gallery of its link.');
    }
    const priceCents = gridPrice(prices, named.size, named.finish);
    if (
      priceCents === undefined ||
      !offeredByDefault(named.size, printCrop(file.width, file.height, named.size))
    ) {
      throw new HttpError(
        400,
        'A gallery print in your cart is no longer sold in that size and material. Please remove it and choose the print again.',
      );
    }
    variants.push({
      id: line.variantId,
      photoId: '',
      galleryFileId: file.id,
      editionSize: null,
      size: named.size,
      finish: named.finish,
      priceCents,
      dimensions: PRINT_DIMENSIONS[named.size],
      title: `${opened.gallery.title}: ${file.fileName}`,
      active: true,
      width: file.width,
      height: file.height,
    });
  }
  return { variants, source: opened && { galleryId: opened.gallery.id, linkId: opened.link.id } };
}
