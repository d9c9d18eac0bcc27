// Loaded by islands/shop/wall-trigger.ts when a visitor opens "View on a wall" on a print page:
// renders the wall view into its host, again with each new choice of size or frame.
import { createRoot, type Root } from 'react-dom/client';
import { WallView, type WallViewProps } from './WallView';

const roots = new WeakMap<HTMLElement, Root>();

export function renderWallView(host: HTMLElement, props: WallViewProps): void {
  let root = roots.get(host);
  if (!root) {
    root = createRoot(host);
    roots.set(host, root);
  }
  root.render(<WallView {...props} />);
}
