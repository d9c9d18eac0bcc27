// Which print sizes each photo has the detail for: a size below 150 pixels per inch is not offered
// in the shop, and the server refuses an order for it.
import { useQuery } from '@tanstack/react-query';
import { PRINT_SIZE_LABELS, PRINT_SIZES, type PrintSize } from '~/lib/shared/constants';
import { read } from './query';

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
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Photos too small for some print sizes, with pixels per inch</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4">
                  Photo
                </th>
                {PRINT_SIZES.map((size) => (
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
                  {PRINT_SIZES.map((size) => {
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
        </div>
      )}
    </section>
  );
}
