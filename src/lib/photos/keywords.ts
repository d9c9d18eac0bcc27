// A photo's keywords are kept as one comma-separated text ("lake, mist, Wicklow Mountains"): the
// owner edits them in one field, and the shop's search looks through them like the title.

/** The words of a keywords text, trimmed, each once (the first spelling kept), in their order. */
export function splitKeywords(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  return (text ?? '')
    .split(',')
    .map((w) => w.trim().replace(/\s+/g, ' '))
    .filter((w) => w !== '' && !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()));
}

export function joinKeywords(words: readonly string[]): string {
  return words.join(', ');
}
