// The payment backend of this installation (one checkout flow, two backends):
// real PayPal when credentials are set, otherwise the in-process double of test mode.
import { getConfig } from '~/lib/server/config';
import { registerInstance } from '~/lib/server/instances';
import { PaypalClient } from './paypal-client';
import { inProcessDouble } from './paypal-double';

registerInstance('PayPal client', import.meta.url);
let client: PaypalClient | undefined;

/** The one PayPal client of the process: its OAuth token is cached across calls. */
export function getPaypalClient(): PaypalClient {
  if (client) return client;
  const { paypal } = getConfig();
  if (paypal.mode === 'test') {
    const double = inProcessDouble();
    client = new PaypalClient({
      apiBase: 'http://paypal-double.invalid',
      clientId: double.clientId,
      clientSecret: double.clientSecret,
      fetch: double.fetch,
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
