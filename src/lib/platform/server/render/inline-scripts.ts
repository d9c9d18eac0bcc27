// The only inline scripts the site's pages may run. The Content-Security-Policy allows exactly
// these (by hash), plus the loader of each page's own module scripts (deferred-scripts.ts), so
// text that content puts into a page can never add a script the browser would run.

import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';

/** The class FONTS_READY puts on <html>, which switches the page to the web fonts (theme.css). */
export const FONTS_READY_CLASS = 'fonts-ready';

/** Web fonts from the second page view on: the first view paints with system fonts. */
export const FONTS_READY = `try{if(localStorage.getItem('wl-fonts'))document.documentElement.classList.add('${FONTS_READY_CLASS}')}catch(e){}`;

/** The classes the inline scripts above put on elements, which no server markup holds. */
export const INLINE_SCRIPT_CLASSES: readonly string[] = [FONTS_READY_CLASS];

/**
 * /checkout, before the first paint: an empty (or unreadable) cart goes to the shop; otherwise the
 * number of lines is set as --cart-lines, so the server-rendered frame keeps the space they take.
 * The key is the cart's storage key (lib/shop/cart-store.ts, CART_STORAGE_KEY).
 */
export const CHECKOUT_CART_GATE =
  "try{var c=JSON.parse(localStorage.getItem('wicklow:cart:v1')||'[]');if(!Array.isArray(c)||!c.length)throw 0;document.documentElement.style.setProperty('--cart-lines',String(c.length))}catch(e){location.replace('/shop')}";

/**
 * On the receipt of a card payment whose bank sent the buyer away (3-D Secure) and back: the page
 * that took the payment never saw it succeed, so the cart it would have emptied is emptied here.
 */
export const CLEAR_PAID_CART = "try{localStorage.removeItem('wicklow:cart:v1')}catch(e){}";

/**
 * The site's own client directive, client:painted (src/lib/platform/client/hydrate-after-paint.ts, registered
 * in astro.config.mjs), as Astro's build writes it before the first island that uses it: the source
 * bundled and minified by esbuild. A unit test rebuilds it and fails when this text is stale.
 */
export const PAINTED_DIRECTIVE =
  '(()=>{function i(e){document.readyState==="complete"?e():addEventListener("load",e,{once:!0})}var s=e=>{let n=!1,t=async()=>{if(n)return;n=!0,await(await e())()};if(globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")){let r=new PerformanceObserver(a=>{a.getEntriesByName("first-contentful-paint").length!==0&&(r.disconnect(),t())});r.observe({type:"paint",buffered:!0}),i(()=>setTimeout(t,3e3));return}i(()=>requestAnimationFrame(()=>setTimeout(t,0)))},o=s;(self.Astro||(self.Astro={})).painted=o;window.dispatchEvent(new Event("astro:painted"));})();\n';

/** Astro writes these before the first island of a page: its island element and each directive. */
const ASTRO_ISLAND_SCRIPTS = [
  islandRuntime,
  idleDirective,
  loadDirective,
  mediaDirective,
  onlyDirective,
  visibleDirective,
  PAINTED_DIRECTIVE,
];

export const KNOWN_INLINE_SCRIPTS: readonly string[] = [
  FONTS_READY,
  CHECKOUT_CART_GATE,
  CLEAR_PAID_CART,
  ...ASTRO_ISLAND_SCRIPTS,
];
