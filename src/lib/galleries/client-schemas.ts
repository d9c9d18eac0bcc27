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

/** `GET /g/{token}/files?from=…`: where the page of files starts (a whole number, 0 for the first). */
export const FilesPageQuery = z.object({
  from: z.coerce
    .number({ message: '`from` is a whole number.' })
    .int('`from` is a whole number.')
    .min(0, '`from` is a whole number.')
    .max(1_000_000, '`from` is past the end of any gallery.')
    .default(0),
});
