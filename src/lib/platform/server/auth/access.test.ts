import { describe, expect, it } from 'vitest';
import { accessFor, isCrossSite } from '~/lib/platform/server/auth/access';

describe('accessFor', () => {
  it('closes admin pages and admin endpoints to everyone but the owner', () => {
    expect(accessFor('GET', '/admin')).toBe('owner-page');
    expect(accessFor('GET', '/background-editor')).toBe('owner-page');
    expect(accessFor('GET', '/api/admin/dashboard')).toBe('owner-api');
    expect(accessFor('GET', '/api/orders')).toBe('owner-api');
  });

  it('closes every mutation except the few a visitor may make', () => {
    expect(accessFor('PUT', '/api/website-content')).toBe('owner-api');
    expect(accessFor('POST', '/api/drone-media')).toBe('owner-api');
    expect(accessFor('DELETE', '/api/background-images/x')).toBe('owner-api');
    expect(accessFor('POST', '/api/objects/upload')).toBe('owner-api');
    expect(accessFor('POST', '/api/contact')).toBe('public');
    expect(accessFor('POST', '/api/paypal/order')).toBe('public');
    expect(accessFor('POST', '/api/paypal/order/ABC123/capture')).toBe('public');
    expect(accessFor('POST', '/api/login')).toBe('public');
  });

  it('leaves public reads open, including the bio picture read', () => {
    expect(accessFor('GET', '/')).toBe('public');
    expect(accessFor('GET', '/api/photos')).toBe('public');
    expect(accessFor('GET', '/api/admin/profile')).toBe('public');
    expect(accessFor('PUT', '/api/admin/profile')).toBe('owner-api');
  });
});

describe('isCrossSite', () => {
  const allowed = ['http://localhost:4321'];
  it('refuses a mutation from another origin', () => {
    expect(isCrossSite('POST', new Headers({ origin: 'https://evil.example' }), allowed)).toBe(true);
    expect(isCrossSite('POST', new Headers({ 'sec-fetch-site': 'cross-site' }), allowed)).toBe(true);
    expect(isCrossSite('POST', new Headers({ origin: 'null' }), allowed)).toBe(true);
  });
  it('lets same-origin mutations and all reads through', () => {
    expect(isCrossSite('POST', new Headers({ origin: 'http://localhost:4321' }), allowed)).toBe(false);
    expect(isCrossSite('GET', new Headers({ origin: 'https://evil.example' }), allowed)).toBe(false);
    expect(isCrossSite('POST', new Headers(), allowed)).toBe(false);
  });
});
