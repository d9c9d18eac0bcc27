// The payment backend of this installation (DESIGN.md, "Payments: one flow, two backends"):
// real PayPal when credentials are set, otherwise the in-process double of test mode.
import { getConfig } from '../config';
import { PaypalClient } from './paypal-client';
import { inProcessDouble } from './paypal-double';

const KEY = Symbol.for('wicklow.paypal-client');

export function getPaypalClient(): PaypalClient {
  const holder = globalThis as { [KEY]?: PaypalClient };
  if (holder[KEY]) return holder[KEY];
  const { paypal } = getConfig();
  if (paypal.mode === 'test') {
    const double = inProcessDouble();
    holder[KEY] = new PaypalClient({
      apiBase: 'http://paypal-double.invalid',
      clientId: double.clientId,
      clientSecret: double.clientSecret,
      fetch: double.fetch,
    });
  } else {
    holder[KEY] = new PaypalClient({
      apiBase: paypal.apiBase,
      clientId: paypal.clientId as string,
      clientSecret: paypal.clientSecret as string,
    });
  }
  return holder[KEY];
}
