import { describe, expect, it } from 'vitest';
import { classesInMarkup, stylesForMarkup } from '~/lib/platform/server/render/used-styles';

const markup = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;

describe('stylesForMarkup', () => {
  it('drops a rule whose class is on no element and keeps one whose classes all are', () => {
    const css = '.flex{display:flex}.h-dvh{height:100dvh}.on-dark .btn{color:#fff}.on-dark .badge{color:red}';
    const out = stylesForMarkup(css, markup('<div class="on-dark"><a class="btn flex">x</a></div>'));
    expect(out).toBe('.flex{display:flex}.on-dark .btn{color:#fff}');
  });

  it('keeps the rules of the states a browser enters, for classes in the markup', () => {
    const css =
      '.hover\\:text-white:hover{color:#fff}:is(:where(.group):focus-within .group-focus-within\\:opacity-100){opacity:1}' +
      '.placeholder\\:text-ink-500::placeholder{color:gray}:is(:where(.group)[aria-expanded=true] .group-aria-expanded\\:block){display:block}';
    const html = markup(
      '<button class="group" aria-expanded="false"><span class="group-aria-expanded:block group-focus-within:opacity-100 hover:text-white"></span></button><input class="placeholder:text-ink-500">',
    );
    expect(stylesForMarkup(css, html)).toBe(css);
  });

  it('needs no class named inside :not(), and one of the alternatives of :is() or :where()', () => {
    const css = '.a:not(.gone){color:red}:where(.gone,.a) p{margin:0}:is(.gone,.also-gone) p{margin:1px}';
    expect(stylesForMarkup(css, markup('<div class="a"><p>x</p></div>'))).toBe(
      '.a:not(.gone){color:red}:where(.gone,.a) p{margin:0}',
    );
  });

  it('keeps only the selectors of a list that can match', () => {
    expect(stylesForMarkup('.a,.b{color:red}', markup('<p class="b">x</p>'))).toBe('.b{color:red}');
  });

  it('reads class attributes as the browser does, entities decoded', () => {
    expect([...classesInMarkup('<summary class="[&amp;::-webkit-details-marker]:hidden  x">')]).toEqual([
      '[&::-webkit-details-marker]:hidden',
      'x',
    ]);
    const css = '.\\[\\&\\:\\:-webkit-details-marker\\]\\:hidden::-webkit-details-marker{display:none}';
    expect(stylesForMarkup(css, markup('<summary class="[&amp;::-webkit-details-marker]:hidden">'))).toBe(
      css,
    );
  });

  it('keeps the rules of a class that an inline script adds before the page paints', () => {
    const css = 'html.fonts-ready{--font-sans:Inter}body{font-family:var(--font-sans)}';
    expect(stylesForMarkup(css, markup(''))).toBe('body{font-family:var(--font-sans)}');
    expect(stylesForMarkup(css, markup(''), ['fonts-ready'])).toBe(css);
  });

  it('drops the custom properties nothing reads any more, one after the other, with their registrations', () => {
    const css =
      ':root{--spin:spin 1s;--ratio-default:1.5;--color-ink:#111;--unused:var(--color-ink)}' +
      '.animate-spin{animation:var(--spin)}.text-ink{color:var(--color-ink)}.justified>*{flex:var(--ratio,var(--ratio-default))}' +
      '@property --tw-rotate{syntax:"*";inherits:false}.rotate{--tw-rotate:45deg;rotate:var(--tw-rotate)}' +
      '@keyframes spin{to{rotate:1turn}}@font-face{font-family:Inter;src:url(/i.woff2)}';
    const out = stylesForMarkup(
      css,
      markup('<ul class="justified"><li style="--ratio:2">x</li></ul><p class="text-ink"></p>'),
    );
    expect(out).toBe(
      ':root{--ratio-default:1.5;--color-ink:#111}.text-ink{color:var(--color-ink)}.justified>*{flex:var(--ratio,var(--ratio-default))}@font-face{font-family:Inter;src:url(/i.woff2)}',
    );
  });

  it('keeps a custom property that a style attribute of the markup reads', () => {
    const css = ':root{--held:990px;--other:1px}';
    expect(stylesForMarkup(css, markup('<section style="height:var(--held)"></section>'))).toBe(
      ':root{--held:990px}',
    );
  });

  it('keeps @keyframes that a kept animation names, and the layer order', () => {
    const css =
      '@layer theme,base,utilities;@layer utilities{.animate-pulse{animation:pulse 2s infinite}.x{color:red}}@keyframes pulse{50%{opacity:.5}}';
    expect(stylesForMarkup(css, markup('<p class="animate-pulse">'))).toBe(
      '@layer theme,base,utilities;@layer utilities{.animate-pulse{animation:pulse 2s infinite}}@keyframes pulse{50%{opacity:.5}}',
    );
  });

  it('removes the @media, @supports and @layer blocks that it emptied', () => {
    const css = '@layer utilities{@media (min-width:40rem){.sm\\:flex{display:flex}}.p-1{padding:1px}}';
    expect(stylesForMarkup(css, markup('<p class="p-1">'))).toBe('@layer utilities{.p-1{padding:1px}}');
  });
});

describe("Tailwind's registrations of its custom properties", () => {
  const fallback =
    '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))){*,:before,:after,::backdrop{--tw-border-style:solid;--tw-gradient-from:#0000}}}';
  const registrations =
    '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}';
  const uses =
    '.border{border-style:var(--tw-border-style)}.from-ink{--tw-gradient-from:#111;background:var(--tw-gradient-from)}';
  const html = markup('<div class="border from-ink"></div>');

  it('become their fallback, for every browser, when they give each element the same value', () => {
    expect(stylesForMarkup(fallback + uses + registrations, html)).toBe(
      '@layer properties{*,:before,:after,::backdrop{--tw-border-style:solid;--tw-gradient-from:#0000}}' +
        uses,
    );
  });

  it('stay when a state sets a typed one, which a transition would then animate', () => {
    const hover = '.hover\\:from-ink:hover{--tw-gradient-from:#222}';
    const css = fallback + uses + hover + registrations;
    expect(stylesForMarkup(css, markup('<div class="border from-ink hover:from-ink"></div>'))).toBe(css);
  });

  it('stay when a registration inherits or has no fallback', () => {
    const inherits = registrations.replace('syntax:"*";inherits:false', 'syntax:"*";inherits:true');
    expect(stylesForMarkup(fallback + uses + inherits, html)).toBe(fallback + uses + inherits);
    const extra = '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}';
    const withShadow = `${uses}.shadow{box-shadow:var(--tw-shadow)}`;
    const css = fallback + withShadow + registrations + extra;
    expect(stylesForMarkup(css, markup('<div class="border from-ink shadow"></div>'))).toBe(css);
  });
});
