// The PayPal client's refund of a capture against the fake: POST /v2/payments/captures/{id}/refund
// with `{}` and a PayPal-Request-Id; 201 COMPLETED and the capture REFUNDED; a second full refund is
// PayPal's 422 CAPTURE_FULLY_REFUNDED; an unknown capture a 404; the same request id answers the
// first refund again; a capture id outside PayPal's alphabet never reaches a URL.
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
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

describe('refunding a capture', () => {
  it('refunds a COMPLETED capture in full, and the capture becomes REFUNDED', async () => {
    const id = await capture();
    const refund = await client.refundCapture(id, { requestId: 'refund-a' });
    expect(refund).toEqual({ id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'COMPLETED' });
    expect(fake.findCapture(id)?.status).toBe('REFUNDED');
    expect(fake.calls.at(-1)).toEqual({
      method: 'POST',
      path: `/v2/payments/captures/${id}/refund`,
      requestId: 'refund-a',
    });
  });

  it('answers the same request id with the first refund, and a new one with CAPTURE_FULLY_REFUNDED', async () => {
    const id = await capture();
    const first = await client.refundCapture(id, { requestId: 'refund-b' });
    expect(await client.refundCapture(id, { requestId: 'refund-b' })).toEqual(first);
    expect(fake.refunds.size).toBe(1);
    await expect(client.refundCapture(id, { requestId: 'refund-c' })).rejects.toMatchObject({
      code: 'PAYPAL_API_ERROR',
      status: 422,
      name: 'UNPROCESSABLE_ENTITY',
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
  });

  it('answers concurrent refunds with the same request id with one refund', async () => {
    const id = await capture();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.refundCapture(id, { requestId: 'refund-same' })),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(fake.refunds.size).toBe(1);
  });

  it('is a 404 RESOURCE_NOT_FOUND for an unknown capture', async () => {
    await expect(client.refundCapture('NOSUCHCAPTURE1', { requestId: 'refund-d' })).rejects.toMatchObject({
      status: 404,
      name: 'RESOURCE_NOT_FOUND',
    });
  });

  it('can be made to refuse, answer PENDING or FAILED', async () => {
    const id = await capture();
    fake.refundBehaviour = 'refused';
    await expect(client.refundCapture(id, { requestId: 'r1' })).rejects.toMatchObject({
      status: 422,
      issue: 'TRANSACTION_REFUSED',
    });
    expect(fake.findCapture(id)?.status).toBe('COMPLETED');
    fake.refundBehaviour = 'failed';
    expect(await client.refundCapture(id, { requestId: 'r2' })).toMatchObject({ status: 'FAILED' });
    expect(fake.findCapture(id)?.status).toBe('COMPLETED');
    fake.refundBehaviour = 'pending';
    expect(await client.refundCapture(id, { requestId: 'r3' })).toMatchObject({ status: 'PENDING' });
    expect(fake.findCapture(id)?.status).toBe('REFUNDED');
  });

  it('refuses a capture id outside PayPal’s alphabet before any request', async () => {
    await capture();
    const before = fake.calls.length;
    for (const bad of ['', 'abc', '../orders/X', 'A'.repeat(37), 'AB/CD']) {
      await expect(client.refundCapture(bad, { requestId: 'x' }), bad).rejects.toMatchObject({
        code: 'INVALID_PAYPAL_CAPTURE_ID',
      });
    }
    expect(fake.calls.length).toBe(before);
  });
});
