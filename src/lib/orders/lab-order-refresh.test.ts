// The lab's unfinished orders asked about again, for callbacks that never reach the site: an order
// not heard of for a while is read from the lab and applied; one heard of lately, a finished one and
// one never sent are not asked about; a lab that cannot be reached ends the pass, changing nothing.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Lab, type LabOrder, LabUnavailableError } from '~/lib/lab/lab';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { labOrders, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';
import { LAB_REFRESH_AFTER_MS, refreshLabOrders } from './lab-order-refresh.server';

tempDataDir('lab-order-refresh');

const NOW = new Date('2026-11-29T12:00:00Z');
const LONG_AGO = new Date(NOW.getTime() - LAB_REFRESH_AFTER_MS - 1000);

let db: Db;
beforeEach(() => {
  db = memoryDb();
  vi.spyOn(getLog(), 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

function labRow(labOrderId: string | null, overrides: Partial<typeof labOrders.$inferInsert> = {}) {
  const order = makeOrder(db, {
    payment: 'paid',
    status: 'pending',
    items: [{ description: 'Lough Tay, large', labSku: 'GLOBAL-FAP-16X24' }],
  });
  db.insert(labOrders)
    .values({
      orderId: order.id,
      state: 'sent',
      nextAttemptAt: LONG_AGO,
      labOrderId,
      labStage: 'InProgress',
      updatedAt: LONG_AGO,
      ...overrides,
    })
    .run();
  return order.id;
}

/** A lab whose every order is in production, recording what it is asked. */
function labAnswering(answer: (id: string) => LabOrder | Error) {
  const asked: string[] = [];
  const lab = {
    name: 'Prodigi',
    getOrder: async (id: string) => {
      asked.push(id);
      const a = answer(id);
      if (a instanceof Error) throw a;
      return a;
    },
  } as unknown as Lab;
  return { lab, asked };
}

const inProgress = (id: string): LabOrder => ({
  id,
  merchantReference: null,
  stage: 'InProgress',
  issues: [],
  shipments: [],
});
const status = (id: string) => db.select().from(orders).where(eq(orders.id, id)).get()?.status;

describe('asking the lab again', () => {
  it('reads the unfinished orders not heard of for a while, and only those', async () => {
    const stale = labRow('ord_100');
    labRow('ord_101', { updatedAt: NOW });
    labRow('ord_102', { labStage: 'Complete' });
    labRow(null, { state: 'queued' });
    const { lab, asked } = labAnswering(inProgress);
    expect(await refreshLabOrders(db, lab, NOW)).toBe(1);
    expect(asked).toEqual(['ord_100']);
    expect(status(stale)).toBe('processing');
    // Asked about just now: not again at once.
    expect(await refreshLabOrders(db, lab, new Date(NOW.getTime() + 1000))).toBe(0);
    expect(asked).toEqual(['ord_100']);
  });

  it('stops at a lab that cannot be reached, changing nothing', async () => {
    const stale = labRow('ord_200');
    labRow('ord_201');
    const { lab, asked } = labAnswering(() => new LabUnavailableError('Prodigi', 'network', 'down'));
    expect(await refreshLabOrders(db, lab, NOW)).toBe(0);
    expect(asked).toEqual(['ord_200']);
    expect(status(stale)).toBe('pending');
  });
});
