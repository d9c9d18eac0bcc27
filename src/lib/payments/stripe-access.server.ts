// Whether this site takes cards through Stripe, and with which keys: the server's environment
// (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) comes first; otherwise the keys
// the owner saved in the admin's Payments tab, stored encrypted (stored-secrets.ts). Without both a
// secret and a publishable key, cards are off and nothing about them is shown anywhere.
// Test keys (sk_test_…) take no money; live keys are refused unless the owner allowed them
// (STRIPE_ALLOW_LIVE in the environment, or the "live" box ticked when saving them in the admin).
import { getConfig } from '~/lib/platform/server/config';
import { type Db, getDb, type Tx } from '~/lib/platform/server/db';
import { registerInstance } from '~/lib/platform/server/instances';
import { readSecret } from '~/lib/platform/server/secrets/stored-secrets';

registerInstance('Stripe keys', import.meta.url);

export const STRIPE_SECRET_KEY_NAME = 'stripe-secret-key';
export const STRIPE_PUBLISHABLE_KEY_NAME = 'stripe-publishable-key';
export const STRIPE_WEBHOOK_SECRET_NAME = 'stripe-webhook-secret';

export type StripeMode = 'test' | 'live' | 'off';

export interface StripeAccess {
  mode: StripeMode;
  keyFrom: 'environment' | 'admin' | 'none';
  secretKey: string | null;
  publishableKey: string | null;
  /** Without it the webhook refuses every event; the return page still settles paid orders. */
  webhookSecret: string | null;
}

/** test for sk_test_/rk_test_ keys, live for sk_live_/rk_live_. */
export function keyMode(secretKey: string): 'test' | 'live' {
  return /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';
}

const OFF: StripeAccess = {
  mode: 'off',
  keyFrom: 'none',
  secretKey: null,
  publishableKey: null,
  webhookSecret: null,
};

let access: StripeAccess | undefined;

/** Read once, then kept until the owner changes the keys (resetStripeAccess). */
export function stripeAccess(db: Db | Tx = getDb()): StripeAccess {
  if (access) return access;
  const config = getConfig().stripe;
  if (config.secretKey && config.publishableKey) {
    access = {
      mode: keyMode(config.secretKey),
      keyFrom: 'environment',
      secretKey: config.secretKey,
      publishableKey: config.publishableKey,
      webhookSecret: config.webhookSecret ?? null,
    };
    return access;
  }
  const secretKey = readSecret(db, STRIPE_SECRET_KEY_NAME);
  const publishableKey = readSecret(db, STRIPE_PUBLISHABLE_KEY_NAME);
  if (secretKey && publishableKey) {
    access = {
      mode: keyMode(secretKey),
      keyFrom: 'admin',
      secretKey,
      publishableKey,
      webhookSecret: readSecret(db, STRIPE_WEBHOOK_SECRET_NAME),
    };
    return access;
  }
  access = OFF;
  return access;
}

/** Whether the checkout offers cards (the CSP of /checkout allows Stripe only then). */
export function cardsOn(db?: Db): boolean {
  return stripeAccess(db).mode !== 'off';
}

/** Forgets the keys read, after the owner changed them (and between tests). */
export function resetStripeAccess(): void {
  access = undefined;
}
