// The owner's print and frame prices.
import { z } from 'zod';
import { irishDateTime } from '~/lib/platform/shared/irish-dates';
import { MAX_EDITION_SIZE, MIN_EDITION_SIZE } from '~/lib/shop/editions';
import { SALE_PERCENT } from '~/lib/shop/price-sales';
import { eurosToCents, MAX_PRICE_CENTS } from '~/lib/shop/pricing';
import { productWords, sizeName } from '~/lib/site/catalogue';
import { FINISHES, type Finish, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';

// Prices arrive in euros (a number or a numeric string) and leave the schema in integer cents. Every
// entry is checked before anything is saved, and a bad one is named in a plain message.

const MAX_PRICE_UPDATES = 50;
const PRICE_RULE = `a number of euros from 0 to ${MAX_PRICE_CENTS / 100} with at most 2 decimals`;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
const shown = (v: unknown) => (JSON.stringify(v) ?? 'nothing').slice(0, 40);
const orList = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
const unknownSize = (v: unknown) =>
  `Unknown print size ${shown(v)}: use one of the catalogue’s sizes, ${orList(PRINT_SIZES)}.`;
/** "small prints", "16x24 prints": the prints of a size in a sentence. */
const sizePrints = (size: PrintSize) => `${sizeName(size).toLowerCase()} prints`;
const priceUpdates = <T extends z.ZodRawShape>(entry: T, shape: string) =>
  z.object({
    updates: z
      .array(z.object(entry), { error: `Expected a list of ${shape}` })
      .min(1, 'No prices were given.')
      .max(MAX_PRICE_UPDATES, `At most ${MAX_PRICE_UPDATES} prices at once.`),
  });

/** PUT /api/admin/pricing: new default prices of products (a material in a size), for every photo. */
export const printPricingSchema = priceUpdates(
  { size: z.unknown().optional(), finish: z.unknown().optional(), price: z.unknown().optional() },
  '{ size, finish (the material), price }',
).transform(({ updates }, ctx) => {
  const seen = new Set<string>();
  const out: { size: PrintSize; finish: Finish; priceCents: number }[] = [];
  for (const { size, finish, price } of updates) {
    let problem: string | null = null;
    const priceCents = eurosToCents(price);
    if (!isOneOf(PRINT_SIZES, size)) problem = unknownSize(size);
    else if (!isOneOf(FINISHES, finish))
      problem = `Unknown material ${shown(finish)} for ${sizePrints(size)}: use ${orList(FINISHES)}.`;
    else if (seen.has(`${size}/${finish}`))
      problem = `The price of ${productWords({ size, finish })} prints is given twice.`;
    else if (priceCents === null)
      problem = `The price of ${productWords({ size, finish })} prints must be ${PRICE_RULE} (got ${shown(price)}).`;
    if (
      problem !== null ||
      priceCents === null ||
      !isOneOf(PRINT_SIZES, size) ||
      !isOneOf(FINISHES, finish)
    ) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'Invalid price.' });
      return z.NEVER;
    }
    seen.add(`${size}/${finish}`);
    out.push({ size, finish, priceCents });
  }
  return { updates: out };
});
export type PrintPriceUpdate = z.output<typeof printPricingSchema>['updates'][number];

/** PUT /api/admin/framing-pricing: new frame prices per print size. */
export const framingPricingSchema = priceUpdates(
  { size: z.unknown().optional(), price: z.unknown().optional() },
  '{ size, price }',
).transform(({ updates }, ctx) => {
  const seen = new Set<string>();
  const out: { size: PrintSize; priceCents: number }[] = [];
  for (const { size, price } of updates) {
    const priceCents = eurosToCents(price);
    let problem: string | null = null;
    if (!isOneOf(PRINT_SIZES, size)) problem = unknownSize(size);
    else if (seen.has(size)) problem = `The frame price of ${sizePrints(size)} is given twice.`;
    else if (priceCents === null)
      problem = `The frame price of ${sizePrints(size)} must be ${PRICE_RULE} (got ${shown(price)}).`;
    if (problem !== null || priceCents === null || !isOneOf(PRINT_SIZES, size)) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'Invalid price.' });
      return z.NEVER;
    }
    seen.add(size);
    out.push({ size, priceCents });
  }
  return { updates: out };
});
export type FramingPriceUpdate = z.output<typeof framingPricingSchema>['updates'][number];

const EDITION_RULE = `a whole number of copies from ${MIN_EDITION_SIZE} to ${MAX_EDITION_SIZE}, or null for an open edition`;
/** PUT /api/admin/photos/{id}/edition: a limited edition of N copies, or null for an open edition. */
export const editionSizeSchema = z.object({
  editionSize: z
    .number({ error: `The edition size must be ${EDITION_RULE}.` })
    .int({ error: `The edition size must be ${EDITION_RULE}.` })
    .min(MIN_EDITION_SIZE, `The edition size must be ${EDITION_RULE}.`)
    .max(MAX_EDITION_SIZE, `The edition size must be ${EDITION_RULE}.`)
    .nullable(),
});

// A sale the owner runs (price-sales.ts).
const MAX_SALE_PHOTOS = 500;

const dateTime = (what: string) =>
  z.string({ error: `Give the ${what} as a date and time.` }).transform((text, ctx) => {
    const at = irishDateTime(text);
    if (!at) {
      ctx.addIssue({
        code: 'custom',
        message: `The ${what} must be a date and time, like 2026-12-01T09:00.`,
      });
      return z.NEVER;
    }
    return at;
  });

/**
 * POST and PUT /api/admin/price-sales: a sale as the owner's form sends it. Dates and times are on
 * the Irish clock ("2026-12-01T09:00"); `photoIds` is ignored when `allPhotos`. Whether each photo
 * exists is the service's check.
 */
export const priceSaleSchema = z
  .object({
    name: z
      .string({ error: 'Give the sale a name.' })
      .trim()
      .min(1, 'Give the sale a name.')
      .max(80, 'A sale name has at most 80 characters.'),
    percentOff: z.coerce
      .number({ error: 'The percentage off must be a whole number.' })
      .int('The percentage off must be a whole number.')
      .min(SALE_PERCENT.min, `The percentage off must be from ${SALE_PERCENT.min} to ${SALE_PERCENT.max}.`)
      .max(SALE_PERCENT.max, `The percentage off must be from ${SALE_PERCENT.min} to ${SALE_PERCENT.max}.`),
    allPhotos: z.boolean({ error: 'Say whether the sale is on every print.' }).default(false),
    photoIds: z
      .array(z.string().min(1).max(100), { error: 'Choose the prints the sale is on.' })
      .max(MAX_SALE_PHOTOS, `A sale can name at most ${MAX_SALE_PHOTOS} prints; choose every print instead.`)
      .default([]),
    startsAt: dateTime('start'),
    endsAt: dateTime('end'),
  })
  .superRefine((sale, ctx) => {
    if (sale.endsAt.getTime() <= sale.startsAt.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The sale must end after it starts.' });
    }
    if (!sale.allPhotos && sale.photoIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['photoIds'],
        message: 'Choose at least one print, or every print.',
      });
    }
  })
  .transform((sale) => ({ ...sale, photoIds: sale.allPhotos ? [] : [...new Set(sale.photoIds)] }));

export type PriceSaleInput = z.infer<typeof priceSaleSchema>;
export type PriceSaleForm = z.input<typeof priceSaleSchema>;
