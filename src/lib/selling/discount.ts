// Discount codes, pure and in integer cents. One code per order; codes are case-insensitive; the
// discount is taken off the prints (with their frames), never off shipping, and never below 0. A use
// is counted only when an order is paid, so an abandoned checkout uses nothing.

import { DISCOUNT_KINDS } from '~db/enums';

export { DISCOUNT_KINDS };
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Letters, digits, "-" and "_", 3 to 32 of them, as the owner types them (any case). */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** The one spelling a code is kept and looked up under. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase();

export interface DiscountRule {
  kind: DiscountKind;
  /** Percent: whole percent, 1 to 100. Fixed: cents. */
  value: number;
  expiresAt: Date | null;
  maxUses: number | null;
  uses: number;
  minOrderCents: number | null;
  active: boolean;
}

/** What a buyer is told; none says which codes exist. */
export const DISCOUNT_MESSAGES = {
  invalid: 'This code is not valid',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
} as const;

/**
 * Why a code cannot be used on prints worth `itemTotalCents` now, or null when it can. Unknown and
 * switched-off codes read alike, so a guess learns nothing.
 */
export function discountProblem(
  rule: DiscountRule | null,
  itemTotalCents: number,
  now: Date,
  euros: (cents: number) => string,
): string | null {
  if (!rule?.active) return DISCOUNT_MESSAGES.invalid;
  if (rule.expiresAt && rule.expiresAt.getTime() <= now.getTime()) return DISCOUNT_MESSAGES.expired;
  if (rule.maxUses !== null && rule.uses >= rule.maxUses) return DISCOUNT_MESSAGES.usedUp;
  if (rule.minOrderCents !== null && itemTotalCents < rule.minOrderCents) {
    return `This code needs prints worth at least ${euros(rule.minOrderCents)}`;
  }
  return null;
}

/** The discount on prints worth `itemTotalCents`: a percentage rounded to the cent, or a fixed sum, at most the prints. */
export function discountOff(rule: Pick<DiscountRule, 'kind' | 'value'>, itemTotalCents: number): number {
  const off = rule.kind === 'percent' ? Math.round((itemTotalCents * rule.value) / 100) : rule.value;
  return Math.max(0, Math.min(itemTotalCents, off));
}
