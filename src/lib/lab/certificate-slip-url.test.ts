// The signed address of an order's packing slip: it names the order for a week, and anything else
// (a changed order, expiry or signature, a cut or made-up token, another secret, a print file's
// token, an expired one) is the same 403 with the same sentence.
import { describe, expect, it } from 'vitest';
import { HttpError } from '~/lib/platform/server/http/http';
import {
  CERTIFICATE_SLIP_URL_LIFETIME_S,
  CERTIFICATE_SLIP_URL_PATH,
  certificateSlipOrderOf,
  certificateSlipUrl,
} from './certificate-slip-url.server';
import { printFileUrl } from './print-file-url.server';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const NOW = Date.UTC(2026, 2, 12, 10);
const opts = { siteUrl: 'https://example.ie', now: NOW, secret: SECRET };
const tokenOf = (url: string) =>
  url.slice(url.indexOf(CERTIFICATE_SLIP_URL_PATH) + CERTIFICATE_SLIP_URL_PATH.length);

function refusal(token: string, now = NOW, secret = SECRET): HttpError {
  try {
    certificateSlipOrderOf(token, { now, secret });
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error(`The token was taken: ${token}`);
}

describe('the packing slip address', () => {
  it('names its order for a week', () => {
    const url = certificateSlipUrl('0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', opts);
    expect(url.startsWith('https://example.ie/api/lab/certificates/')).toBe(true);
    const token = tokenOf(url);
    expect(certificateSlipOrderOf(token, { now: NOW, secret: SECRET })).toBe(
      '0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
    const lastSecond = NOW + (CERTIFICATE_SLIP_URL_LIFETIME_S - 1) * 1000;
    expect(certificateSlipOrderOf(token, { now: lastSecond, secret: SECRET })).toBe(
      '0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
  });

  it('refuses every other token alike: changed, cut, made up, foreign or expired', () => {
    const token = tokenOf(certificateSlipUrl('order-1', opts));
    const [order, exp, sig] = token.split('.') as [string, string, string];
    const other = Buffer.from('order-2').toString('base64url');
    const printFile = tokenOf(
      printFileUrl('lab/print-files/order-1/line-1-600x900.jpg', { ...opts }).replace(
        '/api/lab/files/',
        CERTIFICATE_SLIP_URL_PATH,
      ),
    );
    const refusals = [
      refusal(`${other}.${exp}.${sig}`),
      refusal(`${order}.${Number(exp) + 3600}.${sig}`),
      refusal(`${order}.${exp}.${sig.slice(0, -2)}AA`),
      refusal(`${order}.${exp}`),
      refusal(`${order}.${exp}.${sig}.x`),
      refusal(''),
      refusal('not-a-token'),
      refusal(printFile),
      refusal(token, NOW, 'another-secret-of-at-least-thirty-two-characters'),
      refusal(token, NOW + CERTIFICATE_SLIP_URL_LIFETIME_S * 1000),
    ];
    for (const err of refusals) {
      expect([err.status, err.message]).toEqual([403, 'This certificate link is not valid, or has expired.']);
    }
  });

  it('is made only for an order id', () => {
    expect(() => certificateSlipUrl('../orders/1', opts)).toThrow(/Not an order id/);
    expect(() => certificateSlipUrl('', opts)).toThrow(/Not an order id/);
  });
});
