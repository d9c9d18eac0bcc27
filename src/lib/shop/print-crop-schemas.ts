// The payload of the owner's print crops for one photo (PUT /api/admin/photos/{id}/print-crops),
// shared by the photo dialog's crop controls and the endpoint: each size's crop position (0 left or
// top, 0.5 centre, 1 right or bottom) and whether it is offered. A size left out goes back to the
// default, offered and centred.
import { z } from 'zod';
import { PRINT_SIZES } from '~/lib/site/constants';

const POSITION_RULE = 'a number from 0 (left or top) to 1 (right or bottom)';

export const printCropChoiceSchema = z.object({
  size: z.enum(PRINT_SIZES, {
    error: 'That print size is not in the catalogue: use a size such as small, large or 16x24.',
  }),
  position: z
    .number({ error: `The crop position must be ${POSITION_RULE}.` })
    .min(0, `The crop position must be ${POSITION_RULE}.`)
    .max(1, `The crop position must be ${POSITION_RULE}.`),
  offered: z.boolean({ error: 'Whether the size is offered must be true or false.' }),
});

export const printCropsSchema = z.object({
  crops: z
    .array(printCropChoiceSchema, { error: 'The crops must be a list with one entry per print size.' })
    .max(PRINT_SIZES.length, `There are only ${PRINT_SIZES.length} print sizes.`)
    .refine((crops) => new Set(crops.map((c) => c.size)).size === crops.length, {
      error: 'Each print size may be given only once.',
    }),
});

export type PrintCropsForm = z.infer<typeof printCropsSchema>;
