// Marks each image box ([data-img-box] holding an img[data-fallback]) as loaded or failed, so CSS
// can drop the loading skeleton or show the fallback (the about section's 'Unable to load profile photo',
// a grey placeholder for broken drone images). Images that settled before this ran are checked too.

export function bindImageFallbacks(root: ParentNode = document): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    const box = img.closest<HTMLElement>('[data-img-box]');
    if (!box) continue;
    const settle = () => {
      box.dataset.state = img.naturalWidth > 0 ? 'loaded' : 'error';
    };
    if (img.complete && img.currentSrc) settle();
    else if (img.complete && !img.getAttribute('src')) box.dataset.state = 'error';
    img.addEventListener('load', settle);
    img.addEventListener('error', () => {
      box.dataset.state = 'error';
    });
  }
}
