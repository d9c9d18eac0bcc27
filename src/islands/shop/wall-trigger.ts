// "View on a wall" on a print page: a server-rendered toggle whose view (React and the rooms) loads
// on the first press, not with the page. Opened, the view takes the photo's place and follows the
// size and frame chosen in the page's print form.
import type { PrintSize } from '~/lib/site/constants';

export function bindWallView(toggle: HTMLButtonElement | null, form: HTMLFormElement | null): void {
  const host = toggle?.getAttribute('aria-controls');
  const view = host ? document.getElementById(host) : null;
  const photo = document.querySelector<HTMLElement>('[data-print-photo]');
  if (!toggle || !view) return;
  const data = toggle.dataset;

  const render = () => {
    if (toggle.getAttribute('aria-expanded') !== 'true') return;
    const checked = (name: string) =>
      form?.querySelector<HTMLInputElement>(`input[name=${name}]:checked`)?.value;
    const size = (checked('size') ?? data.size ?? 'small') as PrintSize;
    const framed = checked('framing') === 'framed';
    import('~/islands/shop/wall-view-mount')
      .then(({ renderWallView }) =>
        renderWallView(view, {
          imageUrl: data.imageUrl ?? '',
          imageSrcset: data.imageSrcset,
          viewSizes: data.viewSizes ?? '100vw',
          size,
          framed,
          landscape: data.landscape === 'true',
        }),
      )
      .catch(() => {
        view.textContent = 'The wall view could not be loaded. Please check your connection and try again.';
      });
  };

  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    view.hidden = !open;
    if (photo) photo.hidden = open;
    render();
  });
  form?.addEventListener('change', render);
}
