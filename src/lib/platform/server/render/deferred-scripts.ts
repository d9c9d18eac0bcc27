// The page's own scripts load after the page has loaded: pages carry no JavaScript until a
// person reaches for something interactive. Astro writes each component <script> as
// <script type="module" src>, which the browser fetches at high priority while the hero photo
// is still arriving; on a phone they share the connection with it and hold back the first paint. Every one of them only enhances
// server HTML that already works (links, plain forms), so they can wait for the load event.
//
// Written by hand because no Astro option does this (client:idle applies to framework islands, and
// still loads during the page load). The loader is small and inline; the CSP allows it by the
// hash of the text made here, like the site's other own inline scripts.
//
// A click on an element inside [data-deferred-click] that comes before the scripts have run is
// not lost: the scripts are fetched at once and the click is replayed on the same element. Inside
// a framework island (<astro-island>, which Astro hydrates itself), the click waits for that
// island's hydration instead (its `ssr` attribute goes and it fires astro:hydrate), and is then
// replayed; a click in an island already hydrated is its own. A click on a video or audio
// element's controls is never held: they work without any script.

// Only the site's own built scripts: a tag that content put into a page is never loaded.
const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[\w.-]+\.js)"><\/script>/g;

export const DEFERRED_CLICK_ATTR = 'data-deferred-click';

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The loader's text. With a stylesheet (the page's whole stylesheet, when its inline copy was cut
 * to its markup: late-stylesheets.ts), the scripts run once it has loaded or failed to, so that
 * what they add is styled.
 */
function loader(srcs: string[], stylesheet: string | null): string {
  const scripts = 'Promise.all(s.map((u)=>import(u)))';
  const start = stylesheet
    ? `new Promise((r)=>{const l=document.createElement("link");l.rel="stylesheet";l.href=${json(stylesheet)};l.onload=l.onerror=r;document.head.append(l)}).then(()=>${scripts})`
    : scripts;
  return [
    `const s=${json(srcs)};let p,d=false;`,
    `const load=()=>p??=${start}.then(()=>{d=true;document.documentElement.dataset.enhanced=""});`,
    'const h=(i)=>new Promise((r)=>i.hasAttribute("ssr")?i.addEventListener("astro:hydrate",r,{once:true}):r());',
    `function c(e){const t=e.target;if(!(t instanceof Element)||!t.closest("[${DEFERRED_CLICK_ATTR}]")||t.closest("video,audio"))return;`,
    'const i=t.closest("astro-island");if(i?!i.hasAttribute("ssr"):d)return;',
    'e.preventDefault();e.stopImmediatePropagation();(i?h(i):load()).then(()=>t.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true})))}',
    'addEventListener("click",c,true);',
    // After the load, in idle time: the frame that paints the largest image comes first.
    'const go=()=>"requestIdleCallback"in window?requestIdleCallback(load,{timeout:1500}):setTimeout(load,200);',
    'document.readyState==="complete"?go():addEventListener("load",go,{once:true});',
  ].join('');
}

/**
 * Moves the page's external module scripts into one inline loader that imports them after load,
 * after `stylesheet` when one is given. Returns the page and the loader's text (for the CSP hash),
 * or no loader when the page has no module script.
 */
export function deferModuleScripts(
  html: string,
  stylesheet: string | null = null,
): { html: string; loader: string | null } {
  const srcs: string[] = [];
  const rest = html.replace(MODULE_SCRIPT, (_tag, src: string) => {
    if (!srcs.includes(src)) srcs.push(src);
    return '';
  });
  if (srcs.length === 0) return { html, loader: null };
  const script = loader(srcs, stylesheet);
  const tag = `<script type="module">${script}</script>`;
  const end = rest.lastIndexOf('</body>');
  return { html: end === -1 ? rest + tag : `${rest.slice(0, end)}${tag}${rest.slice(end)}`, loader: script };
}
