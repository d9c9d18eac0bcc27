// The print dialog's tiny trigger: React and the dialog load only on the first click or keypress on
// a card (not client:idle, which still loads during the page load).
export function bindPrintTriggers(grid: HTMLElement | null): void {
  if (!grid) return;
  let loading: Promise<typeof import('~/islands/print-dialog-mount')> | null = null;
  const open = async (card: HTMLElement, opener: HTMLElement) => {
    loading ??= import('~/islands/print-dialog-mount');
    opener.setAttribute('aria-busy', 'true');
    try {
      const { openPrintDialog } = await loading;
      const d = card.dataset;
      openPrintDialog({
        photoId: d.photoId ?? '',
        title: d.title ?? '',
        imageUrl: card.querySelector('img')?.currentSrc || card.querySelector('img')?.src || '',
        returnFocus: opener,
      });
    } catch (err) {
      loading = null;
      console.error(err);
    } finally {
      opener.removeAttribute('aria-busy');
    }
  };
  grid.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const card = target.closest<HTMLElement>('[data-print-card]');
    if (!card) return;
    const opener = card.querySelector<HTMLElement>('[data-open-print]') ?? card;
    event.preventDefault();
    void open(card, opener);
  });
}
