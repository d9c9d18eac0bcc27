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

function mount(): Promise<typeof import('sonner')> {
  ready ??= (async () => {
    const [{ createRoot }, sonner] = await Promise.all([import('react-dom/client'), import('sonner')]);
    const host = document.createElement('div');
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
  toast[kind](title, { description });
}
