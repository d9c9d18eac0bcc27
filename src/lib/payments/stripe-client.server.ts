// The one Stripe client of the process, made with the keys in force (stripe-access.server.ts) and
// made again when the owner changes them. STRIPE_API_BASE points it at another address: the local
// double that the tests start (stripe-double.server.ts), since no test may reach Stripe.
import Stripe from 'stripe';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { registerInstance } from '~/lib/platform/server/instances';
import { resetStripeAccess, stripeAccess } from './stripe-access.server';

registerInstance('Stripe client', import.meta.url);

/** Said when a card payment is asked for on a site without Stripe keys. */
export const CARDS_OFF_MESSAGE = 'Card payments are not set up on this site.';

let client: { key: string; stripe: Stripe } | undefined;

/** Options that send the client to `apiBase` (http or https) instead of api.stripe.com. */
export function stripeHostOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** A Stripe client for a key: a few retries (each with the same idempotency key), 20 s per call. */
export function makeStripe(secretKey: string, apiBase = getConfig().stripe.apiBase): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'wicklow-photography' },
    ...stripeHostOptions(apiBase),
  });
}

/** The process's Stripe client; a 404 when cards are off. */
export function getStripe(db?: Db): Stripe {
  const { secretKey } = stripeAccess(db);
  // 404, not 503: without keys the site has no card payments at all, rather than a service that is
  // down for a while.
  if (!secretKey) throw new HttpError(404, CARDS_OFF_MESSAGE);
  if (client?.key !== secretKey) client = { key: secretKey, stripe: makeStripe(secretKey) };
  return client.stripe;
}

/** After the owner saved or removed keys: the next call reads them again and makes a new client. */
export function resetStripe(): void {
  resetStripeAccess();
  client = undefined;
}
