// The PayPal client tries a call once more when the connection broke before any answer, but only
// when that is safe: a read, or a call carrying a PayPal-Request-Id (PayPal answers it once).
import { describe, expect, it } from 'vitest';
import { PaypalClient } from '~/lib/payments/paypal-client.server';
import { PaypalFake } from '~/lib/payments/paypal-fake.server';

function flakyClient(breakOn: (url: string, method: string) => boolean) {
  const fake = new PaypalFake();
  const broken = new Set<string>();
  let attempts = 0;
  const client = new PaypalClient({
    apiBase: 'http://paypal-fake.invalid',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    fetch: (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (breakOn(url, method) && !broken.has(`${method} ${url}`)) {
        broken.add(`${method} ${url}`);
        attempts++;
        return Promise.reject(new TypeError('fetch failed'));
      }
      return fake.fetch(input, init);
    },
  });
  return { client, fake, attempts: () => attempts };
}

const order = {
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'EUR', value: '45.00' } }],
};

describe('PaypalClient on a broken connection', () => {
  it('tries a capture (it has a request id) and a read once more', async () => {
    const { client, attempts } = flakyClient((url) => url.includes('/v2/checkout/orders/'));
    const { id } = await client.createOrder(order as never, 'create-1');
    const captured = await client.captureOrder(id, `capture-${id}`);
    expect(captured.purchase_units?.[0]?.payments?.captures?.[0]?.status).toBe('COMPLETED');
    expect((await client.getOrder(id)).id).toBe(id);
    expect(attempts()).toBe(2);
  });

  it('does not repeat a call without a request id', async () => {
    const { client } = flakyClient(
      (url, method) => method === 'POST' && url.endsWith('/v1/identity/generate-token'),
    );
    await expect(client.generateClientToken()).rejects.toThrow(TypeError);
  });
});
