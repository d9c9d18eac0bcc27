// The print lab's API key as the owner enters it in the admin, and what the admin is told of it.
// The key itself is never sent back to the browser: only where it comes from and its environment.
import { z } from 'zod';

export const LAB_ENVIRONMENTS = ['sandbox', 'live'] as const;

/** PUT /api/admin/lab/key: a Prodigi key and the environment it was made for. */
export const labKeySchema = z.object({
  apiKey: z
    .string({ error: 'Enter the API key from your Prodigi dashboard.' })
    .trim()
    .min(8, 'An API key is longer than that: copy it whole from your Prodigi dashboard.')
    .max(200, 'An API key is shorter than that: copy only the key.')
    .regex(/^[\w.-]+$/, 'An API key has only letters, digits, dashes, dots and underscores.'),
  environment: z.enum(LAB_ENVIRONMENTS, { error: 'Choose the sandbox or live.' }),
});
export type LabKeyInput = z.infer<typeof labKeySchema>;

/** Where the lab's key comes from, and which environment it works in. */
export interface LabKeyState {
  keyFrom: 'environment' | 'admin' | 'none';
  /** The environment of the key in use; null without one. */
  environment: (typeof LAB_ENVIRONMENTS)[number] | null;
}
