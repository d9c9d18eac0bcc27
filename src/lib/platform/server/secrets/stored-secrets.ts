// Secrets the owner types into the admin (a print lab's API key, a payment provider's keys), kept
// in the database encrypted, never in clear: AES-256-GCM under a key derived from the site secret
// (AUTH_SECRET, or the secret file in the data directory) with HKDF, so a copy of the database
// alone does not give them away. Each value has its own random 96-bit nonce; GCM's tag refuses a
// value that was altered or encrypted under another site secret. Stored in app_meta as
// `secret:<name>` → "v1.<nonce>.<tag>.<ciphertext>" (base64url).
// Written by hand over node:crypto: it is a few lines of the standard's own primitives.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appMeta } from '~db/schema';
import { getConfig } from '../config';
import type { Db, Tx } from '../db';

const PREFIX = 'secret:';
const INFO = 'wicklow stored secrets v1';

function keyFrom(siteSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', siteSecret, Buffer.alloc(0), INFO, 32));
}

/** The stored form of `plain`: encrypted and authenticated under the site secret. */
export function sealSecret(plain: string, siteSecret = getConfig().authSecret): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(siteSecret), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const b64 = (b: Buffer) => b.toString('base64url');
  return `v1.${b64(nonce)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
}

/** The plain text of a stored secret, or null when it was altered or sealed under another secret. */
export function openSecret(sealed: string, siteSecret = getConfig().authSecret): string | null {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(siteSecret), Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** Saves a secret under `name`, or removes it when `plain` is null. */
export function saveSecret(db: Db | Tx, name: string, plain: string | null): void {
  const key = `${PREFIX}${name}`;
  if (plain === null) {
    db.delete(appMeta).where(eq(appMeta.key, key)).run();
    return;
  }
  const value = sealSecret(plain);
  db.insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } })
    .run();
}

/**
 * The secret saved under `name`, or null when none is saved or it cannot be opened (the site
 * secret changed since: the owner must enter it again).
 */
export function readSecret(db: Db | Tx, name: string): string | null {
  const row = db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, `${PREFIX}${name}`))
    .get();
  return row ? openSecret(row.value) : null;
}
