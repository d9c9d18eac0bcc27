// One product of the "Products the shop sells" card: a material in a size, ticked when the shop sells
// it, with its price in the default list while ticked and how many photos it is offered for once
// saved. The size reads in inches and centimetres (and Small, Medium or Large for the original sizes).

import { offeredForWords } from '~/lib/shop/catalogue-schemas';
import {
  bothUnitsWords,
  type CatalogueSize,
  isOriginalSize,
  type Material,
  materialLabel,
  productKey,
  sizeName,
} from '~/lib/site/catalogue';
import type { ProductField } from './catalogue-form';
import { FieldProblem } from './FieldProblem';

interface Props {
  size: CatalogueSize;
  material: Material;
  field: ProductField;
  onChange: (patch: Partial<ProductField>) => void;
  /** Photos the product is offered for now; null while the shop does not sell it. */
  photoCount: number | null;
  activePhotos: number;
  problem: string | undefined;
}

/** "Small, 8 × 12 in (20 × 30 cm)", "16 × 24 in (41 × 61 cm)". */
const sizeWords = (size: CatalogueSize) =>
  isOriginalSize(size) ? `${sizeName(size)}, ${bothUnitsWords(size)}` : bothUnitsWords(size);

function statusWords(on: boolean, photoCount: number | null, activePhotos: number): string | null {
  if (photoCount === null) return on ? 'Offered once saved.' : null;
  return on ? `${offeredForWords(photoCount, activePhotos)}.` : 'No longer sold once saved.';
}

export function CatalogueSizeRow({
  size,
  material,
  field,
  onChange,
  photoCount,
  activePhotos,
  problem,
}: Props) {
  const id = `catalogue-${productKey(size, material).replace(':', '-')}`;
  const status = statusWords(field.on, photoCount, activePhotos);
  const errorId = `${id}-price-error`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-slate-100 py-2 last:border-0">
      <div className="min-w-0 flex-1 basis-56">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={field.on} onChange={(e) => onChange({ on: e.target.checked })} />
          <span className="min-w-0 break-words">
            <span className="sr-only">{materialLabel(material)} </span>
            {sizeWords(size)}
          </span>
        </label>
        {status && <p className="pl-6 text-xs text-slate-600">{status}</p>}
      </div>
      {field.on && (
        <div className="w-40 min-w-0 text-sm">
          <label htmlFor={`${id}-price`} className="text-xs text-slate-600">
            Price, default list
          </label>
          <span className="mt-1 flex items-center rounded-md border border-slate-300 bg-white px-3">
            <span aria-hidden="true">€</span>
            <input
              id={`${id}-price`}
              aria-label={`Price, default list: ${materialLabel(material)} ${bothUnitsWords(size)}`}
              inputMode="decimal"
              autoComplete="off"
              className="min-h-11 w-full min-w-0 bg-transparent px-2 tabular-nums outline-none"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              value={field.price}
              onChange={(e) => onChange({ price: e.target.value })}
            />
          </span>
          <FieldProblem id={errorId} text={problem} />
        </div>
      )}
    </li>
  );
}
