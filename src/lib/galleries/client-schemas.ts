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
