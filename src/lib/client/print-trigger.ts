// The print dialog's tiny trigger: React and the dialog load when a visitor reaches for a card (the
// pointer over it, a press on it, or keyboard focus in it), not with the page (client:idle would
// still load during the page load). By the time the click comes, the dialog's code is usually loaded
// and its root mounted, so the click itself only renders the dialog.
type Mount = typeof import('~/islands/print-dialog-mount');

export function bindPrintTriggers(grid: HTMLElement | null): void {
  if (!grid) return;
  let loading: Promise<Mount> | null = null;
  const warm = (): Promise<Mount> => {
    if (!loading) {
      loading = import('~/islands/print-dialog-mount').then((m) => {
        m.preparePrintDialog();
        return m;
      });
      // A failed load is tried again on the next reach or click.
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  const open = async (card: HTMLElement, opener: HTMLElement) => {
    opener.setAttribute('aria-busy', 'true');
    try {
      const { openPrintDialog } = await warm();
      const d = card.dataset;
      openPrintDialog({
        photoId: d.photoId ?? '',
        title: d.title ?? '',
        imageUrl: card.querySelector('img')?.currentSrc || card.querySelector('img')?.src || '',
        returnFocus: opener,
      });
    } catch (err) {
      console.error(err);
    } finally {
      opener.removeAttribute('aria-busy');
    }
  };
  // A mouse warms on hover; touch and pen, which have no hover, on the press.
  const reach = (event: Event) => {
    if (loading) return;
    if (event.type === 'pointerover' && (event as PointerEvent).pointerType !== 'mouse') return;
    if ((event.target as Element).closest('[data-print-card]')) warm().catch(() => {});
  };
  for (const type of ['pointerover', 'pointerdown', 'focusin']) {
    grid.addEventListener(type, reach, { passive: true });
  }
  grid.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const card = target.closest<HTMLElement>('[data-print-card]');
    if (!card) return;
    const opener = card.querySelector<HTMLElement>('[data-open-print]') ?? card;
    event.preventDefault();
    void open(card, opener);
  });
}
