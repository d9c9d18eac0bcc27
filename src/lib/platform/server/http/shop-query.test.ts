// The shop's view in its address: read back with unknown values refused, written without defaults,
// and never part of the page cache's key (the server renders /shop the same for every view).
import { describe, expect, it } from 'vitest';
import { cacheKey } from '~/lib/platform/server/http/route-table';
import { queryForView, viewFromQuery } from '~/lib/shop/shop-filter';

const CATEGORIES = ['all', 'coastal', 'mountains'];
const SORTS = ['all', 'featured', 'price-asc'];

describe('the shop view in the query string', () => {
  it('reads the search, category and sort, and falls back to all for values the page does not offer', () => {
    expect(viewFromQuery('?q=lake&category=coastal&sort=price-asc', CATEGORIES, SORTS)).toEqual({
      q: 'lake',
      category: 'coastal',
      sort: 'price-asc',
    });
    expect(viewFromQuery('?category=<b>&sort=cheapest', CATEGORIES, SORTS)).toEqual({
      q: '',
      category: 'all',
      sort: 'all',
    });
  });

  it('writes only what differs from the default view, and keeps other parameters', () => {
    expect(queryForView('', { q: 'lough tay', category: 'coastal', sort: 'all' })).toBe(
      '?q=lough+tay&category=coastal',
    );
    expect(queryForView('?q=lake&utm_source=ig', { q: '  ', category: 'all', sort: 'all' })).toBe(
      '?utm_source=ig',
    );
    expect(queryForView('?sort=featured', { q: '', category: 'all', sort: 'all' })).toBe('');
  });

  it('every view of /shop is the one cached page', () => {
    const key = (query: string) => cacheKey('/shop', new URLSearchParams(query));
    expect(key('q=lake&category=coastal&sort=price-asc')).toBe('/shop');
    expect(key('q=lake&page=2')).toBe('/shop?page=2');
  });
});
