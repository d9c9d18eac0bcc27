// The checkout's Content-Security-Policy with card payments: Stripe.js, its frames and its API are
// allowed only when the page offers cards, beside PayPal's when both are on.
import { describe, expect, it } from 'vitest';
import { pagePolicy } from '~/lib/platform/server/render/csp';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('the page policy with Stripe', () => {
  it('allows Stripe.js, its frames and its API when cards are offered', () => {
    const policy = pagePolicy({ scriptHashes: [], paypal: false, stripe: true, media: null });
    expect(directive(policy, 'script-src')).toBe("'self' https://js.stripe.com https://*.js.stripe.com");
    expect(directive(policy, 'frame-src')).toBe(
      'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    );
    expect(directive(policy, 'connect-src')).toBe("'self' https://api.stripe.com");
  });

  it('names Stripe nowhere when cards are not offered', () => {
    const policy = pagePolicy({ scriptHashes: [], paypal: true, stripe: false, media: null });
    expect(policy).not.toContain('stripe');
    expect(directive(policy, 'frame-src')).toBe('https://*.paypal.com https://*.paypalobjects.com');
  });
});
