// The print dialog's tiny trigger: React and the dialog load when a visitor reaches for a card
// (load-on-reach.ts), not with the page (client:idle would still load during the page load). Once
// loaded, the dialog is mounted closed, so a click only has to render it open.
import { loadOnReach } from '~/lib/platform/client/load-on-reach';
import { reportOpenFailure } from '~/lib/platform/client/open-failed';

export function bindPrintTriggers(grid: HTMLElement | null): void {
  if (!grid) return;
  const dialog = loadOnReach(grid, '[data-print-card]', () =>
    import('~/islands/shop/print-dialog-mount').then((m) => {
      m.preparePrintDialog();
      return m;
    }),
  );
  grid.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const card = target.closest<HTMLElement>('[data-print-card]');
    // A link on the card (to the print's own page) is followed, not turned into the dialog.
    if (!card || target.closest('a[href]')) return;
    const opener = card.querySelector<HTMLElement>('[data-open-print]') ?? card;
    event.preventDefault();
    opener.setAttribute('aria-busy', 'true');
    const done = () => opener.removeAttribute('aria-busy');
    dialog.whenLoaded(
      ({ openPrintDialog }) => {
        const img = card.querySelector('img');
        openPrintDialog({
          photoId: card.dataset.photoId ?? '',
          title: card.dataset.title ?? '',
          imageUrl: img?.currentSrc || img?.src || '',
          imageSrcset: card.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? undefined,
          returnFocus: opener,
        });
        done();
      },
      (err) => {
        reportOpenFailure('print options', err);
        done();
      },
    );
  });
}
