// A stylesheet cut down to what one page's markup can use: the rules whose selectors can match an
// element of it, the custom properties those rules read, and the @keyframes they run. The page
// looks the same, since no rule that could apply to its markup is left out: a rule goes only when
// a class it requires is on no element. The browser's own states (:hover, :focus, [open],
// aria-expanded, ::placeholder) keep their rules, as they need no class that is not in the markup.
// Tailwind's registrations of its own custom properties become the plain declarations it has for
// older browsers (property-fallback.ts).
//
// What a script adds later (a class, a dialog of an island) is not in the markup: a page that is
// cut this way loads its whole stylesheet before its scripts run (late-stylesheets.ts).
import postcss, { type Root } from 'postcss';
import type { Selector } from 'postcss-selector-parser';
import { isKeyframeStep, removeEmptyBlocks, selectorsOf, VAR_REFERENCE } from './css-tree';
import { registrationsAsFallback } from './property-fallback';

/** Pseudo-classes that match when one of the selectors they hold matches. */
const ANY_OF = new Set([':is', ':where', ':matches', ':-webkit-any', ':-moz-any', ':has']);

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's text as the browser reads it (Astro escapes &, <, >, " and ' in attributes). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return String.fromCodePoint(code);
  });
}

/** Every class named in the markup's class attributes. */
export function classesInMarkup(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of markup.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of decodeAttribute(value).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Whether a selector can match an element of markup that has these classes: each class it
 * requires is present. A class inside :not() requires nothing, and one inside :is(), :where() or
 * :has() only if no other selector there could match without it.
 */
function canMatch(selector: Selector, classes: ReadonlySet<string>): boolean {
  return selector.nodes.every((node) => {
    if (node.type === 'class') return classes.has(node.value);
    if (node.type === 'pseudo' && ANY_OF.has(node.value.toLowerCase()) && node.nodes.length > 0) {
      return node.nodes.some((inner) => canMatch(inner, classes));
    }
    return true;
  });
}

/** Drops the rules no element of the page can match, and the selectors of a list that cannot. */
function pruneRules(root: Root, classes: ReadonlySet<string>): void {
  root.walkRules((rule) => {
    if (isKeyframeStep(rule)) return;
    const selectors = selectorsOf(rule.selector);
    const kept = selectors.filter((s) => canMatch(s, classes));
    if (kept.length === 0) rule.remove();
    else if (kept.length < selectors.length) rule.selector = kept.map((s) => s.toString().trim()).join(',');
  });
}

/**
 * Drops the custom properties that nothing reads (declarations, @property registrations, the
 * fallbacks for browsers without @property), until none is left: a theme value read only by a
 * dropped rule goes, then a value read only by it. The markup's style attributes count as readers.
 */
function pruneCustomProperties(root: Root, readByMarkup: readonly string[]): void {
  for (let changed = true; changed; ) {
    changed = false;
    const read = new Set(readByMarkup);
    root.walkDecls((decl) => {
      for (const m of decl.value.matchAll(VAR_REFERENCE)) read.add(m[1] as string);
    });
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !read.has(decl.prop)) {
        decl.remove();
        changed = true;
      }
    });
    root.walkAtRules('property', (rule) => {
      if (!read.has(rule.params.trim())) {
        rule.remove();
        changed = true;
      }
    });
    removeEmptyBlocks(root);
  }
}

/** Drops the @keyframes that no animation left in the sheet (or in the markup) names. */
function pruneKeyframes(root: Root, markupAnimations: readonly string[]): void {
  const animations = [...markupAnimations];
  root.walkDecls((decl) => {
    if (/animation/i.test(decl.prop) || decl.prop.startsWith('--')) animations.push(decl.value);
  });
  root.walkAtRules(/keyframes$/i, (rule) => {
    const name = rule.params.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const named = new RegExp(`(^|[^\\w-])${name}([^\\w-]|$)`);
    if (!animations.some((value) => named.test(value))) rule.remove();
  });
}

/** Cut sheets by stylesheet and by what the markup holds: most renders of a page hold the same. */
const cuts = new Map<string, Map<string, string>>();
const MAX_CUTS = 32;

/**
 * The stylesheet `css` with only what `markup` can use. `addedClasses` are classes that the
 * page's own inline scripts put on elements before its whole stylesheet can load.
 */
export function stylesForMarkup(css: string, markup: string, addedClasses: readonly string[] = []): string {
  const classes = classesInMarkup(markup);
  for (const name of addedClasses) classes.add(name);
  const readByMarkup = [...new Set([...markup.matchAll(VAR_REFERENCE)].map((m) => m[1] as string))];
  const markupAnimations = [...markup.matchAll(/animation[\w-]*:([^;"]*)/g)].map((m) => m[1] as string);
  const key = [[...classes].sort().join(' '), readByMarkup.sort().join(' '), markupAnimations.join(';')].join(
    '\n',
  );
  let byMarkup = cuts.get(css);
  if (!byMarkup) {
    if (cuts.size >= MAX_CUTS) cuts.clear();
    byMarkup = new Map();
    cuts.set(css, byMarkup);
  }
  const known = byMarkup.get(key);
  if (known !== undefined) return known;
  const root = postcss.parse(css);
  pruneRules(root, classes);
  removeEmptyBlocks(root);
  pruneCustomProperties(root, readByMarkup);
  pruneKeyframes(root, markupAnimations);
  registrationsAsFallback(root);
  const cut = root.toString();
  if (byMarkup.size >= MAX_CUTS) byMarkup.clear();
  byMarkup.set(key, cut);
  return cut;
}
