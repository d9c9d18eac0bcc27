// The Stripe keys: from the environment, live keys refused unless allowed; from the admin, the
// secret key checked with Stripe (here its local double) before the keys are kept, encrypted, never
// answered back (only their last 4 characters), and removable, which turns cards off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { readSecret } from '~/lib/platform/server/secrets/stored-secrets';
import { appMeta } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { cardsOn, STRIPE_SECRET_KEY_NAME } from './stripe-access.server';
import { makeStripe, resetStripe } from './stripe-client.server';
import { type StripeDouble, startStripeDouble } from './stripe-double.server';
import { stripeKeysSchema } from './stripe-key-schemas';
import { removeStripeKeys, saveStripeKeys, stripeKeyState } from './stripe-keys.server';

tempDataDir('stripe-keys');
const KEYS = {
  secretKey: 'sk_test_adminkey0123456789',
  publishableKey: 'pk_test_adminkey0123456789',
  webhookSecret: 'whsec_adminkey0123456789',
};

let double: StripeDouble;
let db: Db;
beforeAll(async () => {
  double = await startStripeDouble();
});
afterAll(() => double.close());
beforeEach(() => {
  db = memoryDb();
  resetStripe();
});
const toDouble = (key: string) => makeStripe(key, double.url);

describe('Stripe keys in the environment', () => {
  it('refuses live keys unless STRIPE_ALLOW_LIVE says so, and a key without its partner', () => {
    const live = {
      STRIPE_SECRET_KEY: 'sk_live_abc0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc0123456789',
    };
    expect(() => parseEnv(live)).toThrow(ConfigError);
    expect(() => parseEnv(live)).toThrow(/STRIPE_ALLOW_LIVE=1/);
    expect(parseEnv({ ...live, STRIPE_ALLOW_LIVE: '1' }).STRIPE_SECRET_KEY).toBe(live.STRIPE_SECRET_KEY);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc0123456789' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});

describe('Stripe keys saved in the admin', () => {
  it('keeps keys Stripe accepts, encrypted, and answers only their last 4 characters', async () => {
    expect(cardsOn(db)).toBe(false);
    const input = stripeKeysSchema.parse(KEYS);
    const state = await saveStripeKeys(db, input, toDouble);
    expect(state).toMatchObject({
      mode: 'test',
      keyFrom: 'admin',
      secretKeyLast4: '6789',
      publishableKeyLast4: '6789',
      webhookSecretSet: true,
    });
    expect(JSON.stringify(state)).not.toContain(KEYS.secretKey);
    expect(readSecret(db, STRIPE_SECRET_KEY_NAME)).toBe(KEYS.secretKey);
    expect(JSON.stringify(db.select().from(appMeta).all())).not.toContain(KEYS.secretKey);
    expect(cardsOn(db)).toBe(true);

    expect(removeStripeKeys(db)).toMatchObject({ mode: 'off', keyFrom: 'none' });
    expect(cardsOn(db)).toBe(false);
  });

  it('saves nothing when Stripe refuses the secret key', async () => {
    const input = stripeKeysSchema.parse({
      ...KEYS,
      secretKey: 'rk_live_notadouble0123',
      live: true,
      publishableKey: 'pk_live_notadouble0123',
    });
    await expect(saveStripeKeys(db, input, toDouble)).rejects.toMatchObject({ status: 422 });
    expect(stripeKeyState(db).mode).toBe('off');
  });

  it('refuses live keys unless the owner ticks that they take real money', () => {
    const live = { ...KEYS, secretKey: 'sk_live_abc0123456789', publishableKey: 'pk_live_abc0123456789' };
    expect(stripeKeysSchema.safeParse(live).success).toBe(false);
    expect(stripeKeysSchema.safeParse({ ...live, live: true }).success).toBe(true);
  });
});
