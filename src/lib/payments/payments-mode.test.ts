// A site takes only test payments when PayPal is the built-in fake or off and cards are on Stripe's
// test keys or off: each mix of the two providers' modes, and the rule read from a site's settings.
import { afterEach, describe, expect, it } from 'vitest';
import { type PaypalMode, resetConfigForTests } from '~/lib/platform/server/config';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { onlyTestPayments, takesOnlyTestPayments } from './payments-mode.server';
import { resetStripeAccess, type StripeMode } from './stripe-access.server';

tempDataDir('payments-mode');

describe('the rule on the providers’ modes', () => {
  const PAYPAL: PaypalMode[] = ['test', 'off', 'sandbox', 'live'];
  const STRIPE: StripeMode[] = ['test', 'off', 'live'];
  const mixes = PAYPAL.flatMap((paypal) => STRIPE.map((stripe) => [paypal, stripe] as const));

  it.each(mixes)('PayPal %s with cards %s', (paypal, stripe) => {
    const testOnly = (paypal === 'test' || paypal === 'off') && stripe !== 'live';
    expect(onlyTestPayments(paypal, stripe)).toBe(testOnly);
  });

  it('counts a PayPal sandbox as taking real payments, as its payments are not marked as tests', () => {
    expect(onlyTestPayments('sandbox', 'off')).toBe(false);
  });
});

describe('the rule on a site’s settings', () => {
  const NAMES = [
    'PAYPAL_CLIENT_ID',
    'PAYPAL_CLIENT_SECRET',
    'PAYPAL_ENV',
    'PAYPAL_MODE',
    'SITE_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_ALLOW_LIVE',
  ];
  const saved = new Map(NAMES.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
    resetStripeAccess();
  });

  /** The rule on a site configured with `env` alone. */
  function siteWith(env: Record<string, string>): boolean {
    for (const name of NAMES) delete process.env[name];
    Object.assign(process.env, env);
    resetConfigForTests();
    resetStripeAccess();
    return takesOnlyTestPayments(memoryDb());
  }

  const PAYPAL_KEYS = { PAYPAL_CLIENT_ID: 'client-id-0123', PAYPAL_CLIENT_SECRET: 'secret-0123' };
  const TEST_CARDS = {
    STRIPE_SECRET_KEY: 'sk_test_mode0123456789',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_mode0123456789',
  };
  const LIVE_CARDS = {
    STRIPE_SECRET_KEY: 'sk_live_mode0123456789',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_mode0123456789',
    STRIPE_ALLOW_LIVE: '1',
  };

  it('is true without PayPal keys and with no cards or Stripe’s test keys', () => {
    expect(siteWith({})).toBe(true);
    expect(siteWith(TEST_CARDS)).toBe(true);
    // An https site without PayPal keys has PayPal off.
    expect(siteWith({ SITE_URL: 'https://example.ie', ...TEST_CARDS })).toBe(true);
  });

  it('is false with PayPal keys, live or sandbox, or with Stripe’s live keys', () => {
    expect(siteWith({ ...PAYPAL_KEYS, PAYPAL_ENV: 'live' })).toBe(false);
    expect(siteWith({ ...PAYPAL_KEYS, PAYPAL_ENV: 'sandbox' })).toBe(false);
    expect(siteWith(LIVE_CARDS)).toBe(false);
    expect(siteWith({ SITE_URL: 'https://example.ie', ...LIVE_CARDS })).toBe(false);
  });
});
