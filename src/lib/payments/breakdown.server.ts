// PayPal's arithmetic of an order's amount (Orders v2, amount_with_breakdown), for the fake: with a
// breakdown, the amount must equal item_total + tax_total + shipping + handling + insurance −
// shipping_discount − discount; item_total must equal Σ unit_amount × quantity over the items, and is
// required when the items carry a unit_amount. PayPal refuses an order that breaks this with 422
// UNPROCESSABLE_ENTITY and the issue ITEM_TOTAL_REQUIRED, ITEM_TOTAL_MISMATCH or AMOUNT_MISMATCH, and a
// value that is not a plain non-negative amount with 400 INVALID_PARAMETER_VALUE; the fake does the
// same, so a test of order creation fails where PayPal would.
import { decimalStringToCents } from '~/lib/platform/shared/format';
import type { Money } from './paypal-client.server';

const ADDED = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'] as const;
const TAKEN = ['shipping_discount', 'discount'] as const;
type BreakdownPart = (typeof ADDED)[number] | (typeof TAKEN)[number];

/** A purchase unit as a client may send it: anything may be missing or wrong. */
export interface BreakdownUnit {
  amount?: Partial<Money> & { breakdown?: Partial<Record<BreakdownPart, Partial<Money>>> };
  items?: { name?: string; quantity?: string; unit_amount?: Partial<Money> }[];
}

export interface BreakdownIssue {
  status: 400 | 422;
  issue: 'INVALID_PARAMETER_VALUE' | 'ITEM_TOTAL_REQUIRED' | 'ITEM_TOTAL_MISMATCH' | 'AMOUNT_MISMATCH';
  description: string;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** Cents of a money value, or null when it is not a plain non-negative amount. */
const centsOf = (money: Partial<Money> | undefined): number | null =>
  typeof money?.value === 'string' && AMOUNT.test(money.value) ? decimalStringToCents(money.value) : null;

const invalid = (what: string): BreakdownIssue => ({
  status: 400,
  issue: 'INVALID_PARAMETER_VALUE',
  description: `${what} is not a valid amount.`,
});

/** What PayPal would refuse in this unit's amount and items, or null when they add up. */
export function breakdownIssue(unit: BreakdownUnit): BreakdownIssue | null {
  const breakdown = unit.amount?.breakdown;
  const items = unit.items ?? [];
  let itemsCents = 0;
  for (const [i, item] of items.entries()) {
    if (!item.unit_amount) continue;
    const unitCents = centsOf(item.unit_amount);
    if (unitCents === null) return invalid(`items[${i}].unit_amount`);
    if (!/^[1-9]\d{0,9}$/.test(item.quantity ?? '')) return invalid(`items[${i}].quantity`);
    itemsCents += unitCents * Number(item.quantity);
  }
  const priced = items.some((item) => item.unit_amount);
  if (priced && !breakdown?.item_total) {
    return {
      status: 422,
      issue: 'ITEM_TOTAL_REQUIRED',
      description: 'If item details are specified, amount.breakdown.item_total is required.',
    };
  }
  if (!breakdown) return null;
  const parts = new Map<BreakdownPart, number>();
  for (const part of [...ADDED, ...TAKEN]) {
    if (!breakdown[part]) continue;
    const cents = centsOf(breakdown[part]);
    if (cents === null) return invalid(`amount.breakdown.${part}`);
    parts.set(part, cents);
  }
  if (priced && parts.get('item_total') !== itemsCents) {
    return {
      status: 422,
      issue: 'ITEM_TOTAL_MISMATCH',
      description: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
    };
  }
  const sum = (list: readonly BreakdownPart[]) => list.reduce((n, p) => n + (parts.get(p) ?? 0), 0);
  if (centsOf(unit.amount) !== sum(ADDED) - sum(TAKEN)) {
    return {
      status: 422,
      issue: 'AMOUNT_MISMATCH',
      description:
        'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
    };
  }
  return null;
}
