// The certificate page the print lab puts in a parcel: an A5 PNG at 300 dpi whatever it holds, its
// words escaped for SVG (a title with <&"' draws, and reads back escaped), long words wrapped or
// cut inside the page, and the copies of one order sharing the page.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_PAGE,
  type CertificateCopy,
  certificatePng,
  certificateSvg,
  copyWords,
  escapeSvg,
  wrapText,
} from './certificate-image.server';

const COPY: CertificateCopy = {
  title: 'Lough Tay at Dawn',
  number: 7,
  editionSize: 30,
  print: 'large (16x24 inches) matte — Hahnemühle Photo Rag fine art print, 16x24"',
  soldAt: new Date('2026-03-12T10:00:00Z'),
  code: 'abcdefghijklmnopqrstuvwx',
  url: 'https://wicklowlight.ie/certificate/abcdefghijklmnopqrstuvwx',
};

async function pageOf(png: Buffer) {
  const meta = await sharp(png).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, density: meta.density };
}

describe('the certificate page', () => {
  it('is an A5 portrait PNG at 300 dpi with every word of the certificate', async () => {
    const sheet = { photographer: 'Niamh Doyle', copies: [COPY] };
    expect(await pageOf(await certificatePng(sheet))).toEqual({
      format: 'png',
      width: CERTIFICATE_PAGE.widthPx,
      height: CERTIFICATE_PAGE.heightPx,
      density: 300,
    });
    expect([CERTIFICATE_PAGE.widthPx, CERTIFICATE_PAGE.heightPx]).toEqual([1748, 2480]);
    const svg = certificateSvg(sheet);
    for (const words of [
      'NIAMH DOYLE',
      'Certificate of authenticity',
      'Lough Tay at Dawn',
      'Edition 7 of 30',
      'large (16x24 inches) matte',
      '12 March 2026',
      'abcdefghijklmnopqrstuvwx',
      'https://wicklowlight.ie/certificate/',
    ]) {
      expect(svg, words).toContain(words);
    }
    expect(copyWords(7, 30)).toBe('Edition 7 of 30');
  });

  it('escapes what it is given: a title with <&"\' draws, and the SVG holds it escaped', async () => {
    const hostile = {
      ...COPY,
      title: 'Rocks & <Waves> "at" Bray\'s </text><script>x</script>',
      print: 'small\u0000 (8x12\ninches) & <b>gloss</b>',
    };
    const sheet = { photographer: 'Séan "Ó" <Briain> & Co', copies: [hostile] };
    const svg = certificateSvg(sheet);
    // The title is long enough for two lines; each holds its words escaped.
    expect(svg).toContain('>Rocks &amp; &lt;Waves&gt; &quot;at&quot; Bray&#39;s</text>');
    expect(svg).toContain('>&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;</text>');
    expect(svg).toContain('small (8x12 inches) &amp; &lt;b&gt;gloss&lt;/b&gt;');
    expect(svg).toContain('SÉAN &quot;Ó&quot; &lt;BRIAIN&gt; &amp; CO');
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<Waves>');
    expect(svg).not.toContain('\u0000');
    expect(await pageOf(await certificatePng(sheet))).toMatchObject({
      format: 'png',
      width: 1748,
      height: 2480,
    });
    expect(escapeSvg('a\u2028b\ud800c')).toBe('a bc');
  });

  it('puts every copy of the parcel on the one page, smaller when they would not fit', async () => {
    const copies = [1, 2, 3, 4, 5].map((n) => ({ ...COPY, number: n, code: `code${n}`.padEnd(24, 'a') }));
    const sheet = { photographer: 'Niamh Doyle', copies };
    const svg = certificateSvg(sheet);
    for (const n of [1, 2, 3, 4, 5]) expect(svg).toContain(`Edition ${n} of 30`);
    expect(svg).toMatch(/scale\(0\.\d+\)/);
    expect(await pageOf(await certificatePng(sheet))).toMatchObject({ width: 1748, height: 2480 });
    await expect(certificatePng({ photographer: 'Niamh Doyle', copies: [] })).rejects.toThrow(/at least one/);
  });
});

describe('wrapText', () => {
  it('breaks between words, cuts what is left with an ellipsis, and breaks an address anywhere', () => {
    expect(wrapText('Glendalough Upper Lake at first light', 16, 3)).toEqual([
      'Glendalough',
      'Upper Lake at',
      'first light',
    ]);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('one two three', 9, 1)).toEqual(['one two…']);
    expect(wrapText('https://example.ie/certificate/abc', 12, 4, true)).toEqual([
      'https://exam',
      'ple.ie/certi',
      'ficate/abc',
    ]);
    expect(wrapText('Supercalifragilistic', 8, 3)).toEqual(['Supercal', 'ifragili', 'stic']);
  });
});
