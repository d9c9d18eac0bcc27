// Prints of gallery photos. A gallery photo is not a shop photo and has no row in product_variants:
// its print "variants" are named by the file, the size and the finish, and priced from the shop's
// price list when an order is quoted. A cart line of one carries its gallery link's token, which the
// server checks before it prices the line.
import { FINISHES, type Finish, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';

const PREFIX = 'gallery:';

/** The variant id of a print of a gallery file at a size and finish. */
export const galleryVariantId = (fileId: string, size: PrintSize, finish: Finish) =>
  `${PREFIX}${fileId}:${size}:${finish}`;

export const isGalleryVariantId = (variantId: string) => variantId.startsWith(PREFIX);

/** The file, size and finish a gallery variant id names, or null when it names none. */
export function parseGalleryVariantId(
  variantId: string,
): { fileId: string; size: PrintSize; finish: Finish } | null {
  if (!isGalleryVariantId(variantId)) return null;
  const [fileId = '', size, finish] = variantId.slice(PREFIX.length).split(':');
  const knownSize = PRINT_SIZES.find((s) => s === size);
  const knownFinish = FINISHES.find((f) => f === finish);
  if (!/^[A-Za-z0-9-]{1,40}$/.test(fileId) || !knownSize || !knownFinish) return null;
  return { fileId, size: knownSize, finish: knownFinish };
}
