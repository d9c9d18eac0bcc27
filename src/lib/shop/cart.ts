// The cart, as pure immutable functions in integer cents.
// The nanostores store in lib/shop/cart-store.ts is a thin persistent wrapper around these.
//
// Identity of a line: the owner's rule merges lines by variant id, size and finish. Here the frame is part
// of the identity too: a framed and an unframed print of the same variant cost different amounts, so
// merging them would make one of the two lines carry the wrong unit price. The same print added twice
// with the same framing still merges (quantities add), exactly as that rule says; remove and
// update address a line by this same composite key.
import type { Finish, PrintSize } from '~/lib/site/constants';

export interface CartLine {
  /** The product variant (photo × size × finish) the server prices from. */
  variantId: string;
  size: PrintSize;
  finish: Finish;
  /** The frame's size, or null for an unframed print. */
  framing: PrintSize | null;
  quantity: number;
  /** Per unit, framing included, in cents: what the visitor saw. The server prices again. */
  unitCents: number;
  title: string;
  /** Optional extras for display (kept by the loose store schema). */
  photoId?: string;
  dimensions?: string;
  imageUrl?: string;
  /** A print of a client gallery's photo: the token of the gallery link it was chosen through. */
  galleryLink?: string;
  /** And, in a gallery with a PIN, the gallery page's proof that the PIN was given. */
  galleryPass?: string;
}

export type Cart = readonly CartLine[];

export type LineKey = Pick<CartLine, 'variantId' | 'size' | 'finish' | 'framing'>;

export const EMPTY_CART: Cart = Object.freeze([]) as Cart;

export function sameLine(a: LineKey, b: LineKey): boolean {
  return a.variantId === b.variantId && a.size === b.size && a.finish === b.finish && a.framing === b.framing;
}

/** A string form of the identity, for React keys and DOM ids. */
export function lineKey(k: LineKey): string {
  return `${k.variantId}|${k.size}|${k.finish}|${k.framing ?? 'none'}`;
}

/** Adds a line; the same identity merges by summing quantities (the newest unit price stands). */
export function addLine(cart: Cart, line: CartLine): Cart {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) return cart;
  const i = cart.findIndex((l) => sameLine(l, line));
  if (i === -1) return [...cart, { ...line }];
  return cart.map((l, j) =>
    j === i ? { ...l, quantity: l.quantity + line.quantity, unitCents: line.unitCents } : l,
  );
}

export function removeLine(cart: Cart, key: LineKey): Cart {
  return cart.filter((l) => !sameLine(l, key));
}

/** Sets a line's quantity; 0 or less removes it. Non-integers are rounded down. */
export function updateQuantity(cart: Cart, key: LineKey, quantity: number): Cart {
  const q = Math.floor(Number.isFinite(quantity) ? quantity : 0);
  if (q <= 0) return removeLine(cart, key);
  return cart.map((l) => (sameLine(l, key) ? { ...l, quantity: q } : l));
}

export function clear(_cart?: Cart): Cart {
  return EMPTY_CART;
}

/** total = Σ price × quantity; itemCount = Σ quantity. */
export function totals(cart: Cart): { totalCents: number; itemCount: number } {
  let totalCents = 0;
  let itemCount = 0;
  for (const l of cart) {
    totalCents += l.unitCents * l.quantity;
    itemCount += l.quantity;
  }
  return { totalCents, itemCount };
}

/** What the browser sends to the server for an order: only what was chosen, never a price. */
export function orderLines(cart: Cart): {
  variantId: string;
  framing: PrintSize | null;
  quantity: number;
  galleryLink?: string;
  galleryPass?: string;
}[] {
  return cart.map((l) => ({
    variantId: l.variantId,
    framing: l.framing,
    quantity: l.quantity,
    ...(l.galleryLink ? { galleryLink: l.galleryLink } : {}),
    ...(l.galleryPass ? { galleryPass: l.galleryPass } : {}),
  }));
}
