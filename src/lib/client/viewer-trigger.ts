// The few bytes that load with a gallery: the viewer (React included) loads when a visitor reaches
// for a card (the pointer over it, a press on it, or keyboard focus on it), and a click (or
// Enter/Space) opens it. Nothing else loads until then; by the click, the code is usually there.
// Also blocks right-click and drag on the gallery's images (a hurdle against saving them).
type Mount = typeof import('~/islands/viewer-mount');

let loading: Promise<Mount> | null = null;

function warm(): Promise<Mount> {
  if (!loading) {
    loading = import('~/islands/viewer-mount');
    // A failed load is tried again on the next reach or click.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

const openerOf = (event: Event) =>
  event.target instanceof Element ? event.target.closest<HTMLElement>('[data-viewer-open]') : null;

export function bindViewerTriggers(root: ParentNode = document): void {
  for (const gallery of root.querySelectorAll<HTMLElement>('[data-viewer]')) {
    // A mouse warms on hover; touch and pen, which have no hover, on the press.
    const reach = (event: Event) => {
      if (loading) return;
      if (event.type === 'pointerover' && (event as PointerEvent).pointerType !== 'mouse') return;
      if (openerOf(event)) warm().catch(() => {});
    };
    for (const type of ['pointerover', 'pointerdown', 'focusin']) {
      gallery.addEventListener(type, reach, { passive: true });
    }
    gallery.addEventListener('click', (event) => {
      const target = openerOf(event);
      if (!target) return;
      event.preventDefault();
      const index = Number(target.dataset.index ?? 0);
      gallery.setAttribute('aria-busy', 'true');
      warm()
        .then((m) => m.openViewer(gallery, index, target))
        .catch((err) => console.error('Could not open the viewer', err))
        .finally(() => gallery.removeAttribute('aria-busy'));
    });
    gallery.addEventListener('contextmenu', (event) => {
      if (event.target instanceof HTMLImageElement) event.preventDefault();
    });
    gallery.addEventListener('dragstart', (event) => {
      if (event.target instanceof HTMLImageElement) event.preventDefault();
    });
  }
}
