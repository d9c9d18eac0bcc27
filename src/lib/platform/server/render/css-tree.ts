// Small helpers over a parsed stylesheet (postcss), shared by used-styles.ts and property-fallback.ts.
import type { AtRule, Container, Rule } from 'postcss';
import selectorParser, { type Selector } from 'postcss-selector-parser';

/** A var() reading a custom property; the name is the first group. */
export const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/** Parsed selector lists, by their text: a site has a few hundred, read again on every cut. */
const parsedSelectors = new Map<string, Selector[]>();

export function selectorsOf(text: string): Selector[] {
  let list = parsedSelectors.get(text);
  if (!list) {
    list = selectorParser().astSync(text).nodes;
    parsedSelectors.set(text, list);
  }
  return list;
}

/** The steps of a @keyframes (from, 50%, to), which are not selectors of elements. */
export function isKeyframeStep(rule: Rule): boolean {
  return rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name);
}

/** Removes the blocks (rules, @media, @supports, @layer) that their pruning left empty. */
export function removeEmptyBlocks(container: Container): void {
  for (const node of [...(container.nodes ?? [])]) {
    if (node.type !== 'rule' && node.type !== 'atrule') continue;
    if (!node.nodes) continue;
    removeEmptyBlocks(node);
    if (node.nodes.length === 0) node.remove();
  }
}
