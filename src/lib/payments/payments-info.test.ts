// The Payments tab's facts come from the configuration: the PayPal mode (test without both keys),
// whether each key is set, never a key's value.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getPaymentsInfo } from '~/lib/payments/payments-info.server';
import { buildConfig, parseEnv } from '~/lib/platform/server/config';

const ID = 'AbCdClientIdValue123';
const SECRET = 'EfGhSecretValue456';
const infoFor = (env: Record<string, string>) =>
  getPaymentsInfo(
    buildConfig(
      parseEnv({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'wicklow-pay-')),
        AUTH_SECRET: 'x'.repeat(32),
        ...env,
      }),
    ),
  );

describe('payments info', () => {
  it('is test mode without keys', () => {
    expect(infoFor({})).toEqual({
      mode: 'test',
      clientIdSet: false,
      secretSet: false,
      variables: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_ENV'],
    });
  });

  it('is still test mode with only one of the two keys, and says which is set', () => {
    expect(infoFor({ PAYPAL_CLIENT_ID: ID })).toMatchObject({
      mode: 'test',
      clientIdSet: true,
      secretSet: false,
    });
  });

  it('is sandbox or live with both keys, as PAYPAL_ENV says, and never holds a key', () => {
    const sandbox = infoFor({ PAYPAL_CLIENT_ID: ID, PAYPAL_CLIENT_SECRET: SECRET });
    const live = infoFor({ PAYPAL_CLIENT_ID: ID, PAYPAL_CLIENT_SECRET: SECRET, PAYPAL_ENV: 'live' });
    expect(sandbox).toMatchObject({ mode: 'sandbox', clientIdSet: true, secretSet: true });
    expect(live).toMatchObject({ mode: 'live', clientIdSet: true, secretSet: true });
    for (const info of [sandbox, live]) {
      expect(JSON.stringify(info)).not.toContain(ID);
      expect(JSON.stringify(info)).not.toContain(SECRET);
    }
  });
});
