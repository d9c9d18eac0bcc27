// The bulk photo upload's helpers: a title from a file name when the file carries none, and the
// category a photo's own keywords name.
import { describe, expect, it } from 'vitest';
import { categoryFromKeywords, titleFromFileName } from '~/lib/photos/photo-batch';

describe('a title from the file name', () => {
  it('drops the extension, turns dashes and underscores into spaces, in sentence case', () => {
    expect(titleFromFileName('sugar-loaf_at_dawn.JPG')).toBe('Sugar loaf at dawn');
    expect(titleFromFileName('LOUGH_TAY--MIST.tiff')).toBe('Lough tay mist');
    expect(titleFromFileName('  bray head.final.jpeg ')).toBe('Bray head.final');
    expect(titleFromFileName('DJI_0042.JPG')).toBe('Dji 0042');
    expect(titleFromFileName('.jpg')).toBe('');
    expect(titleFromFileName('éire-cliffs.png')).toBe('Éire cliffs');
  });
});

describe('a category from the photo’s keywords', () => {
  it('takes the first keyword that names a category, else none', () => {
    expect(categoryFromKeywords(['Wicklow', 'Coast', 'sunrise'])).toBe('coastal');
    expect(categoryFromKeywords(['drone', 'mountains'])).toBe('aerial');
    expect(categoryFromKeywords(['Lugnaquilla', 'Mountain'])).toBe('mountains');
    expect(categoryFromKeywords(['farmland'])).toBe('countryside');
    expect(categoryFromKeywords(['mist', 'lake'])).toBeNull();
  });
});
