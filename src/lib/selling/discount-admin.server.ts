// The owner's discount codes: created, changed, switched off or deleted, and listed with how often
// each was used and what its orders brought in (paid orders only; test orders took no money). A
// code that any order carries is switched off rather than deleted, so the order's history keeps it.
import { and, count, eq, sql, sum } from 'drizzle-orm';
import { paidOrder } from '~/lib/payments/paid-orders.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { centsToDecimal } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { discountCodes, orders } from '~db/schema';
import type { DiscountCreateInput, DiscountUpdateInput } from './owner-schemas';

export type DiscountRow = typeof discountCodes.$inferSelect;
export interface AdminDiscount extends DiscountRow {
  /** Paid orders' totals with this code. */
  revenueCents: number;
}

const DUPLICATE = (code: string) => `There is already a code ${code}: choose another.`;

function revenueByCode(db: Db | Tx): Map<string, number> {
  const rows = db
    .select({ id: orders.discountCodeId, revenue: sum(orders.totalAmountCents).mapWith(Number) })
    .from(orders)
    .where(and(paidOrder(), sql`${orders.discountCodeId} is not null`))
    .groupBy(orders.discountCodeId)
    .all();
  return new Map(rows.map((r) => [r.id ?? '', r.revenue ?? 0]));
}

/** Every code, newest first, with its revenue. */
export function listDiscounts(db: Db): AdminDiscount[] {
  const revenue = revenueByCode(db);
  return db
    .select()
    .from(discountCodes)
    .orderBy(sql`${discountCodes.createdAt} desc`, sql`${discountCodes}.rowid desc`)
    .all()
    .map((d) => ({ ...d, revenueCents: revenue.get(d.id) ?? 0 }));
}

function withRevenue(db: Db | Tx, row: DiscountRow): AdminDiscount {
  return { ...row, revenueCents: revenueByCode(db).get(row.id) ?? 0 };
}

/** A new code; 409 when the code exists in any case. */
export function createDiscount(db: Db, input: DiscountCreateInput): AdminDiscount {
  const taken = db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, input.code))
    .get();
  if (taken) throw new HttpError(409, DUPLICATE(input.code));
  try {
    return withRevenue(db, db.insert(discountCodes).values(input).returning().get());
  } catch (err) {
    // The same code created by another request between the check and the insert.
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE')
      throw new HttpError(409, DUPLICATE(input.code));
    throw err;
  }
}

function found(db: Db | Tx, id: string): DiscountRow {
  const row = db.select().from(discountCodes).where(eq(discountCodes.id, id)).get();
  if (!row) throw new HttpError(404, 'There is no such discount code.');
  return row;
}

export function updateDiscount(db: Db, id: string, input: DiscountUpdateInput): AdminDiscount {
  found(db, id);
  const row = db
    .update(discountCodes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
    .returning()
    .get();
  return withRevenue(db, row);
}

/**
 * Deletes a code no order carries; a code an order carries (paid or waiting for its payment) is
 * switched off instead, and the answer says which happened.
 */
export function deleteDiscount(db: Db, id: string): { deleted: boolean; discount: AdminDiscount | null } {
  return db.transaction((tx) => {
    const row = found(tx, id);
    const used = tx.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, id)).get()?.n ?? 0;
    if (used > 0 || row.uses > 0) {
      const off = tx
        .update(discountCodes)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning()
        .get();
      return { deleted: false, discount: withRevenue(tx, off) };
    }
    tx.delete(discountCodes).where(eq(discountCodes.id, id)).run();
    return { deleted: true, discount: null };
  });
}

/** Whether a code can be used now, in a word for the owner's list. */
export function discountState(d: DiscountRow, now: Date): 'active' | 'expired' | 'used up' | 'switched off' {
  if (!d.active) return 'switched off';
  if (d.expiresAt && d.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (d.maxUses !== null && d.uses >= d.maxUses) return 'used up';
  return 'active';
}

/** A code as the API answers it: money in euros, its last day in Irish time. */
export function discountJson(d: AdminDiscount, now: Date) {
  return {
    id: d.id,
    code: d.code,
    kind: d.kind,
    /** Whole percent, or euros with 2 decimals. */
    value: d.kind === 'percent' ? String(d.value) : centsToDecimal(d.value),
    /** The last day it may be used (it expires at the midnight after), or null. */
    expiresOn: d.expiresAt ? irishDay(new Date(d.expiresAt.getTime() - 1)) : null,
    maxUses: d.maxUses,
    minOrder: d.minOrderCents === null ? null : centsToDecimal(d.minOrderCents),
    uses: d.uses,
    active: d.active,
    state: discountState(d, now),
    revenue: centsToDecimal(d.revenueCents),
    createdAt: d.createdAt.toISOString(),
  };
}
