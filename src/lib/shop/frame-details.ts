// The frames' details for the product safety notes, as the owner enters them once: the glazing
// (glass or acrylic), the hanging fittings (free text) and the weight of a framed print of each
// size (kilograms, optional). Pure: the owner's form and the endpoint share the schema, and the print
// page words the notes from what was saved. While nothing is saved, the page keeps its general notes
// and claims nothing about a frame.
import { z } from 'zod';
import { hasControlCharacter } from '~/lib/platform/shared/control-characters';
import { numberText } from '~/lib/platform/shared/format';
import { PRINT_SIZE_LABELS, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';
import { FRAME_GLAZINGS } from '~db/enums';

export { FRAME_GLAZINGS };
export type FrameGlazing = (typeof FRAME_GLAZINGS)[number];

export const MAX_HANGING_LENGTH = 200;
/** A framed print heavier than this is a typing mistake. */
export const MAX_FRAME_KG = 100;

/** The frame details as stored and as the print page reads them (grams: integers). */
export interface FrameDetails {
  glazing: FrameGlazing | null;
  hanging: string | null;
  /** The weight of a framed print of each size that has a frame; null where none is given. */
  weightsGrams: Partial<Record<PrintSize, number | null>>;
}

/** The glazing choice's words, in the owner's form. */
export const GLAZING_LABELS: Record<FrameGlazing, string> = { glass: 'Glass', acrylic: 'Acrylic' };

const sizeWords = (size: PrintSize) => `a framed ${PRINT_SIZE_LABELS[size]} print`;

/** A weight typed in kilograms ("2.4", "2,4", 2.4, or nothing) as grams, or why it is refused. */
function gramsOf(value: unknown, size: PrintSize): { grams: number | null } | { problem: string } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return { grams: null };
  const kg = typeof value === 'number' ? value : Number(String(value).trim().replace(',', '.'));
  if (typeof value !== 'number' && typeof value !== 'string') return { problem: notANumber(size) };
  if (!Number.isFinite(kg)) return { problem: notANumber(size) };
  if (kg < 0) return { problem: `The weight of ${sizeWords(size)} cannot be negative.` };
  if (kg === 0) return { problem: `The weight of ${sizeWords(size)} must be more than 0 kg, or left empty.` };
  if (kg > MAX_FRAME_KG)
    return { problem: `The weight of ${sizeWords(size)} must be at most ${MAX_FRAME_KG} kg.` };
  return { grams: Math.round(kg * 1000) };
}
const notANumber = (size: PrintSize) =>
  `The weight of ${sizeWords(size)} must be a number of kilograms, such as 2.4, or left empty.`;

/**
 * PUT /api/admin/frame-details { glazing, hanging, weights: { small, '16x24', … } }: the glazing
 * ('glass', 'acrylic', or '' / null for not said), the hanging fittings (one line, or empty), and
 * the weight of a framed print per size in kilograms (empty for not said).
 */
export const frameDetailsSchema = z
  .object(
    {
      glazing: z
        .union([z.enum(FRAME_GLAZINGS), z.literal(''), z.null()], {
          error: 'The glazing must be glass or acrylic, or left unsaid.',
        })
        .default(null)
        .transform((g) => (g === '' ? null : g)),
      hanging: z
        .string({ error: 'Describe the hanging fittings in words, or leave them empty.' })
        .trim()
        .max(MAX_HANGING_LENGTH, `Describe the hanging fittings in at most ${MAX_HANGING_LENGTH} characters.`)
        .refine((v) => !hasControlCharacter(v), 'Describe the hanging fittings on one line.')
        .nullable()
        .default(null)
        .transform((h) => (h ? h : null)),
      weights: z.record(z.string(), z.unknown(), { error: 'Give the weights per print size.' }).default({}),
    },
    { error: 'Send the frame details: { glazing, hanging, weights }.' },
  )
  .transform(({ glazing, hanging, weights }, ctx) => {
    const weightsGrams: FrameDetails['weightsGrams'] = {};
    for (const [size, value] of Object.entries(weights)) {
      if (!(PRINT_SIZES as readonly string[]).includes(size)) {
        ctx.addIssue({
          code: 'custom',
          path: ['weights', size],
          message: `There is no print size ${JSON.stringify(size.slice(0, 20))} in the catalogue.`,
        });
        return z.NEVER;
      }
      const weight = gramsOf(value, size as PrintSize);
      if ('problem' in weight) {
        ctx.addIssue({ code: 'custom', path: ['weights', size], message: weight.problem });
        return z.NEVER;
      }
      weightsGrams[size as PrintSize] = weight.grams;
    }
    return { glazing, hanging, weightsGrams } satisfies FrameDetails;
  });

export type FrameDetailsForm = z.input<typeof frameDetailsSchema>;

/** What a print page's product safety notes say of its frames. */
export interface FrameNotes {
  glazing: FrameGlazing | null;
  hanging: string | null;
  /** The framed print's weight of each size the page sells framed, where one is given. */
  weights: { size: PrintSize; grams: number }[];
}

/**
 * The frame notes of a page that sells these sizes framed, or null while the owner has said nothing
 * that concerns them (the page then keeps its general notes).
 */
export function frameNotes(details: FrameDetails, framedSizes: readonly PrintSize[]): FrameNotes | null {
  const weights = framedSizes.flatMap((size) => {
    const grams = details.weightsGrams[size];
    return grams ? [{ size, grams }] : [];
  });
  if (framedSizes.length === 0 || (!details.glazing && !details.hanging && weights.length === 0)) return null;
  return { glazing: details.glazing, hanging: details.hanging, weights };
}

/** Grams as kilograms, as the notes and the form show them: "2.4 kg", "0.85 kg". */
export const kgText = (grams: number): string => `${numberText(grams / 1000)} kg`;

/** Grams as the form's field holds them ("2.4"), '' for none. */
export const kgField = (grams: number | null | undefined): string => (grams ? String(grams / 1000) : '');

/** What the product safety notes say about a frame's glazing. */
export const GLAZING_NOTES: Record<FrameGlazing, string> = {
  glass:
    'Glazed with glass: handle with care. Carry and hang the frame with both hands, and keep it where it cannot fall onto anyone.',
  acrylic:
    'Glazed with acrylic, which is lighter than glass and does not shatter. Clean it with a soft, dry cloth: glass cleaners and paper towels scratch it.',
};
