// Redirect targets after sign-in: only a path on this site is followed; anything that a browser could
// read as another origin, or that could not be written into a Location header, falls back.
import { describe, expect, it } from 'vitest';
import { safeNextPath } from '~/lib/platform/shared/sign-in';

const BASE = 'http://site.invalid';

const HOSTILE = [
  '/\t/evil.example/phish',
  '/%09/evil.example/phish',
  '/\n/evil.example',
  '/%0a/x',
  '/%0A/x',
  '/%0d%0aSet-Cookie:%20x=1',
  '/\r\nLocation: https://evil.example',
  '/\u0000/evil.example',
  '/%00/evil.example',
  '/ /evil.example',
  '/%20/evil.example',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/%E2%80%A8/evil.example',
  '/\u3000/evil.example',
  '/\u007f/evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2e//evil.example',
  'https://evil.example',
  'http:evil.example',
  'HTTPS://evil.example/admin',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '',
  ' /admin',
  '\t/admin',
  '/admin\n',
  '/%',
  '/%zz',
  '/%E0%A4%A',
  '/%C0%AF/evil.example',
  `/${'a'.repeat(5000)}`,
  `/admin?${'x'.repeat(100_000)}`,
];

describe('safeNextPath', () => {
  const named = HOSTILE.map((t) => [JSON.stringify(t).slice(0, 48), t] as const);
  it.each(named)('falls back for %s', (_name, target) => {
    expect(safeNextPath(target)).toBe('/admin');
    expect(safeNextPath(target, '/')).toBe('/');
  });

  it('falls back for a missing target', () => {
    expect(safeNextPath(undefined)).toBe('/admin');
    expect(safeNextPath(null)).toBe('/admin');
  });

  it.each([
    ['/admin', '/admin'],
    ['/', '/'],
    ['/shop?category=coastal', '/shop?category=coastal'],
    ['/admin/orders?page=2#recent', '/admin/orders?page=2#recent'],
    ['/composition-analysis', '/composition-analysis'],
    ['/caf%C3%A9', '/caf%C3%A9'],
  ])('keeps the same-site path %j', (target, expected) => {
    expect(safeNextPath(target)).toBe(expected);
  });

  it('never gives anything a browser would resolve to another origin or a header could not hold', () => {
    const pieces = [
      '/',
      '//',
      '\\',
      '%2F',
      '%5C',
      '%09',
      '%0a',
      '.',
      '..',
      'evil.example',
      ':',
      '@',
      '?',
      '#',
      '\t',
      ' ',
    ];
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const target = `/${a}${b}${c}`;
          const out = safeNextPath(target);
          expect(out.startsWith('/') && !out.startsWith('//') && !out.startsWith('/\\'), target).toBe(true);
          expect(new URL(out, BASE).origin, target).toBe(BASE);
          expect(
            /\s/.test(out) || [...out].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f'),
            target,
          ).toBe(false);
          expect(() => new Headers({ Location: out }), target).not.toThrow();
        }
      }
    }
  });
});
