// client:painted, an Astro client directive: the island's code is fetched once the page's first
// contentful paint has been shown, never before. Astro's own directives can start earlier:
// client:load at once, client:idle and client:visible as soon as the main thread has drawn a frame,
// which can be before that frame reaches the screen, and on a busy phone before anything has been
// painted at all. The island's scripts then compete with the first paint for the network and the
// main thread. The paint timing entry is reported only once the paint is on screen, so it is the
// signal waited for here. A browser without paint timing starts after the load event and the
// next frame; and should the paint never be reported (a page loaded in a background tab may not
// get the entry), the island hydrates anyway a few seconds after the load event. The server renders
// the island's HTML, so the page is usable (the form can be filled) before it hydrates.
// Written by hand: Astro has no directive that waits for the paint itself.
import type { ClientDirective } from 'astro';

/** The island hydrates at the latest this long after the load event. */
const LATEST_AFTER_LOAD_MS = 3000;

function afterLoad(fn: () => void): void {
  if (document.readyState === 'complete') fn();
  else addEventListener('load', fn, { once: true });
}

const hydrateAfterPaint: ClientDirective = (load) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
  };
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      void start();
    });
    observer.observe({ type: 'paint', buffered: true });
    afterLoad(() => setTimeout(start, LATEST_AFTER_LOAD_MS));
    return;
  }
  afterLoad(() => requestAnimationFrame(() => setTimeout(start, 0)));
};

export default hydrateAfterPaint;
