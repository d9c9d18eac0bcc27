// Loaded by islands/shop/print-trigger.ts when a visitor reaches for a shop card: mounts the print
// dialog once (closed, so that React's first render is done before the click), then opens it for
// each card.
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PrintDialog, type PrintTarget } from './PrintDialog';

let root: Root | null = null;
let openCount = 0;

/** Mounts the closed dialog; a no-op once mounted. */
export function preparePrintDialog(): Root {
  if (!root) {
    const host = document.createElement('div');
    host.id = 'print-dialog-root';
    document.body.append(host);
    const r = createRoot(host);
    // A transition: React yields to input while building the closed dialog.
    startTransition(() => r.render(<PrintDialog target={null} openCount={0} />));
    root = r;
  }
  return root;
}

export function openPrintDialog(target: PrintTarget): void {
  openCount++;
  preparePrintDialog().render(<PrintDialog target={target} openCount={openCount} />);
}
