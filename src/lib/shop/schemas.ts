// The owner's print and frame prices.
import { z } from 'zod';
import { MAX_EDITION_SIZE, MIN_EDITION_SIZE } from '~/lib/shop/editions';
import { eurosToCents, MAX_PRICE_CENTS } from '~/lib/shop/pricing';
import { FINISHES, type Finish, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';

// Prices arrive in euros (a number or a numeric string) and leave the schema in integer cents. Every
// entry is checked before anything is saved, and a bad one is named in a plain message.

const MAX_PRICE_UPDATES = 50;
const PRICE_RULE = `a number of euros from 0 to ${MAX_PRICE_CENTS / 100} with at most 2 decimals`;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
const shown = (v: unknown) => (JSON.stringify(v) ?? 'nothing').slice(0, 40);
const unknownSize = (v: unknown) => `Unknown print size ${shown(v)}: use ${PRINT_SIZES.join(', ')}.`;
const priceUpdates = <T extends z.ZodRawShape>(entry: T, shape: string) =>
  z.object({
    updates: z
      .array(z.object(entry), { error: `Expected a list of ${shape}` })
      .min(1, 'No prices were given.')
      .max(MAX_PRICE_UPDATES, `At most ${MAX_PRICE_UPDATES} prices at once.`),
  });

/** PUT /api/admin/pricing: new prices of prints per size and finish, for every photo. */
export const printPricingSchema = priceUpdates(
  { size: z.unknown().optional(), finish: z.unknown().optional(), price: z.unknown().optional() },
  '{ size, finish, price }',
).transform(({ updates }, ctx) => {
  const seen = new Set<string>();
  const out: { size: PrintSize; finish: Finish; priceCents: number }[] = [];
  for (const { size, finish, price } of updates) {
    let problem: string | null = null;
    const priceCents = eurosToCents(price);
    if (!isOneOf(PRINT_SIZES, size)) problem = unknownSize(size);
    else if (!isOneOf(FINISHES, finish))
      problem = `Unknown finish ${shown(finish)} for ${size} prints: use ${FINISHES.join(' or ')}.`;
    else if (seen.has(`${size}/${finish}`)) problem = `The price of ${size} ${finish} prints is given twice.`;
    else if (priceCents === null)
      problem = `The price of ${size} ${finish} prints must be ${PRICE_RULE} (got ${shown(price)}).`;
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
    else if (seen.has(size)) problem = `The frame price of ${size} prints is given twice.`;
    else if (priceCents === null)
      problem = `The frame price of ${size} prints must be ${PRICE_RULE} (got ${shown(price)}).`;
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
    .number({ error: `editionSize must be ${EDITION_RULE}.` })
    .int({ error: `editionSize must be ${EDITION_RULE}.` })
    .min(MIN_EDITION_SIZE, `editionSize must be ${EDITION_RULE}.`)
    .max(MAX_EDITION_SIZE, `editionSize must be ${EDITION_RULE}.`)
    .nullable(),
});
