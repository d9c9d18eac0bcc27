// The owner's hand on an order's lab order, over a real database and the Prodigi fake: a held one
// is approved (queued, to be sent now), a refused one sent again with its attempts counted afresh
// and its reasons kept, both with their wait for the lab counted from then, one not yet at the lab cancelled at once without asking the lab; one at the
// lab cancelled there while the lab allows it, and a 409 once the lab has started making it, or a
// 503 while the lab cannot be reached, changing nothing. The order details carry the lab order and
// which lines the lab makes.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Lab, LabUnavailableError } from '~/lib/lab/lab';
import { ProdigiClient } from '~/lib/lab/prodigi-client.server';
import { ProdigiFake } from '~/lib/lab/prodigi-fake.server';
import { adminOrderDetailsJson, labOrderJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { actOnLabOrder, CANNOT_CANCEL_AT_LAB } from '~/lib/orders/lab-order-admin.server';
import { labOrderActionSchema } from '~/lib/orders/lab-order-schemas';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import { labOrders } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';

let db: Db;
let fake: ProdigiFake;
let lab: ProdigiClient;
beforeEach(() => {
  db = memoryDb();
  fake = new ProdigiFake();
  lab = new ProdigiClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
});

const HOUR = 60 * 60 * 1000;
const T0 = new Date('2026-11-20T09:00:00Z');
const NOW = new Date('2026-11-20T12:00:00Z');

/** A paid order with one line the lab makes and one the owner makes, and its lab order. */
function labOrder(values: Partial<typeof labOrders.$inferInsert> = {}) {
  const order = makeOrder(db, {
    payment: 'paid',
    items: [
      { labSku: 'GLOBAL-FAP-16X24', labSizing: 'fillPrintArea', labAttributes: {} },
      { description: 'Lough Dan, small (8x12 inches) gloss' },
    ],
  });
  db.insert(labOrders)
    .values({ orderId: order.id, state: 'held', nextAttemptAt: T0, createdAt: T0, updatedAt: T0, ...values })
    .run();
  return order.id;
}
const rowOf = (orderId: string) => db.select().from(labOrders).where(eq(labOrders.orderId, orderId)).get();
const act = (
  orderId: string,
  action: 'approve' | 'cancel' | 'retry',
  withLab: Pick<Lab, 'allowedActions' | 'cancel'> | null = lab,
) => actOnLabOrder(db, withLab, { orderId, action, by: 'owner@example.com', now: NOW });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (isHttpError(err)) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

/** An order the fake lab has taken, with its picture at a data: address the fake downloads. */
async function orderAtTheLab(): Promise<string> {
  const picture = Buffer.from('a picture to print');
  const { order } = await lab.createOrder({
    merchantReference: 'order-1',
    idempotencyKey: 'order-1',
    shippingMethod: 'Standard',
    recipient: {
      name: 'Aoife Byrne',
      address: {
        line1: '12 Main Street',
        postalOrZipCode: 'A67 X123',
        countryCode: 'IE',
        townOrCity: 'Wicklow',
      },
    },
    items: [
      {
        sku: 'GLOBAL-FAP-16X24',
        copies: 1,
        sizing: 'fillPrintArea',
        assets: [
          {
            printArea: 'default',
            url: `data:image/jpeg;base64,${picture.toString('base64')}`,
            md5Hash: createHash('md5').update(picture).digest('hex'),
          },
        ],
      },
    ],
  });
  return order.id;
}

describe('the order’s details', () => {
  it('carry the lab order and which lines the lab makes', () => {
    const id = labOrder();
    const details = adminOrderDetailsJson(getOrderDetails(db, id));
    expect(details.items.map((i) => i.labSku)).toEqual(['GLOBAL-FAP-16X24', null]);
    expect(details.lab).toMatchObject({ state: 'held', attempts: 0, refusal: [], unreachableSince: null });
    const plain = makeOrder(db, { payment: 'paid' });
    expect(adminOrderDetailsJson(getOrderDetails(db, plain.id)).lab).toBeNull();
  });

  it('say since when the lab has not been reachable, once a lab order has waited six hours', () => {
    const id = labOrder({ state: 'queued', attempts: 5, lastError: 'Prodigi is unavailable (network)' });
    const row = getOrderDetails(db, id).lab;
    if (!row) throw new Error('no lab order');
    expect(labOrderJson(row, new Date(T0.getTime() + 5 * HOUR)).unreachableSince).toBeNull();
    expect(labOrderJson(row, new Date(T0.getTime() + 6 * HOUR)).unreachableSince).toBe(T0.toISOString());
    expect(
      labOrderJson({ ...row, attempts: 0 }, new Date(T0.getTime() + 7 * HOUR)).unreachableSince,
    ).toBeNull();
  });

  it('count the wait for the lab from when it was queued, not from when it was paid', () => {
    // Held two days for the owner's approval, approved at `queued`, failing since.
    const queued = new Date(T0.getTime() + 48 * HOUR);
    const id = labOrder({ state: 'queued', attempts: 3, queuedAt: queued, lastError: 'unavailable' });
    const row = getOrderDetails(db, id).lab;
    if (!row) throw new Error('no lab order');
    expect(labOrderJson(row, new Date(queued.getTime() + 5 * HOUR)).unreachableSince).toBeNull();
    expect(labOrderJson(row, new Date(queued.getTime() + 6 * HOUR)).unreachableSince).toBe(
      queued.toISOString(),
    );
  });
});

describe('approving and sending again', () => {
  it('queues a held lab order to be sent now, and refuses to approve it twice', async () => {
    const id = labOrder();
    const order = await act(id, 'approve');
    expect(order.lab).toMatchObject({ state: 'queued', nextAttemptAt: NOW, queuedAt: NOW });
    expect(await refusal(act(id, 'approve'))).toEqual({
      status: 409,
      message: 'This lab order cannot be approved: it is being sent to the lab.',
    });
  });

  it('sends a refused lab order again, its attempts afresh and the lab’s reasons kept', async () => {
    const reasons = [
      { field: 'recipient.address.postalOrZipCode', code: 'Invalid', description: 'Bad postcode.' },
    ];
    const id = labOrder({
      state: 'refused',
      attempts: 3,
      refusal: reasons,
      lastError: 'refused',
      queuedAt: T0,
    });
    const order = await act(id, 'retry');
    expect(order.lab).toMatchObject({
      state: 'queued',
      attempts: 0,
      refusal: reasons,
      lastError: null,
      nextAttemptAt: NOW,
      queuedAt: NOW,
    });
    expect((await refusal(act(id, 'retry'))).status).toBe(409);
    expect(await refusal(act(labOrder({ state: 'sent', labOrderId: 'ord_1' }), 'approve'))).toEqual({
      status: 409,
      message: 'This lab order cannot be approved: it is at the lab.',
    });
  });

  it('answers 404 for an unknown order or one without lab lines', async () => {
    expect((await refusal(act('nope', 'approve'))).status).toBe(404);
    const plain = makeOrder(db, { payment: 'paid' });
    expect(await refusal(act(plain.id, 'approve'))).toEqual({
      status: 404,
      message: 'This order has no prints made by the lab.',
    });
  });
});

describe('cancelling', () => {
  it('cancels a held, queued or refused lab order at once, without asking the lab', async () => {
    for (const state of ['held', 'queued', 'refused'] as const) {
      const id = labOrder({ state });
      const order = await act(id, 'cancel', null);
      expect(order.lab?.state).toBe('cancelled');
      // Cancelling a lab order refunds nothing: the order stays paid.
      expect(order).toMatchObject({ paymentStatus: 'completed', refundId: null, status: 'processing' });
    }
    expect(fake.requests).toEqual([]);
    const cancelled = labOrder({ state: 'cancelled' });
    expect(await refusal(act(cancelled, 'cancel'))).toEqual({
      status: 409,
      message: 'This lab order cannot be cancelled: it is cancelled.',
    });
  });

  it('cancels an order at the lab while the lab allows it', async () => {
    const labId = await orderAtTheLab();
    const id = labOrder({ state: 'sent', labOrderId: labId, labStage: 'InProgress', sentAt: T0 });
    const order = await act(id, 'cancel');
    expect(order.lab).toMatchObject({ state: 'cancelled', labStage: 'Cancelled' });
    expect((await lab.getOrder(labId)).stage).toBe('Cancelled');
  });

  it('refuses with a 409 once the lab has started making it, and changes nothing', async () => {
    const labId = await orderAtTheLab();
    fake.advance(labId, 'InProduction');
    const id = labOrder({ state: 'sent', labOrderId: labId, labStage: 'InProgress', sentAt: T0 });
    const before = rowOf(id);
    expect(await refusal(act(id, 'cancel'))).toEqual({ status: 409, message: CANNOT_CANCEL_AT_LAB });
    expect(rowOf(id)).toEqual(before);
    expect((await lab.getOrder(labId)).stage).toBe('InProgress');
  });

  it('answers 503 while the lab cannot be reached, or is off, and changes nothing', async () => {
    const labId = await orderAtTheLab();
    const id = labOrder({ state: 'sent', labOrderId: labId, labStage: 'InProgress', sentAt: T0 });
    const before = rowOf(id);
    fake.down = true;
    expect(await refusal(act(id, 'cancel'))).toEqual({
      status: 503,
      message:
        'The lab could not be reached to cancel this order; nothing was changed. Try again in a minute.',
    });
    const timesOut: Pick<Lab, 'allowedActions' | 'cancel'> = {
      allowedActions: async () => ({
        cancel: true,
        updateMetadata: true,
        updateRecipient: true,
        updateShippingMethod: true,
      }),
      cancel: async () => {
        throw new LabUnavailableError('Prodigi', 'timeout', 'no answer in time');
      },
    };
    expect((await refusal(act(id, 'cancel', timesOut))).status).toBe(503);
    expect((await refusal(act(id, 'cancel', null))).status).toBe(503);
    expect(rowOf(id)).toEqual(before);
  });

  it('cancels at the lab an order the lab took while it was being withdrawn', async () => {
    const labId = await orderAtTheLab();
    const id = labOrder({ state: 'cancelled', labOrderId: labId, labStage: 'InProgress' });
    const order = await act(id, 'cancel');
    expect(order.lab).toMatchObject({ state: 'cancelled', labStage: 'Cancelled' });
    expect((await lab.getOrder(labId)).stage).toBe('Cancelled');
    expect((await refusal(act(id, 'cancel'))).status).toBe(409);
  });

  it('takes a cancellation the lab’s callback recorded first as done', async () => {
    const id = labOrder({ state: 'sent', labOrderId: 'ord_840800', labStage: 'InProgress' });
    const racing: Pick<Lab, 'allowedActions' | 'cancel'> = {
      allowedActions: async () => ({
        cancel: true,
        updateMetadata: true,
        updateRecipient: true,
        updateShippingMethod: true,
      }),
      cancel: async () => {
        db.update(labOrders)
          .set({ state: 'cancelled', labStage: 'Cancelled' })
          .where(eq(labOrders.orderId, id))
          .run();
        return {
          cancelled: true,
          order: { id: 'ord_840800', merchantReference: null, stage: 'Cancelled', issues: [], shipments: [] },
        };
      },
    };
    expect((await act(id, 'cancel', racing)).lab?.state).toBe('cancelled');
  });
});

describe('the action’s schema', () => {
  it('takes approve, cancel and retry, and refuses anything else with a sentence', () => {
    expect(labOrderActionSchema.parse({ action: 'retry' })).toEqual({ action: 'retry' });
    const bad = labOrderActionSchema.safeParse({ action: 'refund' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('The action must be one of: approve, cancel, retry.');
  });
});
