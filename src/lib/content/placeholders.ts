// Placeholders in the owner's texts: `{name}` stands for a fact the site knows (a price, the print
// sizes, the year), filled in when the page is rendered, so that an edited text never goes stale or
// contradicts the settings. Only names a text is given are filled; saving a text that names any
// other is refused, so a visitor never reads a stray `{...}`.

/**
 * Braces around a word or a few, as the owner might mean a placeholder: `{drone_price}`, `{Drone
 * price}`; braces with a space inside their ends (`{ and }`) are plain text.
 */
const BRACED = /\{([^{}\s](?:[^{}\n]{0,38}[^{}\s])?)\}/g;

/** The `{name}`s in a text that are not among the known ones, each once, in the order written. */
export function unknownPlaceholders(text: string, known: readonly string[]): string[] {
  const unknown = [...text.matchAll(BRACED)].map((m) => m[1] ?? '').filter((name) => !known.includes(name));
  return [...new Set(unknown)];
}

/** The text with each known `{name}` replaced by its value (anything else left as written). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(BRACED, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? '') : whole,
  );
}

/** "{a}, {b} and {c}": the names a text may use, for a help line or an error message. */
export function placeholderList(names: readonly string[]): string {
  const braced = names.map((n) => `{${n}}`);
  const last = braced.pop();
  return braced.length ? `${braced.join(', ')} and ${last}` : (last ?? '');
}

/** The sentence that refuses a text naming unknown placeholders. */
export function unknownPlaceholderMessage(
  where: string,
  unknown: readonly string[],
  known: readonly string[],
) {
  const named = unknown.map((n) => `{${n}}`).join(', ');
  const noun = unknown.length === 1 ? 'placeholder' : 'placeholders';
  return known.length
    ? `${where} uses the unknown ${noun} ${named}. The placeholders you can use are ${placeholderList(known)}.`
    : `${where} uses the unknown ${noun} ${named}: this text takes no placeholders.`;
}
