// The owner's "Print lab" card: which of the shop's prints (each product it sells, unframed, and
// framed where its material takes a frame and its size has one: shop-prints.server.ts) the lab
// makes, with the lab's product code (SKU), its attributes and how the photo meets the print area;
// whether lab orders wait for the owner's approval; and the lab's delivery speed. Pure, so the card
// checks what it sends with the same schema the endpoint reads it with.
import { z } from 'zod';
import { hasControlCharacter } from '~/lib/platform/shared/control-characters';
import {
  FINISH_LABELS,
  FINISHES,
  type Finish,
  PRINT_DIMENSIONS,
  PRINT_SIZE_LABELS,
  PRINT_SIZES,
  type PrintSize,
} from '~/lib/site/constants';
import { LAB_SHIPPING_METHODS, LAB_SIZINGS, ORIGINAL_PRINT_SIZES } from '~db/enums';

export type LabShippingMethod = (typeof LAB_SHIPPING_METHODS)[number];
export { LAB_SHIPPING_METHODS };

/** Where the site's lab stands (config.lab.mode), as the server says it. */
export type LabModeName = 'live' | 'sandbox' | 'test' | 'off';

/** The lab and its mode, in the owner's words. */
export const LAB_MODE_WORDS: Record<LabModeName, string> = {
  live: 'Prodigi, live: orders are printed and charged to your Prodigi account',
  sandbox: 'Prodigi sandbox: orders are checked but never printed',
  test: 'Test lab: this site takes test payments, and its lab double prints nothing',
  off: 'Off: the lab’s prints cannot be sold until a Prodigi key is saved below',
};

/**
 * The ways a photo may meet the lab's print area, in the owner's words. The card offers the first
 * two; a stretched photo is distorted, so it is shown only on a print that was set so elsewhere.
 */
export const SIZING_WORDS: Record<CardSizing, string> = {
  fillPrintArea: 'Crop to fill',
  fitPrintArea: 'Whole photo, white margin',
  stretchToPrintArea: 'Stretched (distorts the photo)',
};
export const OFFERED_SIZINGS: readonly CardSizing[] = ['fillPrintArea', 'fitPrintArea'];
export type CardSizing = (typeof LAB_SIZINGS)[number];

export const SHIPPING_METHOD_WORDS: Record<LabShippingMethod, string> = {
  Budget: 'Budget',
  Standard: 'Standard',
  Express: 'Express',
  Overnight: 'Overnight',
};

/** One of the shop's prints: a product it sells, framed or not. */
export interface PrintKind {
  size: PrintSize;
  finish: Finish;
  framed: boolean;
}

/** The most prints a card can have: every product of the catalogue, framed and not. */
const MAX_LAB_PRINTS = PRINT_SIZES.length * FINISHES.length * 2;

export const printKey = (p: PrintKind) => `${p.size}-${p.finish}-${p.framed ? 'framed' : 'unframed'}`;

const isOriginalSize = (size: PrintSize) => (ORIGINAL_PRINT_SIZES as readonly string[]).includes(size);

/** "Large (16x20 inches)", "16x24 inches": a size as the lab card names it, in the lab's inches. */
const labSizeWords = (size: PrintSize) =>
  isOriginalSize(size) ? `${PRINT_SIZE_LABELS[size]} (${PRINT_DIMENSIONS[size]})` : PRINT_DIMENSIONS[size];

const framedWords = (p: PrintKind) => (p.framed ? 'framed' : 'unframed');

/** "Small (8x12 inches), matte, framed", "16x24 inches, canvas, unframed": a print in words. */
export const printWords = (p: PrintKind) =>
  `${labSizeWords(p.size)}, ${FINISH_LABELS[p.finish].toLowerCase()}, ${framedWords(p)}`;

/** "Matte, framed": a print's material and frame, the second line of its name on the card. */
export const printKindWords = (p: PrintKind) => `${FINISH_LABELS[p.finish]}, ${framedWords(p)}`;

export const MAX_SKU_LENGTH = 64;
/** A lab's product code: letters and digits, with hyphens, underscores or dots between. */
const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ATTRIBUTE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const MAX_ATTRIBUTES = 10;
export const MAX_ATTRIBUTE_VALUE = 60;

/**
 * Attributes typed as `key=value`, separated by commas or new lines ("wrap=ImageWrap"), as a
 * record, or the sentence that says what is wrong. Empty text is no attributes.
 */
export function parseAttributes(
  text: string,
): { ok: true; value: Record<string, string> } | { ok: false; message: string } {
  const value: Record<string, string> = {};
  const pairs = text
    .split(/[,\n\r]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (pairs.length > MAX_ATTRIBUTES) {
    return { ok: false, message: `Give at most ${MAX_ATTRIBUTES} attributes.` };
  }
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at).trim();
    const val = at < 0 ? '' : pair.slice(at + 1).trim();
    if (!ATTRIBUTE_KEY.test(key) || !val) {
      return {
        ok: false,
        message: `Write each attribute as name=value, such as wrap=ImageWrap (“${pair.slice(0, 40)}” is not).`,
      };
    }
    if (val.length > MAX_ATTRIBUTE_VALUE || hasControlCharacter(val)) {
      return {
        ok: false,
        message: `The value of ${key} must be one line of at most ${MAX_ATTRIBUTE_VALUE} characters.`,
      };
    }
    if (key in value) return { ok: false, message: `The attribute ${key} is given twice.` };
    value[key] = val;
  }
  return { ok: true, value };
}

/** A record of attributes as the card writes them: "wrap=ImageWrap, color=black". */
export const attributesText = (attributes: Record<string, string>): string =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

const printSchema = z
  .object(
    {
      size: z.enum(PRINT_SIZES, {
        error: 'That print size is not in the catalogue: use a size such as small, large or 16x24.',
      }),
      finish: z.enum(FINISHES, { error: `The material must be one of ${FINISHES.join(', ')}.` }),
      framed: z.boolean({ error: 'Say whether the print is framed (true or false).' }),
      madeBy: z.enum(['me', 'lab'], { error: 'Say who makes the print: me or the lab.' }),
      sku: z.string({ error: 'The product code must be text.' }).trim().default(''),
      sizing: z
        .enum(LAB_SIZINGS, { error: 'Choose how the photo meets the print area: crop to fill, or whole.' })
        .default('fillPrintArea'),
      attributes: z.string({ error: 'Write the attributes as name=value text.' }).max(1000).default(''),
    },
    { error: 'Each print is { size, finish, framed, madeBy, sku, sizing, attributes }.' },
  )
  .superRefine((p, ctx) => {
    if (p.madeBy !== 'lab') return;
    const which = printWords(p);
    if (!p.sku) {
      ctx.addIssue({ code: 'custom', path: ['sku'], message: `Give the lab’s product code for ${which}.` });
    } else if (p.sku.length > MAX_SKU_LENGTH || !SKU.test(p.sku)) {
      ctx.addIssue({
        code: 'custom',
        path: ['sku'],
        message: `The product code for ${which} must be letters, digits and hyphens (at most ${MAX_SKU_LENGTH}), such as GLOBAL-FAP-16X24.`,
      });
    }
    const attributes = parseAttributes(p.attributes);
    if (!attributes.ok) ctx.addIssue({ code: 'custom', path: ['attributes'], message: attributes.message });
  });

/**
 * PUT /api/admin/lab: the whole card. `prints` names each print at most once; a print left out is
 * made by the owner, as is one whose `madeBy` is 'me' (its SKU, if typed, is not kept). Whether each
 * is one of the shop's prints now is the service's check.
 */
export const labCardSchema = z
  .object(
    {
      prints: z
        .array(printSchema, { error: 'Send the prints as a list.' })
        .max(MAX_LAB_PRINTS, `Send at most ${MAX_LAB_PRINTS} prints.`),
      holdForApproval: z.boolean({ error: 'Say whether lab orders wait for your approval (true or false).' }),
      shippingMethod: z.enum(LAB_SHIPPING_METHODS, {
        error: `The lab’s delivery speed must be one of ${LAB_SHIPPING_METHODS.join(', ')}.`,
      }),
      /** The speeds buyers may choose between; left out, only `shippingMethod`. */
      offeredMethods: z
        .array(
          z.enum(LAB_SHIPPING_METHODS, {
            error: `Each delivery speed offered must be one of ${LAB_SHIPPING_METHODS.join(', ')}.`,
          }),
          { error: 'Send the delivery speeds offered as a list.' },
        )
        .max(LAB_SHIPPING_METHODS.length * 2)
        .optional(),
    },
    { error: 'Send the print lab settings: { prints, holdForApproval, shippingMethod, offeredMethods }.' },
  )
  .superRefine((card, ctx) => {
    if (card.offeredMethods && !card.offeredMethods.includes(card.shippingMethod)) {
      ctx.addIssue({
        code: 'custom',
        path: ['offeredMethods'],
        message: `${card.shippingMethod} delivery is the speed buyers are offered first, so it must be offered too.`,
      });
    }
    const seen = new Set<string>();
    card.prints.forEach((p, i) => {
      const key = printKey(p);
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['prints', i], message: `${printWords(p)} is given twice.` });
      }
      seen.add(key);
    });
  })
  .transform((card) => ({
    holdForApproval: card.holdForApproval,
    shippingMethod: card.shippingMethod,
    offeredMethods: LAB_SHIPPING_METHODS.filter(
      (m) => m === card.shippingMethod || (card.offeredMethods ?? []).includes(m),
    ),
    /** The prints the lab makes, with the index each had in `prints` (for the field of a refusal). */
    labPrints: card.prints.flatMap((p, index) => {
      if (p.madeBy !== 'lab') return [];
      const attributes = parseAttributes(p.attributes);
      return [
        {
          index,
          size: p.size,
          finish: p.finish,
          framed: p.framed,
          sku: p.sku,
          sizing: p.sizing,
          attributes: attributes.ok ? attributes.value : {},
        },
      ];
    }),
  }));

export type LabCardInput = z.input<typeof labCardSchema>;
export type LabCardSaved = z.output<typeof labCardSchema>;

/** One print as the card shows it (GET and the answer of PUT). */
export interface LabCardPrint extends PrintKind {
  madeBy: 'me' | 'lab';
  sku: string;
  sizing: CardSizing;
  attributes: string;
}

/** GET /api/admin/lab and the answer of PUT: the lab's mode, the shop's prints and the settings. */
export interface LabCard {
  mode: LabModeName;
  prints: LabCardPrint[];
  holdForApproval: boolean;
  shippingMethod: LabShippingMethod;
  /** The speeds buyers may choose between, cheapest first; `shippingMethod` is one of them. */
  offeredMethods: LabShippingMethod[];
}
