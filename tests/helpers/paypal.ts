// PayPal for unit tests: the double that test mode runs in-process, and the real client talking to
// it through its fetch, wired the way the site wires them when no PayPal credentials are set.
import { PaypalClient } from '~/lib/server/payments/paypal-client';
import { PaypalDouble } from '~/lib/server/payments/paypal-double';

export function paypalDouble(): { double: PaypalDouble; client: PaypalClient } {
  const double = new PaypalDouble();
  const client = new PaypalClient({
    apiBase: 'http://paypal-double.invalid',
    clientId: double.clientId,
    clientSecret: double.clientSecret,
    fetch: double.fetch,
  });
  return { double, client };
}
