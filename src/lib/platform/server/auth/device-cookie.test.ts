import { describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  deviceToken,
  isValidDeviceToken,
} from '~/lib/platform/server/auth/device-cookie';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const OWNER = 'owner@example.com';
const NOW = Date.UTC(2025, 5, 1);

describe('device cookie', () => {
  it('is valid for the account it was made for, however the e-mail is spelt', () => {
    const token = deviceToken(SECRET, OWNER, NOW);
    expect(isValidDeviceToken(SECRET, token, OWNER, NOW)).toBe(true);
    expect(isValidDeviceToken(SECRET, token, '  Owner@Example.COM ', NOW + 60_000)).toBe(true);
  });

  it('names the account only through its MAC: the e-mail is not in the value', () => {
    expect(deviceToken(SECRET, OWNER, NOW)).not.toMatch(/owner|example/i);
  });

  it('gives nothing to another account, another secret, a changed time or a changed MAC', () => {
    const token = deviceToken(SECRET, OWNER, NOW);
    const [issuedAt, mac] = token.split('.') as [string, string];
    expect(isValidDeviceToken(SECRET, token, 'other@example.com', NOW)).toBe(false);
    expect(isValidDeviceToken(`${SECRET}-other`, token, OWNER, NOW)).toBe(false);
    expect(isValidDeviceToken(SECRET, `${Number(issuedAt) + 1}.${mac}`, OWNER, NOW)).toBe(false);
    const flipped = `${issuedAt}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(isValidDeviceToken(SECRET, flipped, OWNER, NOW)).toBe(false);
    for (const garbage of ['', '.', `${issuedAt}.`, `x.${mac}`, `${token}.x`, `${issuedAt}.${mac}=`])
      expect(isValidDeviceToken(SECRET, garbage, OWNER, NOW), garbage).toBe(false);
    expect(isValidDeviceToken(SECRET, token, '', NOW)).toBe(false);
    expect(isValidDeviceToken(SECRET, token, undefined, NOW)).toBe(false);
  });

  it('lasts a year, and one made far ahead of the clock is not believed', () => {
    const token = deviceToken(SECRET, OWNER, NOW);
    const year = DEVICE_COOKIE_MAX_AGE_SECONDS * 1000;
    expect(isValidDeviceToken(SECRET, token, OWNER, NOW + year)).toBe(true);
    expect(isValidDeviceToken(SECRET, token, OWNER, NOW + year + 1000)).toBe(false);
    expect(isValidDeviceToken(SECRET, token, OWNER, NOW - 60_000)).toBe(true);
    expect(isValidDeviceToken(SECRET, token, OWNER, NOW - 60 * 60_000)).toBe(false);
  });
});
