// A PayPal call over the network that gets no answer is abandoned after the client's timeout, so a
// buyer's capture never hangs on a silent connection.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PaypalClient } from '~/lib/payments/paypal-client.server';

const silent = createServer(() => {
  // Takes the request and never answers.
});

afterEach(() => {
  silent.closeAllConnections();
  silent.close();
});

describe('PaypalClient over the network', () => {
  it('gives up on a call that is never answered after timeoutMs', async () => {
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    const client = new PaypalClient({
      apiBase: `http://127.0.0.1:${port}`,
      clientId: 'id',
      clientSecret: 'secret',
      timeoutMs: 300,
    });
    await expect(client.accessToken()).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
