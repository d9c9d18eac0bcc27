// The PayPal client's refund of part of a capture against the fake: the amount goes in the body
// (`{ amount: { value, currency_code } }`), the capture becomes PARTIALLY_REFUNDED and then
// REFUNDED once all of it is given back; more than remains is PayPal's 422 REFUND_AMOUNT_EXCEEDED.
import { beforeEach, describe, expect, it } from 'vitest';
import { isPaypalApiError, type PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import { paypalFake } from '~tests/helpers/paypal';

let fake: PaypalFake;
let client: PaypalClient;
beforeEach(() => {
  ({ fake, client } = paypalFake());
});

/** A COMPLETED capture of 90.00 EUR in the fake. */
async function capture(): Promise<string> {
  const order = await client.createOrder(
    { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '90.00' } }] },
    `create-${Math.random()}`,
  );
  const captured = await client.captureOrder(order.id, `capture-${order.id}`);
  return captured.purchase_units?.[0]?.payments?.captures?.[0]?.id ?? '';
}

describe('refunding part of a capture', () => {
  it('gives back the amount asked, then the rest, and refuses more than remains', async () => {
    const id = await capture();
    const first = await client.refundCapture(id, { requestId: 'part-1', amountCents: 2_550 });
    expect(first.status).toBe('COMPLETED');
    expect(fake.refunds.get(first.id)?.amountCents).toBe(2_550);
    expect(fake.findCapture(id)?.status).toBe('PARTIALLY_REFUNDED');
    // The same request id answers the first refund again.
    expect((await client.refundCapture(id, { requestId: 'part-1', amountCents: 2_550 })).id).toBe(first.id);
    const err = await client
      .refundCapture(id, { requestId: 'part-2', amountCents: 6_451 })
      .catch((e: unknown) => e);
    expect(isPaypalApiError(err) && [err.status, err.issue]).toEqual([422, 'REFUND_AMOUNT_EXCEEDED']);
    await client.refundCapture(id, { requestId: 'part-3', amountCents: 6_450 });
    expect(fake.findCapture(id)?.status).toBe('REFUNDED');
  });
});
