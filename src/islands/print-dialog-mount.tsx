// Loaded by lib/client/print-trigger.ts on the first click or keypress on a shop card: mounts the
// print dialog once, then opens the dialog for each card.
import { createRoot, type Root } from 'react-dom/client';
import { PrintDialog, type PrintTarget } from './PrintDialog';

let root: Root | null = null;
let openCount = 0;

export function openPrintDialog(target: PrintTarget): void {
  if (!root) {
    const host = document.createElement('div');
    host.id = 'print-dialog-root';
    document.body.append(host);
    root = createRoot(host);
  }
  openCount++;
  root.render(<PrintDialog target={target} openCount={openCount} />);
}
