// What a client sends below /g/{token}: the PIN, and a heart's note.
import { z } from 'zod';

export const PinBody = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'The PIN is 4 digits.'),
});

export const NOTE_MAX = 1000;
export const HeartBody = z.object({
  note: z.string().max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters.`).default(''),
});

const PAGE_START = 'The page of photos must start at a whole number, 0 for the first.';
/** `GET /g/{token}/files?from=…`: where the page of files starts (a whole number, 0 for the first). */
export const FilesPageQuery = z.object({
  from: z.coerce
    .number({ message: PAGE_START })
    .int(PAGE_START)
    .min(0, PAGE_START)
    .max(1_000_000, 'That page of photos is past the end of any gallery.')
    .default(0),
});
