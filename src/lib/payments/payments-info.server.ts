// What the owner's Payments tab says about the payment set-up: the PayPal mode, whether each key is
// set (never the values) and the variables that set them. Card payments have their own answer
// (/api/admin/payments/stripe).
import type { Config } from '~/lib/platform/server/config';

export const PAYPAL_VARIABLES = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_ENV'] as const;

export function getPaymentsInfo(config: Pick<Config, 'paypal'>) {
  return {
    mode: config.paypal.mode,
    clientIdSet: Boolean(config.paypal.clientId),
    secretSet: Boolean(config.paypal.clientSecret),
    variables: [...PAYPAL_VARIABLES],
  };
}
