// The cart, kept in localStorage so it survives a reload and stays in step across tabs.
// Browser only. Validated with zod/mini (tree-shakable: a few hundred bytes here instead of the
// full zod build), because every page loads this for the nav's cart badge (budget: 15 KiB of JS on /).
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import * as z from 'zod/mini';
import {
  addLine,
  clear as clearLines,
  type CartLine as Line,
  type LineKey,
  removeLine,
  updateQuantity,
} from '../shared/cart';

const SIZES = ['small', 'medium', 'large'] as const;
const FINISHES = ['matte', 'gloss'] as const;

/**
 * One cart line. Loose: fields that other parts of the site add (an image, dimensions) survive a
 * decode instead of being stripped; the fields named here are the ones the cart relies on.
 */
export const cartLineSchema = z.looseObject({
  /** The product variant (photo × size × finish) the server prices from. */
  variantId: z.string().check(z.minLength(1)),
  size: z.enum(SIZES),
  finish: z.enum(FINISHES),
  /** The frame's size, or null for an unframed print. */
  framing: z.nullable(z.enum(SIZES)),
  quantity: z.int().check(z.minimum(1)),
  /** Per unit, framing included, in cents: what the visitor saw; the server prices again. */
  unitCents: z.int().check(z.minimum(0)),
  title: z.string(),
});

export type CartLine = z.infer<typeof cartLineSchema>;

const cartSchema = z.array(cartLineSchema);

export const CART_STORAGE_KEY = 'wicklow:cart:v1';

/** Reads a stored cart; anything corrupt or of the wrong shape reads as an empty cart. */
export function safeDecode(raw: string): CartLine[] {
  try {
    const parsed = cartSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
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

// Thin wrappers: the rules live in lib/shared/cart.ts (pure, unit-tested).
const lines = () => $cart.get() as Line[];
export const addToCart = (line: Line) => $cart.set(addLine(lines(), line) as CartLine[]);
export const removeFromCart = (key: LineKey) => $cart.set(removeLine(lines(), key) as CartLine[]);
export const setQuantity = (key: LineKey, quantity: number) =>
  $cart.set(updateQuantity(lines(), key, quantity) as CartLine[]);
export const clearCart = () => $cart.set(clearLines() as CartLine[]);
