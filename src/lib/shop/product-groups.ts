// The shop's products as the owner's price forms, price lists and lab card list them: one group per
// material, in the catalogue's order, each with its sizes smallest first, and each size named in
// both units. Pure and browser-safe.
import {
  bothUnitsWords,
  byProductOrder,
  type CatalogueProduct,
  type CatalogueSize,
  isOriginalSize,
  type Material,
  materialLabel,
  sizeName,
} from '~/lib/site/catalogue';

export interface MaterialGroup<T extends CatalogueProduct> {
  finish: Material;
  /** "Matte", "Fine-art paper". */
  label: string;
  /** The group's products, smallest size first (products of one size keep the order given). */
  items: T[];
}

/**
 * These products by material: materials in the catalogue's order, a material none of them is in
 * left out. Items of one product (a lab print framed and unframed) keep the order they came in.
 */
export function groupByMaterial<T extends CatalogueProduct>(items: readonly T[]): MaterialGroup<T>[] {
  const groups: MaterialGroup<T>[] = [];
  for (const item of [...items].sort(byProductOrder)) {
    const last = groups.at(-1);
    if (last?.finish === item.finish) last.items.push(item);
    else groups.push({ finish: item.finish, label: materialLabel(item.finish), items: [item] });
  }
  return groups;
}

/**
 * A size as a field or a row names it: "Small, 8 × 12 in (20 × 30 cm)" for the original sizes, which
 * keep their names, else "16 × 24 in (41 × 61 cm)".
 */
export const sizeLabel = (size: CatalogueSize): string =>
  isOriginalSize(size) ? `${sizeName(size)}, ${bothUnitsWords(size)}` : bothUnitsWords(size);
