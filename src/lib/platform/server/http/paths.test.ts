import { describe, expect, it } from 'vitest';
import { encodePath, normalizePath, splitTarget } from '~/lib/platform/server/http/paths';

describe('normalizePath', () => {
  it('folds every spelling of a path into one', () => {
    for (const raw of [
      '/api/admin/dashboard',
      '//api/admin/dashboard',
      '/./api/admin/dashboard',
      '/.//api/admin/dashboard',
      '/api//admin///dashboard/',
      '/api%2Fadmin%2Fdashboard',
      '/%61pi/%61dmin/dashboard',
      '/x/../api/admin/dashboard',
      '/api/admin/./dashboard',
      '/api/admin/%2e/dashboard',
      '/api/x/%2e%2e/admin/dashboard',
    ]) {
      expect(normalizePath(raw), raw).toBe('/api/admin/dashboard');
    }
  });

  it('keeps the case, the root, and stops .. at the root', () => {
    expect(normalizePath('/Shop')).toBe('/Shop');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('//')).toBe('/');
    expect(normalizePath('/../../etc/passwd')).toBe('/etc/passwd');
  });

  it('refuses what cannot be judged safely', () => {
    for (const raw of [
      'api/admin',
      '/%2561dmin',
      '/%E0%A4%A',
      '/%',
      '/a%00b',
      '/a%0d%0ab',
      '/a%09b',
      '/a%20b',
      '/\\api',
      '/%5Capi',
      '*',
    ]) {
      expect(normalizePath(raw), raw).toBeNull();
    }
  });
});

describe('encodePath and splitTarget', () => {
  it('writes a canonical path back as a URL path that decodes to itself', () => {
    for (const path of ['/shop', '/media/a1/640.jpg', '/caf\u00e9', '/a?b#c']) {
      const encoded = encodePath(path);
      expect(encoded).not.toMatch(/[?#]/);
      expect(normalizePath(encoded)).toBe(path);
    }
  });

  it('splits a request target at the first ?', () => {
    expect(splitTarget('/shop?page=2&x=?')).toEqual({ path: '/shop', query: 'page=2&x=?' });
    expect(splitTarget('/shop')).toEqual({ path: '/shop', query: '' });
  });
});
