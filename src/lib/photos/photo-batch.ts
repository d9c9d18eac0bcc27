// What the add-photo dialog fills in for a photo of a batch when the file's own words (IPTC/XMP)
// leave a field empty: a title made from the file name, and a category named by its keywords.
import type { PhotoCategory } from '~/lib/site/constants';

/** "sugar-loaf_at_dawn.JPG" → "Sugar loaf at dawn": no extension, dashes and underscores as spaces, sentence case. */
export function titleFromFileName(fileName: string): string {
  const words = fileName
    .trim()
    .replace(/\.[^.\s]*$/, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('en-IE');
  return words.charAt(0).toLocaleUpperCase('en-IE') + words.slice(1);
}

/** The keywords (lower case) that name each category, as photographers tag their files. */
const CATEGORY_WORDS: Record<PhotoCategory, readonly string[]> = {
  coastal: ['coastal', 'coast', 'coastline', 'sea', 'seascape', 'beach', 'shore', 'harbour'],
  mountains: ['mountains', 'mountain', 'hills', 'hill', 'peak', 'summit'],
  countryside: ['countryside', 'farmland', 'fields', 'rural', 'meadow', 'woodland', 'forest'],
  aerial: ['aerial', 'drone', 'from above', 'birds eye', 'bird’s eye'],
  other: [],
};

/** The category the first keyword naming one gives, or null when none does. */
export function categoryFromKeywords(keywords: readonly string[]): PhotoCategory | null {
  for (const keyword of keywords) {
    const word = keyword.trim().toLocaleLowerCase('en-IE');
    for (const [category, words] of Object.entries(CATEGORY_WORDS)) {
      if (words.includes(word)) return category as PhotoCategory;
    }
  }
  return null;
}
