// The checkout's list of countries reaches the browser as text in the island's props, one country a
// line ("IE Ireland"), rather than in its JavaScript: 250 names are data the page's HTML carries
// anyway (the server renders the list), and leaving them out of the scripts keeps the checkout's
// JS small. The text is the shortest form Astro's prop serialisation leaves unchanged.

export type CountryChoice = readonly [code: string, name: string];

/** "AF Afghanistan\nAX Åland Islands…" from the list of codes and names. */
export const countriesAsText = (list: readonly CountryChoice[]): string =>
  list.map(([code, name]) => `${code} ${name}`).join('\n');

/** The list back from its text: the code is the first word, the name the rest of the line. */
export const countriesFromText = (text: string): CountryChoice[] =>
  text
    .split('\n')
    .filter((line) => line.length > 3)
    .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)] as const);
