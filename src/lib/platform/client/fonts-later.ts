// Fetches the two web fonts once the first page has loaded, without applying them (no swap, so no
// layout shift), and remembers it: the next page views add html.fonts-ready before their first
// paint and take the fonts from the cache (they are served immutable for a year).
const KEY = 'wl-fonts';

function fetchFonts(): void {
  if (document.documentElement.classList.contains('fonts-ready') || !('fonts' in document)) return;
  Promise.all([document.fonts.load('1em "Inter Variable"'), document.fonts.load('1em "Fraunces Variable"')])
    .then((faces) => {
      if (faces.every((f) => f.length > 0)) localStorage.setItem(KEY, '1');
    })
    .catch(() => {});
}

// Idle time a little after the load: the fonts are for the next page, so they never compete
// with anything this page needs.
const later = () =>
  setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(fetchFonts) : fetchFonts()), 2000);
if (document.readyState === 'complete') later();
else addEventListener('load', later, { once: true });
