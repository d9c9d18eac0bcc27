// The cart, kept in localStorage so it survives a reload and stays in step across tabs.
// Browser only, and loaded on every page for the nav's cart badge (budget: 15 KiB of JS on /).
// The stored cart is validated on read by a small hand-written guard rather than zod, whose core
// put ~10 KiB of gzip onto every page (the checkout's form rules are plain code for the same
// reason, lib/checkout/customer.ts).
// The rules of the cart live in lib/shop/cart.ts (pure, unit-tested); this is a thin wrapper.
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import {
  addLine,
  type CartLine,
  clear as clearLines,
  type LineKey,
  removeLine,
  updateQuantity,
} from '~/lib/shop/cart';
import { FINISHES, PRINT_SIZES } from '~/lib/site/constants';
import { sendVisitEvent } from '~/lib/visits/beacon';

export type { CartLine };

const SIZES: readonly string[] = PRINT_SIZES;
const FINISH_NAMES: readonly string[] = FINISHES;
const isInt = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

/**
 * One stored line, checked field by field. Loose: fields that other parts of the site add (an image,
 * dimensions) survive a decode instead of being stripped.
 */
export function isCartLine(v: unknown): v is CartLine {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const l = v as Record<string, unknown>;
  return (
    typeof l.variantId === 'string' &&
    l.variantId.length > 0 &&
    SIZES.includes(l.size as string) &&
    FINISH_NAMES.includes(l.finish as string) &&
    (l.framing === null || SIZES.includes(l.framing as string)) &&
    isInt(l.quantity, 1) &&
    isInt(l.unitCents, 0) &&
    typeof l.title === 'string'
  );
}

export const CART_STORAGE_KEY = 'wicklow:cart:v1';

/** Reads a stored cart; anything corrupt or of the wrong shape reads as an empty cart. */
export function safeDecode(raw: string): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every(isCartLine) ? parsed : [];
  } catch {
    return [];
  }
}

export const $cart = persistentAtom<CartLine[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: safeDecode,
});

/** The number of prints in the cart (the sum of quantities), for the nav badge. */
export const $itemCount = computed($cart, (lines) => lines.reduce((sum, line) => sum + line.quantity, 0));

/**
 * Adds a line, and tells the owner's visitor numbers that a print went into a cart (the event's
 * name alone is sent: no id, no cookie).
 */
export const addToCart = (line: CartLine) => {
  $cart.set(addLine($cart.get(), line) as CartLine[]);
  sendVisitEvent('cart');
};
export const removeFromCart = (key: LineKey) => $cart.set(removeLine($cart.get(), key) as CartLine[]);
export const setQuantity = (key: LineKey, quantity: number) =>
  $cart.set(updateQuantity($cart.get(), key, quantity) as CartLine[]);
export const clearCart = () => $cart.set(clearLines() as CartLine[]);
