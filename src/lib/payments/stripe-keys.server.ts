// The owner's Stripe keys, entered in the admin's Payments tab: checked with Stripe before they are
// kept (a secret key Stripe refuses is never saved), stored encrypted (stored-secrets.ts), and used
// from the next payment on. Keys in the server's environment come first and cannot be replaced here.
import Stripe from 'stripe';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { saveSecret } from '~/lib/platform/server/secrets/stored-secrets';
import {
  STRIPE_PUBLISHABLE_KEY_NAME,
  STRIPE_SECRET_KEY_NAME,
  STRIPE_WEBHOOK_SECRET_NAME,
  stripeAccess,
} from './stripe-access.server';
import { makeStripe, resetStripe } from './stripe-client.server';
import type { StripeKeyState, StripeKeysInput } from './stripe-key-schemas';

const FROM_ENVIRONMENT =
  'The Stripe keys are set in the server’s environment (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY), which come first: change them there.';

const last4 = (key: string | null) => (key ? key.slice(-4) : null);

export function stripeKeyState(db: Db): StripeKeyState {
  const access = stripeAccess(db);
  return {
    mode: access.mode,
    keyFrom: access.keyFrom,
    secretKeyLast4: last4(access.secretKey),
    publishableKeyLast4: last4(access.publishableKey),
    webhookSecretSet: Boolean(access.webhookSecret),
    webhookUrl: `${getConfig().siteUrl}/api/stripe/webhook`,
  };
}

/**
 * Asks Stripe for a payment that does not exist: "no such payment" means the key opens the API, an
 * authentication error that it does not. Stripe unreachable is a 503; nothing is saved then.
 */
async function checkSecretKey(stripe: Stripe): Promise<void> {
  try {
    await stripe.paymentIntents.retrieve('pi_key_check');
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeAuthenticationError ||
      err instanceof Stripe.errors.StripePermissionError
    ) {
      throw new HttpError(
        422,
        'Stripe did not accept this secret key. Copy it again from Stripe’s dashboard.',
        {
          field: 'secretKey',
        },
      );
    }
    if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
    throw new HttpError(
      503,
      'Stripe could not be reached to check the key; nothing was saved. Try again in a minute.',
    );
  }
}

/** Checks the secret key with Stripe, then keeps the keys; 409 when the environment sets them. */
export async function saveStripeKeys(
  db: Db,
  input: StripeKeysInput,
  client: (secretKey: string) => Stripe = (secretKey) => makeStripe(secretKey),
): Promise<StripeKeyState> {
  if (stripeAccess(db).keyFrom === 'environment') throw new HttpError(409, FROM_ENVIRONMENT);
  await checkSecretKey(client(input.secretKey));
  db.transaction((tx) => {
    saveSecret(tx, STRIPE_SECRET_KEY_NAME, input.secretKey);
    saveSecret(tx, STRIPE_PUBLISHABLE_KEY_NAME, input.publishableKey);
    saveSecret(tx, STRIPE_WEBHOOK_SECRET_NAME, input.webhookSecret ?? null);
  });
  resetStripe();
  return stripeKeyState(db);
}

/** Removes the keys saved in the admin: the checkout then offers no cards. */
export function removeStripeKeys(db: Db): StripeKeyState {
  if (stripeAccess(db).keyFrom === 'environment') throw new HttpError(409, FROM_ENVIRONMENT);
  db.transaction((tx) => {
    saveSecret(tx, STRIPE_SECRET_KEY_NAME, null);
    saveSecret(tx, STRIPE_PUBLISHABLE_KEY_NAME, null);
    saveSecret(tx, STRIPE_WEBHOOK_SECRET_NAME, null);
  });
  resetStripe();
  return stripeKeyState(db);
}
