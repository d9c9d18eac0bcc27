// The print catalogue: every size a print can have (its sides in inches and centimetres, and the
// proportion family it belongs to) and every material it can be made in. The shop sells the
// products (material × size) the owner turns on (shop/catalogue-offers.server.ts); a new shop sells the
// original three sizes in matte and gloss photographic paper. A photo is offered the sizes of its own
// proportion, and a size of another proportion only as a crop the owner approved (shop/print-crops.ts),
// except the original sizes, which every photo was always sold in, centred.
// Pure and browser-safe: the print dialog, the owner's screens and the server read the same words.
import { FINISHES, ORIGINAL_FINISHES, ORIGINAL_PRINT_SIZES, PRINT_SIZES } from '~db/enums';

export type CatalogueSize = (typeof PRINT_SIZES)[number];
export type Material = (typeof FINISHES)[number];

/** The proportion families, long side to short side. */
export const PROPORTIONS = ['3:2', '4:3', '5:4', '1:1', '16:9', '2:1', '3:1'] as const;
export type Proportion = (typeof PROPORTIONS)[number];

export const PROPORTION_RATIO: Record<Proportion, number> = {
  '3:2': 3 / 2,
  '4:3': 4 / 3,
  '5:4': 5 / 4,
  '1:1': 1,
  '16:9': 16 / 9,
  '2:1': 2,
  '3:1': 3,
};

/** How a family is named to the owner and the buyer. */
export const PROPORTION_LABELS: Record<Proportion, string> = {
  '3:2': '3:2, a camera’s frame',
  '4:3': '4:3',
  '5:4': '5:4',
  '1:1': 'Square',
  '16:9': '16:9, wide',
  '2:1': 'Panoramic 2:1',
  '3:1': 'Panoramic 3:1',
};

/** A size's sides in inches, long and short; its centimetres are these × 2.54, rounded. */
const SIDES: Record<CatalogueSize, { long: number; short: number }> = {
  small: { long: 12, short: 8 },
  medium: { long: 16, short: 12 },
  large: { long: 20, short: 16 },
  '8x8': { long: 8, short: 8 },
  '12x12': { long: 12, short: 12 },
  '16x16': { long: 16, short: 16 },
  '20x20': { long: 20, short: 20 },
  '30x30': { long: 30, short: 30 },
  '12x18': { long: 18, short: 12 },
  '16x24': { long: 24, short: 16 },
  '20x30': { long: 30, short: 20 },
  '24x36': { long: 36, short: 24 },
  '9x12': { long: 12, short: 9 },
  '18x24': { long: 24, short: 18 },
  '24x32': { long: 32, short: 24 },
  '8x10': { long: 10, short: 8 },
  '24x30': { long: 30, short: 24 },
  '9x16': { long: 16, short: 9 },
  '18x32': { long: 32, short: 18 },
  '10x20': { long: 20, short: 10 },
  '15x30': { long: 30, short: 15 },
  '20x40': { long: 40, short: 20 },
  '8x24': { long: 24, short: 8 },
  '12x36': { long: 36, short: 12 },
  '20x60': { long: 60, short: 20 },
};

/** The sizes the shop first sold, which keep their names (Small, Medium, Large). */
export const ORIGINAL_SIZES: readonly CatalogueSize[] = ORIGINAL_PRINT_SIZES;
export const ORIGINAL_MATERIALS: readonly Material[] = ORIGINAL_FINISHES;
export const isOriginalSize = (size: CatalogueSize): boolean => ORIGINAL_SIZES.includes(size);

export const sizeInches = (size: CatalogueSize): { long: number; short: number } => SIDES[size];

/** A size's sides in whole centimetres. */
export function sizeCentimetres(size: CatalogueSize): { long: number; short: number } {
  const { long, short } = SIDES[size];
  return { long: Math.round(long * 2.54), short: Math.round(short * 2.54) };
}

/** The family whose proportion is nearest the size's. */
export function sizeProportion(size: CatalogueSize): Proportion {
  const { long, short } = SIDES[size];
  return nearestProportion(long / short);
}

/** The family nearest a proportion (long side over short side). */
export function nearestProportion(ratio: number): Proportion {
  let best: Proportion = '3:2';
  for (const p of PROPORTIONS) {
    if (
      Math.abs(Math.log(PROPORTION_RATIO[p] / ratio)) < Math.abs(Math.log(PROPORTION_RATIO[best] / ratio))
    ) {
      best = p;
    }
  }
  return best;
}

/** "8x12 inches": how an order line and a variant state a size. */
export const inchWords = (size: CatalogueSize): string => `${SIDES[size].short}x${SIDES[size].long} inches`;

/** "20 × 30 cm". */
export function centimetreWords(size: CatalogueSize): string {
  const { long, short } = sizeCentimetres(size);
  return `${short} × ${long} cm`;
}

/** "8 × 12 in (20 × 30 cm)": a size as the print dialog and the owner's screens show it. */
export const bothUnitsWords = (size: CatalogueSize): string =>
  `${SIDES[size].short} × ${SIDES[size].long} in (${centimetreWords(size)})`;

/** A size's name: Small, Medium and Large for the original three, else its sides ("16x24"). */
export const sizeName = (size: CatalogueSize): string =>
  size === 'small' ? 'Small' : size === 'medium' ? 'Medium' : size === 'large' ? 'Large' : size;

/** The catalogue's sizes, smallest area first (the order every list of sizes follows). */
export const SIZES_BY_AREA: readonly CatalogueSize[] = [...PRINT_SIZES].sort(
  (a, b) => SIDES[a].long * SIDES[a].short - SIDES[b].long * SIDES[b].short || SIDES[a].long - SIDES[b].long,
);

/** Orders sizes as every list shows them: smallest area first. */
export const bySizeOrder = (a: CatalogueSize, b: CatalogueSize): number =>
  SIZES_BY_AREA.indexOf(a) - SIZES_BY_AREA.indexOf(b);

export interface MaterialInfo {
  code: Material;
  /** How the material is named beside a size: "Matte", "Canvas". */
  label: string;
  /** What it is, in one sentence for the print page. */
  description: string;
  /** Whether the shop's frame can be added (paper only). */
  frameable: boolean;
}

export const MATERIALS: Record<Material, MaterialInfo> = {
  matte: {
    code: 'matte',
    label: 'Matte',
    description: 'Photographic paper with a matte surface: no glare, soft blacks.',
    frameable: true,
  },
  gloss: {
    code: 'gloss',
    label: 'Gloss',
    description: 'Photographic paper with a gloss surface: deep blacks and vivid colour.',
    frameable: true,
  },
  'fine-art': {
    code: 'fine-art',
    label: 'Fine-art paper',
    description: 'Heavy, textured archival cotton paper with pigment inks, for prints meant to last.',
    frameable: true,
  },
  lustre: {
    code: 'lustre',
    label: 'Lustre paper',
    description: 'Photographic paper with a fine pearl texture between matte and gloss.',
    frameable: true,
  },
  canvas: {
    code: 'canvas',
    label: 'Canvas',
    description: 'Printed canvas stretched over a wooden frame, ready to hang without a frame.',
    frameable: false,
  },
  aluminium: {
    code: 'aluminium',
    label: 'Aluminium',
    description: 'Printed onto a rigid aluminium panel with a satin surface, ready to hang.',
    frameable: false,
  },
  acrylic: {
    code: 'acrylic',
    label: 'Acrylic',
    description: 'Printed behind a clear acrylic face for depth and colour, ready to hang.',
    frameable: false,
  },
};

/** "Canvas", "Matte". */
export const materialLabel = (material: Material): string => MATERIALS[material].label;

/** How a material reads inside a sentence: "matte", "fine-art paper". */
export const materialWords = (material: Material): string => MATERIALS[material].label.toLowerCase();

/** A product of the catalogue: one material in one size. */
export interface CatalogueProduct {
  size: CatalogueSize;
  finish: Material;
}

/** "large:matte": a product's key in maps and forms. */
export const productKey = (size: CatalogueSize, finish: Material): string => `${size}:${finish}`;

export function parseProductKey(key: string): CatalogueProduct | null {
  const [size, finish, extra] = key.split(':');
  if (extra !== undefined) return null;
  if (!(PRINT_SIZES as readonly string[]).includes(size ?? '')) return null;
  if (!(FINISHES as readonly string[]).includes(finish ?? '')) return null;
  return { size: size as CatalogueSize, finish: finish as Material };
}

/** Every product of the catalogue, by material then size (smallest first). */
export const CATALOGUE_PRODUCTS: readonly CatalogueProduct[] = FINISHES.flatMap((finish) =>
  SIZES_BY_AREA.map((size) => ({ size, finish })),
);

/** The products a new shop sells: the original sizes in matte and gloss. */
export const ORIGINAL_PRODUCTS: readonly CatalogueProduct[] = ORIGINAL_SIZES.flatMap((size) =>
  ORIGINAL_MATERIALS.map((finish) => ({ size, finish })),
);

/** Sorts products as every list shows them: material in catalogue order, then size. */
export const byProductOrder = (a: CatalogueProduct, b: CatalogueProduct): number =>
  FINISHES.indexOf(a.finish) - FINISHES.indexOf(b.finish) || bySizeOrder(a.size, b.size);

/** "16x24 canvas", "large matte": a product in a few words, lower case. */
export const productWords = (p: CatalogueProduct): string =>
  `${sizeName(p.size).toLowerCase()} ${materialWords(p.finish)}`;

/** The sizes a frame can be sold for: those the shop sells in a material that takes a frame. */
export const frameableSizes = (products: readonly CatalogueProduct[]): CatalogueSize[] =>
  SIZES_BY_AREA.filter((size) => products.some((p) => p.size === size && MATERIALS[p.finish].frameable));
