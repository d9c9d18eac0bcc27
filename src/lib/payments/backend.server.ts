// The payment backend of this installation (one checkout flow, two backends):
// real PayPal when credentials are set, otherwise the in-process fake of test mode.
import { getConfig } from '~/lib/platform/server/config';
import { HttpError } from '~/lib/platform/server/http/http';
import { registerInstance } from '~/lib/platform/server/instances';
import { PaypalClient } from './paypal-client.server';
import { inProcessFake } from './paypal-fake.server';

registerInstance('PayPal client', import.meta.url);
let client: PaypalClient | undefined;

/** What the checkout says, and order creation answers (503), on a site without any payment set up. */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this site yet.';

/**
 * The one PayPal client of the process: its OAuth token is cached across calls. Without PayPal
 * keys it is the in-process fake, also when payments are off: that fake then knows no order
 * (none can be created), so nothing can be captured through it.
 */
export function getPaypalClient(): PaypalClient {
  if (client) return client;
  const { paypal } = getConfig();
  if (paypal.mode === 'test' || paypal.mode === 'off') {
    const fake = inProcessFake();
    client = new PaypalClient({
      apiBase: 'http://paypal-fake.invalid',
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      fetch: fake.fetch,
    });
  } else {
    client = new PaypalClient({
      apiBase: paypal.apiBase,
      clientId: paypal.clientId as string,
      clientSecret: paypal.clientSecret as string,
    });
  }
  return client;
}

/**
 * The backend a checkout may start with, and whether its orders are test orders (no money taken);
 * a 503 when payments are off (an https site without PayPal keys or PAYPAL_MODE=test).
 */
export function checkoutBackend(): { client: PaypalClient; testMode: boolean } {
  const { mode } = getConfig().paypal;
  if (mode === 'off') throw new HttpError(503, PAYMENTS_OFF_MESSAGE);
  return { client: getPaypalClient(), testMode: mode === 'test' };
}
