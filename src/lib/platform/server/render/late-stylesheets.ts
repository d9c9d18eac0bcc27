// The home page must arrive in one round trip: its whole answer, headers included, within TCP's
// initial window (10 segments of 1,460 bytes). Its stylesheet is inline, so the first paint needs
// nothing else, but a good part of it styles what only scripts bring (the photo viewer's dialogs,
// the owner's editors) or markup another page state has (no photos yet, a failed image). So the
// inline copy is cut to what the page's own markup can use (used-styles.ts), and the whole
// stylesheet is served as an asset of its own, which the page's script loader fetches before it
// runs the page's scripts (deferred-scripts.ts): whatever they add is styled as before, and the
// whole sheet, later in the document, repeats every rule of the inline copy in the same order, so
// nothing the inline copy styled changes. Visitors without JavaScript get all their page can show.
//
// A page with islands is never cut: Astro hydrates those on its own, without waiting for the loader.
import { createHash } from 'node:crypto';
import homeCss from '~/styles/home.css?inline';
import { INLINE_SCRIPT_CLASSES } from './inline-scripts';
import { stylesForMarkup } from './used-styles';

export interface LateStylesheet {
  /** Where the front serves the whole stylesheet, named by its content like the built assets. */
  path: string;
  css: string;
}

function lateStylesheet(name: string, css: string): LateStylesheet {
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8);
  return { path: `/_astro/${name}.whole.${hash}.css`, css };
}

/** The stylesheets whose inline copies are cut: the home page's own. */
export const LATE_STYLESHEETS: readonly LateStylesheet[] = [lateStylesheet('home', homeCss)];

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/;

/**
 * The page with its inline stylesheet cut to its markup, and the path of the whole stylesheet,
 * when that inline stylesheet is one of LATE_STYLESHEETS (byte for byte) and the page has no
 * island; otherwise the page as it is and null.
 */
export function cutInlineStylesheet(html: string): { html: string; stylesheet: string | null } {
  const match = STYLE_ELEMENT.exec(html);
  const inline = match?.[1];
  if (!match || inline === undefined || html.includes('<astro-island')) return { html, stylesheet: null };
  const late = LATE_STYLESHEETS.find((s) => s.css.trimEnd() === inline.trimEnd());
  if (!late) return { html, stylesheet: null };
  const start = match.index + '<style>'.length;
  const end = start + inline.length;
  const markup = html.slice(0, match.index) + html.slice(end);
  const cut = stylesForMarkup(late.css, markup, INLINE_SCRIPT_CLASSES);
  return { html: html.slice(0, start) + cut + html.slice(end), stylesheet: late.path };
}
