import { describe, expect, it } from 'vitest';
import { cacheKey, robotsRules, ruleFor, whoMay } from '~/lib/platform/server/http/route-table';

const q = (s: string) => new URLSearchParams(s);

describe('the route table', () => {
  it('closes owner pages and owner endpoints, in any case', () => {
    expect(whoMay('GET', '/admin')).toBe('owner');
    expect(whoMay('GET', '/ADMIN')).toBe('owner');
    expect(whoMay('GET', '/background-editor/x')).toBe('owner');
    expect(whoMay('GET', '/api/admin/dashboard')).toBe('owner');
    expect(whoMay('GET', '/api/orders')).toBe('owner');
    expect(whoMay('GET', '/api/composition-tips')).toBe('owner');
  });

  it('lets anyone read public pages and endpoints, and the bio picture', () => {
    expect(whoMay('GET', '/')).toBe('public');
    expect(whoMay('GET', '/api/photos')).toBe('public');
    expect(whoMay('GET', '/api/admin/profile')).toBe('public');
    expect(whoMay('PUT', '/api/admin/profile')).toBe('owner');
  });

  it('keeps every change for the owner except what a visitor may send', () => {
    expect(whoMay('PUT', '/api/website-content')).toBe('owner');
    expect(whoMay('POST', '/api/objects/upload')).toBe('owner');
    expect(whoMay('POST', '/api/contact')).toBe('public');
    expect(whoMay('POST', '/api/contact/x')).toBe('owner');
    expect(whoMay('POST', '/api/paypal/order')).toBe('public');
    expect(whoMay('POST', '/api/paypal/order/ABC/capture')).toBe('public');
    expect(whoMay('POST', '/api/paypal/order/ABC/refund')).toBe('owner');
    expect(whoMay('PUT', '/api/objects/signed/token')).toBe('public');
  });

  it('lets a buyer open a review link and send a review, and keeps the reviews for the owner', () => {
    expect(ruleFor('/review/token')).toMatchObject({
      read: 'public',
      write: 'owner',
      cache: false,
      index: false,
    });
    expect(cacheKey('/review/token', q(''))).toBeNull();
    expect(whoMay('POST', '/api/reviews')).toBe('public');
    expect(whoMay('POST', '/api/reviews/x')).toBe('owner');
    expect(whoMay('GET', '/api/admin/reviews')).toBe('owner');
    expect(whoMay('PATCH', '/api/admin/reviews/id')).toBe('owner');
    expect(robotsRules()).toContain('Disallow: /review');
  });

  it('is safe for a path nobody listed: readable, owner-only to change, never cached, not indexed', () => {
    const rule = ruleFor('/something-new/x');
    expect(rule).toMatchObject({ read: 'public', write: 'owner', cache: false, index: false });
    expect(whoMay('DELETE', '/something-new')).toBe('owner');
    expect(cacheKey('/something-new', q(''))).toBeNull();
  });
});

describe('cacheKey', () => {
  it('keeps only the query parameters a page reads, in canonical form', () => {
    expect(cacheKey('/shop', q('bust=1'))).toBe('/shop');
    expect(cacheKey('/shop', q('page=1'))).toBe('/shop');
    expect(cacheKey('/shop', q('page=3&utm_source=x'))).toBe('/shop?page=3');
    // One copy of the shop's list for every visitor, whatever the query.
    expect(cacheKey('/shop/data.json', q('page=3'))).toBe('/shop/data.json');
    expect(cacheKey('/shop', q('page=abc'))).toBe('/shop');
    expect(cacheKey('/shop', q('page=100000'))).toBe('/shop');
    expect(cacheKey('/', q('sent=1&x=2'))).toBe('/?sent=1');
    expect(cacheKey('/', q('sent=<script>'))).toBe('/');
  });

  it('never caches owner pages or the API, but the public list of products', () => {
    for (const path of [
      '/admin',
      '/background-editor',
      '/api/photos',
      '/api/admin/dashboard',
      '/api/products/x',
      '/api/product-variants',
    ]) {
      expect(cacheKey(path, q('')), path).toBeNull();
    }
    expect(cacheKey('/api/products', q('bust=1'))).toBe('/api/products');
  });

  it("caches the checkout's frame, never an order's outcome", () => {
    expect(cacheKey('/checkout', q(''))).toBe('/checkout');
    expect(cacheKey('/checkout', q('utm_source=x&bust=1'))).toBe('/checkout');
    for (const query of [
      'success=true&orderId=ABC',
      'pending=true&orderId=ABC',
      'orderId=ABC',
      'success=1',
    ]) {
      expect(cacheKey('/checkout', q(query)), query).toBeNull();
    }
  });
});

describe('robotsRules', () => {
  it('closes owner pages, the checkout and the API, with the Open Graph image open', () => {
    const rules = robotsRules();
    for (const line of [
      'Disallow: /admin',
      'Disallow: /background-editor',
      'Disallow: /checkout',
      'Disallow: /api',
    ]) {
      expect(rules).toContain(line);
    }
    expect(rules).toContain('Allow: /api/photos/featured/og-image');
    expect(rules).not.toContain('Disallow: /shop');
    // The shop's list for its client-side filter is data, not a page for search engines.
    expect(rules).toContain('Disallow: /shop/data.json');
  });
});
