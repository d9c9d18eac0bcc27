// Every page imports exactly one of the stylesheets (src/styles/home.css, main.css, shop.css, checkout.css,
// gallery.css, full.css), directly or through the Prose layout: two Tailwind utility sheets on one page would override each other's
// responsive variants, and none would leave the page unstyled.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = join(__dirname, '../../src/pages');
const astroPages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? astroPages(join(dir, e.name)) : e.name.endsWith('.astro') ? [join(dir, e.name)] : [],
  );
const STYLE_IMPORT = /^import '~\/styles\/(home|main|shop|checkout|gallery|full)\.css';$/gm;

describe('page stylesheets', () => {
  const prose = readFileSync(join(__dirname, '../../src/layouts/Prose.astro'), 'utf8');
  const base = readFileSync(join(__dirname, '../../src/layouts/Base.astro'), 'utf8');

  it('the Base layout imports none and the Prose layout imports main.css', () => {
    expect(base.match(STYLE_IMPORT)).toBeNull();
    expect(prose.match(STYLE_IMPORT)).toEqual(["import '~/styles/main.css';"]);
  });

  for (const file of astroPages(PAGES)) {
    it(`${relative(PAGES, file)} has exactly one stylesheet`, () => {
      const source = readFileSync(file, 'utf8');
      const own = source.match(STYLE_IMPORT) ?? [];
      const viaProse = /from '~\/layouts\/Prose\.astro'/.test(source) ? 1 : 0;
      expect(own.length + viaProse).toBe(1);
    });
  }
});
