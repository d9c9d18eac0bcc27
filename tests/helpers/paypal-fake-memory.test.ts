// The PayPal fake of test mode keeps only its most recent orders, so a demo shop that takes
// (pretend) payments for months does not hold every one of them in memory.
import { describe, expect, it } from 'vitest';
import { paypalFake } from './paypal';

const order = {
  intent: 'CAPTURE' as const,
  purchase_units: [{ amount: { currency_code: 'EUR', value: '45.00' } }],
};

describe('the PayPal fake of test mode', () => {
  it('keeps its 10,000 most recent orders and forgets older ones', async () => {
    const { fake, client } = paypalFake();
    const first = await client.createOrder(order, 'first');
    for (let i = 0; i < 10_000; i++) await client.createOrder(order, `order-${i}`);
    expect(fake.orders.size).toBe(10_000);
    expect(fake.orders.has(first.id)).toBe(false);
    await expect(client.getOrder(first.id)).rejects.toMatchObject({ status: 404 });
    const last = [...fake.orders.keys()].at(-1) as string;
    expect((await client.getOrder(last)).status).toBe('CREATED');
  });
});
