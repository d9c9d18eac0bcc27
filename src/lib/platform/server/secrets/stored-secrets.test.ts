// Secrets typed into the admin are stored encrypted and authenticated under the site secret.
import { describe, expect, it } from 'vitest';
import { appMeta } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { openSecret, readSecret, saveSecret, sealSecret } from './stored-secrets';

const SITE = 'a-site-secret-of-at-least-32-characters!!';

describe('stored secrets', () => {
  it('seals a secret so that only the same site secret opens it', () => {
    const sealed = sealSecret('sandbox_abc123', SITE);
    expect(sealed).not.toContain('sandbox_abc123');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(openSecret(sealed, SITE)).toBe('sandbox_abc123');
    expect(openSecret(sealed, `${SITE}x`)).toBeNull();
    // Two seals of the same text differ (a nonce each).
    expect(sealSecret('sandbox_abc123', SITE)).not.toBe(sealed);
  });

  it('refuses a sealed value that was altered, cut or is not one', () => {
    const sealed = sealSecret('live_key', SITE);
    const [v, nonce, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body.slice(0, -2)}${body.endsWith('A') ? 'B' : 'A'}${body.slice(-1)}`;
    expect(openSecret(`${v}.${nonce}.${tag}.${flipped}`, SITE)).toBeNull();
    expect(openSecret(`${v}.${nonce}.${tag}`, SITE)).toBeNull();
    expect(openSecret('live_key', SITE)).toBeNull();
    expect(openSecret(`v2.${nonce}.${tag}.${body}`, SITE)).toBeNull();
  });

  it('saves, reads, replaces and removes a secret in the database, never in clear', () => {
    const db = memoryDb();
    expect(readSecret(db, 'prodigi-api-key')).toBeNull();
    saveSecret(db, 'prodigi-api-key', 'sandbox_first');
    saveSecret(db, 'prodigi-api-key', 'sandbox_second');
    expect(readSecret(db, 'prodigi-api-key')).toBe('sandbox_second');
    const rows = db.select().from(appMeta).all();
    expect(JSON.stringify(rows)).not.toContain('sandbox_second');
    saveSecret(db, 'prodigi-api-key', null);
    expect(readSecret(db, 'prodigi-api-key')).toBeNull();
  });
});
