// Toasts through sonner, mounted once, on the first toast: pages that never toast never
// load React or sonner for it. On a page whose React island is already running (the checkout),
// react-dom/client is the chunk that island loaded, so the first toast fetches sonner alone. One at a time, 5000 ms each, F8 focuses the region.
// Shared: the contact form's script (contact-form.ts), the in-place editor and the other islands call notify().

import type { CSSProperties } from 'react';

export type ToastKind = 'success' | 'error';

// sonner's light rich colours put success and error text at about 4.4:1 on their tinted backgrounds
// (axe color-contrast); these darker shades of the same hues reach WCAG AA (over 6:1).
const AA_TEXT = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

let ready: Promise<typeof import('sonner')> | null = null;
let host: HTMLElement | null = null;

/**
 * A modal <dialog> sits in the browser's top layer, above everything in the page, and makes the
 * page behind it inert; a toast shown from it (an order's dialog, say) would be hidden under it and
 * out of reach. So while a modal dialog is open the toasts' host moves into it, and back to the
 * body when that dialog closes.
 */
function placeHost(el: HTMLElement): void {
  const modal = [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).at(-1);
  const parent = modal ?? document.body;
  if (el.parentElement !== parent) parent.append(el);
  modal?.addEventListener('close', () => document.body.append(el), { once: true });
}

function mount(): Promise<typeof import('sonner')> {
  ready ??= (async () => {
    const [{ createRoot }, sonner] = await Promise.all([import('react-dom/client'), import('sonner')]);
    host = document.createElement('div');
    host.dataset.toaster = '';
    document.body.append(host);
    createRoot(host).render(
      <sonner.Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        richColors
        closeButton
        position="bottom-right"
        style={AA_TEXT}
      />,
    );
    // Let the Toaster subscribe before the first toast is published.
    await new Promise((r) => setTimeout(r, 30));
    return sonner;
  })();
  return ready;
}

export async function notify(kind: ToastKind, title: string, description?: string): Promise<void> {
  const { toast } = await mount();
  if (host) placeHost(host);
  toast[kind](title, { description });
}
