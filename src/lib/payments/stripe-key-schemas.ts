// The Stripe keys as the owner enters them in the admin's Payments tab, and what the admin is told
// of them. No key is ever sent back to the browser: only where they come from, whether they are
// test or live keys, and the last 4 characters of each, to tell them apart.
import { z } from 'zod';

const key = (pattern: RegExp, words: string) =>
  z
    .string({ error: `Enter the ${words} from your Stripe dashboard.` })
    .trim()
    .max(300, `A ${words} is shorter than that: copy only the key.`)
    .regex(pattern, `That is not a ${words}: copy it whole from Stripe’s dashboard (Developers → API keys).`);

/** PUT /api/admin/payments/stripe. Live keys take real money, so they need `live: true` too. */
export const stripeKeysSchema = z
  .object({
    secretKey: key(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'secret key (sk_test_…)'),
    publishableKey: key(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'publishable key (pk_test_…)'),
    webhookSecret: z
      .string()
      .trim()
      .max(300)
      .regex(/^whsec_[A-Za-z0-9]{8,}$/, 'That is not a webhook signing secret: it starts with whsec_.')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    live: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    const secretLive = /_live_/.test(input.secretKey);
    if (secretLive !== /_live_/.test(input.publishableKey)) {
      ctx.addIssue({
        code: 'custom',
        path: ['publishableKey'],
        message: 'The two keys must both be test keys or both live keys.',
      });
    }
    if (secretLive && !input.live) {
      ctx.addIssue({
        code: 'custom',
        path: ['live'],
        message: 'These are live keys, which take real money: tick “Take real card payments” to use them.',
      });
    }
  });
export type StripeKeysInput = z.output<typeof stripeKeysSchema>;

/** What the Payments tab shows about card payments. */
export interface StripeKeyState {
  mode: 'test' | 'live' | 'off';
  keyFrom: 'environment' | 'admin' | 'none';
  /** The last 4 characters of each key in use; null without one. */
  secretKeyLast4: string | null;
  publishableKeyLast4: string | null;
  webhookSecretSet: boolean;
  /** The address to give Stripe for webhook events. */
  webhookUrl: string;
}
