// One material of the "Products the shop sells" card: its name and what it is, then the catalogue's
// sizes by proportion family, each a product to tick. A material the shop does not sell starts
// folded, those the shop sells open; a refusal about one of its products opens it. An open material
// the shop sells lists only its sizes on sale (and any ticked or refused since), with a button for
// the whole catalogue, so the card stays short on a phone.
import { useEffect, useState } from 'react';
import type { CatalogueView } from '~/lib/shop/catalogue-schemas';
import {
  MATERIALS,
  type Material,
  PROPORTION_LABELS,
  PROPORTIONS,
  productKey,
  SIZES_BY_AREA,
  sizeProportion,
} from '~/lib/site/catalogue';
import { CatalogueSizeRow } from './CatalogueSizeRow';
import type { CatalogueFields, ProductField } from './catalogue-form';

interface Props {
  material: Material;
  fields: CatalogueFields;
  onChange: (key: string, patch: Partial<ProductField>) => void;
  view: CatalogueView;
  problems: Record<string, string>;
}

const FAMILIES = PROPORTIONS.map((proportion) => ({
  proportion,
  sizes: SIZES_BY_AREA.filter((size) => sizeProportion(size) === proportion),
})).filter((f) => f.sizes.length > 0);

export function CatalogueMaterialSection({ material, fields, onChange, view, problems }: Props) {
  const info = MATERIALS[material];
  const keys = SIZES_BY_AREA.map((size) => productKey(size, material));
  const ticked = keys.filter((key) => fields[key]?.on).length;
  const sold = view.products.filter((p) => p.finish === material);
  const hasProblem = keys.some((key) => problems[key]);
  const [open, setOpen] = useState(sold.length > 0);
  const [allSizes, setAllSizes] = useState(sold.length === 0);
  useEffect(() => {
    if (hasProblem) setOpen(true);
  }, [hasProblem]);
  const counts = new Map(sold.map((p) => [productKey(p.size, p.finish), p.photoCount]));
  const shown = (key: string) => allSizes || counts.has(key) || fields[key]?.on || Boolean(problems[key]);
  const families = FAMILIES.map((f) => ({
    ...f,
    sizes: f.sizes.filter((size) => shown(productKey(size, material))),
  })).filter((f) => f.sizes.length > 0);
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="min-w-0 rounded-md border border-slate-200"
    >
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-baseline gap-x-2 px-4 py-2">
        <span className="font-semibold">{info.label}</span>
        <span className="text-sm text-slate-600">
          {ticked === 0 ? 'not sold' : `${ticked} size${ticked === 1 ? '' : 's'}`}
        </span>
      </summary>
      <div className="border-t border-slate-200 px-4 pb-4">
        <p className="mt-2 max-w-prose text-sm text-slate-600">{info.description}</p>
        {families.map(({ proportion, sizes }) => (
          <fieldset key={proportion} className="mt-3 min-w-0">
            <legend className="text-sm font-medium">{PROPORTION_LABELS[proportion]}</legend>
            <ul>
              {sizes.map((size) => {
                const key = productKey(size, material);
                const field = fields[key];
                if (!field) return null;
                return (
                  <CatalogueSizeRow
                    key={key}
                    size={size}
                    material={material}
                    field={field}
                    onChange={(patch) => onChange(key, patch)}
                    photoCount={counts.get(key) ?? null}
                    activePhotos={view.activePhotos}
                    problem={problems[key]}
                  />
                );
              })}
            </ul>
          </fieldset>
        ))}
        {sold.length > 0 && (
          <button
            type="button"
            onClick={() => setAllSizes(!allSizes)}
            aria-expanded={allSizes}
            className="mt-3 min-h-11 rounded-md px-2 text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-slate-950"
          >
            {allSizes
              ? `Show only the ${info.label} sizes on sale`
              : `Show all ${SIZES_BY_AREA.length} ${info.label} sizes`}
          </button>
        )}
      </div>
    </details>
  );
}
