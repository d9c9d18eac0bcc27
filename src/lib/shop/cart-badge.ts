// The nav's cart badge: a few lines of DOM code over the cart store, no framework (no page
// loads React just to show a count).
import { $itemCount } from './cart-store';

/** "Cart", "Cart, 1 item", "Cart, 3 items". */
export function cartLabel(count: number): string {
  if (count <= 0) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * Keeps every `[data-cart-count]` badge and every `[data-cart-link]` label in step with the cart.
 * A badge shows only when the count is above 0. Returns the unsubscribe function.
 */
export function bindCartBadges(root: ParentNode = document): () => void {
  return $itemCount.subscribe((count) => {
    for (const badge of root.querySelectorAll<HTMLElement>('[data-cart-count]')) {
      badge.textContent = count > 99 ? '99+' : String(count);
      badge.hidden = count <= 0;
    }
    for (const bar of root.querySelectorAll<HTMLElement>('[data-cart-sticky]')) bar.hidden = count <= 0;
    for (const link of root.querySelectorAll<HTMLElement>('[data-cart-link]')) {
      link.setAttribute('aria-label', cartLabel(count));
    }
  });
}
