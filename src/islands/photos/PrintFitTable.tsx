// Which print sizes each photo has the detail for: a size below 150 pixels per inch is not offered
// in the shop, and the server refuses an order for it. PrintFitNote says it of one photo in words
// (the add-photo dialog before saving, the Photos tab's cards), over the sizes the shop sells in the
// photo's proportion and the original three (a size of another proportion waits for the owner's
// approval of its crop, in the photo dialog).
import { useQuery } from '@tanstack/react-query';
import { read } from '~/lib/platform/client/query';
import { offeredByDefault, printCrop } from '~/lib/shop/print-crops';
import { MIN_PRINT_PPI, neededPixels, PRINT_INCHES, sellableSizes } from '~/lib/shop/print-fit';
import { isOriginalSize, ORIGINAL_SIZES, SIZES_BY_AREA } from '~/lib/site/catalogue';
import { PRINT_SIZE_LABELS, type PrintSize } from '~/lib/site/constants';

/** "Small (8×12″)", "16×24″". */
export const sizeName = (size: PrintSize) => {
  const inches = `${PRINT_INCHES[size].short}×${PRINT_INCHES[size].long}″`;
  return isOriginalSize(size) ? `${PRINT_SIZE_LABELS[size]} (${inches})` : inches;
};

/**
 * The sizes the shop sells (GET /api/admin/pricing: its priced products), smallest first, or
 * undefined while loading. Shared with the Products tab's pricing form, so it follows every change.
 */
export function useShopSizes(): PrintSize[] | undefined {
  const { data } = useQuery({
    queryKey: ['/api/admin/pricing'],
    queryFn: () => read<{ prints: { size: PrintSize }[] }>('/api/admin/pricing'),
  });
  return data ? SIZES_BY_AREA.filter((size) => data.prints.some((p) => p.size === size)) : undefined;
}

/**
 * Of these sizes, those a photo of this pixel size is offered in before any crop is approved (its
 * own proportion, and the original three), split into those it has the pixels for and the others.
 */
export function printFit(
  width: number | null,
  height: number | null,
  sizes: readonly PrintSize[],
): { sold: PrintSize[]; missing: PrintSize[] } {
  const offered = sizes.filter((size) => offeredByDefault(size, printCrop(width, height, size)));
  const sold = sellableSizes(width, height, offered);
  return { sold, missing: offered.filter((s) => !sold.includes(s)) };
}

/** "Large (16×20″) needs 3000 × 2400 px". */
const needs = (size: PrintSize) => {
  const px = neededPixels(size);
  return `${sizeName(size)} needs ${px.long} × ${px.short} px`;
};

const list = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * The sizes a photo of this pixel size is sold at, and what each size it misses would need, in
 * words, of these sizes (the shop's; the original three unless told).
 */
export function printFitWords(
  width: number | null,
  height: number | null,
  sizes: readonly PrintSize[] = ORIGINAL_SIZES,
): { sold: string; missing: string } {
  const { sold, missing } = printFit(width, height, sizes);
  const px = width && height ? `${Math.max(width, height)} × ${Math.min(width, height)} px` : '';
  if (sold.length === 0) {
    return {
      sold: `Not for sale as a print: at ${px} it is below ${MIN_PRINT_PPI} pixels per inch at every size, so it stays out of the shop.`,
      missing: `To sell it, use a larger file: ${list(missing.map(needs))} (long × short side).`,
    };
  }
  return {
    sold: `Sold as ${list(sold.map(sizeName))} ${sold.length === 1 ? 'print' : 'prints'}.`,
    missing: missing.length ? `Not offered larger: ${list(missing.map(needs))} (long × short side).` : '',
  };
}

/**
 * One photo's print fit over the shop's sizes, in a sentence or two; nothing while the pixel size or
 * the shop's sizes are not known.
 */
export function PrintFitNote({ width, height }: { width: number | null; height: number | null }) {
  const sizes = useShopSizes();
  if (!width || !height || !sizes) return null;
  const words = printFitWords(width, height, sizes);
  const none = printFit(width, height, sizes).sold.length === 0;
  return (
    <div
      className={`rounded-md p-3 text-sm ${none ? 'bg-amber-50 text-amber-950' : 'bg-slate-50 text-slate-800'}`}
      data-testid="print-fit-note"
    >
      <p className={none ? 'font-semibold' : ''}>{words.sold}</p>
      {words.missing && <p className="mt-1">{words.missing}</p>}
    </div>
  );
}

export interface PrintFitRow {
  photoId: string;
  title: string;
  width: number | null;
  height: number | null;
  sizes: { size: PrintSize; ppi: number | null; fits: boolean }[];
}

export function PrintFitTable() {
  const { data } = useQuery({
    queryKey: ['/api/admin/print-fit'],
    queryFn: () => read<{ minPpi: number; photos: PrintFitRow[] }>('/api/admin/print-fit'),
  });
  const short = (data?.photos ?? []).filter((row) => row.sizes.some((s) => !s.fits));
  // Every row has the shop's sizes, as the server lists them.
  const sizes = data?.photos[0]?.sizes.map((s) => s.size) ?? [];
  return (
    <section aria-labelledby="fit-h">
      <h2 id="fit-h" className="text-xl font-semibold">
        Print fit
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        A sharp print needs at least 150 pixels per inch. Sizes a photo is too small for are left out of the
        shop.
      </p>
      {data && short.length === 0 && <p className="mt-4">Every photo has the detail for every size.</p>}
      {short.length > 0 && (
        <section
          className="mt-4 overflow-x-auto"
          aria-label="Photos too small for some sizes"
          // A region that scrolls sideways on a phone must take focus to be scrolled without a mouse.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
        >
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Photos too small for some print sizes, with pixels per inch</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4">
                  Photo
                </th>
                {sizes.map((size) => (
                  <th key={size} scope="col" className="py-2 pr-4">
                    {PRINT_SIZE_LABELS[size]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {short.map((row) => (
                <tr key={row.photoId} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {row.title}
                    <span className="block text-xs font-normal text-slate-600">
                      {row.width} × {row.height} px
                    </span>
                  </th>
                  {sizes.map((size) => {
                    const s = row.sizes.find((x) => x.size === size);
                    return (
                      <td key={size} className={`py-2 pr-4 ${s?.fits ? '' : 'font-semibold text-red-800'}`}>
                        {s?.ppi ? `${Math.round(s.ppi)} ppi` : '—'} {s && !s.fits ? '(not offered)' : ''}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
