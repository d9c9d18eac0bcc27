// The few bytes that load with a gallery: a click (or Enter/Space) on a card imports the viewer
// (React included) and opens it. Nothing else loads until then.
// Also blocks right-click and drag on the gallery's images (a hurdle against saving them).

export function bindViewerTriggers(root: ParentNode = document): void {
  for (const gallery of root.querySelectorAll<HTMLElement>('[data-viewer]')) {
    gallery.addEventListener('click', (event) => {
      const target =
        event.target instanceof Element ? event.target.closest<HTMLElement>('[data-viewer-open]') : null;
      if (!target) return;
      event.preventDefault();
      const index = Number(target.dataset.index ?? 0);
      gallery.setAttribute('aria-busy', 'true');
      import('~/islands/viewer-mount')
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
