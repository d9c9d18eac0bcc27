// The few bytes that load with a gallery: the viewer (React included) loads when a visitor reaches
// for a card (load-on-reach.ts), and a click (or Enter/Space) opens it. Nothing else loads before.
// Also blocks right-click and drag on the gallery's images (a hurdle against saving them).
import { loadOnReach } from '~/lib/platform/client/load-on-reach';
import { reportOpenFailure } from '~/lib/platform/client/open-failed';

export function bindViewerTriggers(root: ParentNode = document): void {
  for (const gallery of root.querySelectorAll<HTMLElement>('[data-viewer]')) {
    // The viewer's code and the gallery's photo list load together.
    const viewer = loadOnReach(gallery, '[data-viewer-open]', () =>
      import('~/islands/viewer/viewer-mount').then(async (m) => {
        await m.loadPhotos(gallery);
        return m;
      }),
    );
    gallery.addEventListener('click', (event) => {
      const target =
        event.target instanceof Element ? event.target.closest<HTMLElement>('[data-viewer-open]') : null;
      if (!target) return;
      event.preventDefault();
      const index = Number(target.dataset.index ?? 0);
      gallery.setAttribute('aria-busy', 'true');
      const done = () => gallery.removeAttribute('aria-busy');
      const failed = (err: unknown) => {
        reportOpenFailure('photo', err);
        done();
      };
      viewer.whenLoaded((m) => {
        m.openViewer(gallery, index, target).then(done, failed);
      }, failed);
    });
    gallery.addEventListener('contextmenu', (event) => {
      if (event.target instanceof HTMLImageElement) event.preventDefault();
    });
    gallery.addEventListener('dragstart', (event) => {
      if (event.target instanceof HTMLImageElement) event.preventDefault();
    });
  }
}
