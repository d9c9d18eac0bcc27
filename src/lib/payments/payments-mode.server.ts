// Whether this site takes only test payments: PayPal in test mode (the built-in fake) or off, and
// cards through Stripe's test keys or off. A PayPal sandbox takes no real money either, but its
// payments are not marked as test ones (the checkout's test mode is the fake's alone), so a sandbox
// site counts as taking real payments. On a site that takes only test payments, what the owner bills
// before any payment (a drone job's balance) gets a specimen in place of a VAT invoice, so that
// trying the site out never uses numbers of the invoice sequence.
import { getConfig, type PaypalMode } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { type StripeMode, stripeAccess } from './stripe-access.server';

/** The rule on the two providers' modes. */
export function onlyTestPayments(paypal: PaypalMode, stripe: StripeMode): boolean {
  return (paypal === 'test' || paypal === 'off') && (stripe === 'test' || stripe === 'off');
}

/** The rule on this site's configuration and card keys. */
export function takesOnlyTestPayments(db: Db | Tx): boolean {
  return onlyTestPayments(getConfig().paypal.mode, stripeAccess(db).mode);
}
