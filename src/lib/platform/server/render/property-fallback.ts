// Tailwind's internal custom properties as plain declarations instead of @property registrations,
// in a stylesheet cut to one page (used-styles.ts).
import type { AtRule, Root, Rule } from 'postcss';
import { isKeyframeStep, selectorsOf, VAR_REFERENCE } from './css-tree';

/** Pseudo-classes that say where an element is, not a state it enters: none starts a transition. */
const NOT_A_STATE = /^:(is|where|not|has|matches|root|host|(first|last|only|nth(-last)?)-(child|of-type))$/;

/** The pseudo-elements that the fallback's universal rule covers (`*,:before,:after,::backdrop`). */
const FALLBACK_PSEUDO_ELEMENTS = new Set(['::before', '::after', ':before', ':after', '::backdrop']);

/**
 * Tailwind gives its internal custom properties (--tw-*) their starting values twice: @property
 * registrations, and for browsers without @property a fallback that declares the same values on
 * every element (`*,:before,:after,::backdrop` in the lowest layer, inside @supports). Both give
 * every element the same value, since each registration says `inherits: false` and the rule
 * declares the value on each element rather than letting it inherit. Only a registration's type
 * (<color>, <length>) differs, which shows only when the property itself changes under a
 * transition: on hover, focus or a wider screen. So the cut sheet keeps the fallback alone, for
 * every browser, at a third of the bytes; the whole sheet, loaded later, has both.
 *
 * Done only when the sheet has that shape: every registration has a fallback declaration and does
 * not inherit; no typed property is set by a rule of a state (a pseudo-class) or a media query;
 * and no rule for another pseudo-element (which the universal rule does not reach, and which
 * inherits from its element instead) reads a registered property.
 */
export function registrationsAsFallback(root: Root): void {
  const registrations: AtRule[] = [];
  root.walkAtRules('property', (rule) => {
    registrations.push(rule);
  });
  if (registrations.length === 0) return;
  let fallback: Rule | undefined;
  root.walkAtRules('layer', (layer) => {
    if (layer.params.trim() !== 'properties') return;
    layer.walkRules('*,:before,:after,::backdrop', (rule) => {
      fallback = rule;
    });
  });
  const supports = fallback?.parent;
  if (!fallback || supports?.type !== 'atrule' || (supports as AtRule).name !== 'supports') return;
  const declared = new Set<string>();
  fallback.each((node) => {
    if (node.type === 'decl') declared.add(node.prop);
  });
  const names = new Set<string>();
  const typed = new Set<string>();
  for (const r of registrations) {
    const descriptors = new Map<string, string>();
    r.walkDecls((d) => {
      descriptors.set(d.prop, d.value.trim());
    });
    const name = r.params.trim();
    if (descriptors.get('inherits') !== 'false' || !declared.has(name)) return;
    names.add(name);
    if (descriptors.get('syntax') !== '"*"') typed.add(name);
  }
  let differs = false;
  root.walkRules((rule) => {
    if (rule === fallback || isKeyframeStep(rule)) return;
    const pseudos: string[] = [];
    for (const selector of selectorsOf(rule.selector)) {
      selector.walkPseudos((p) => {
        pseudos.push(p.value.toLowerCase());
      });
    }
    const otherElement = pseudos.some((p) => p.startsWith('::') && !FALLBACK_PSEUDO_ELEMENTS.has(p));
    const state = pseudos.some(
      (p) => !p.startsWith('::') && !FALLBACK_PSEUDO_ELEMENTS.has(p) && !NOT_A_STATE.test(p),
    );
    let inMedia = false;
    for (let up = rule.parent; up && up.type !== 'root'; up = up.parent) {
      if (up.type === 'atrule' && (up as AtRule).name === 'media') inMedia = true;
    }
    rule.walkDecls((d) => {
      if (typed.has(d.prop) && (state || inMedia)) differs = true;
      if (!otherElement) return;
      for (const m of d.value.matchAll(VAR_REFERENCE)) if (names.has(m[1] as string)) differs = true;
    });
  });
  if (differs) return;
  for (const r of registrations) r.remove();
  supports.replaceWith(fallback);
}
