// GET /api/paypal/setup: the client token and which backend this site runs (live, sandbox or test).
// When payments are not set up (payments/index.ts) it says so, with the sentence the checkout shows
// in place of any payment button; creating an order is then refused. One address may open 60
// payment sessions an hour (rate-limit.ts, paypalSetupLimiter); beyond, 429 with Retry-After,
// before PayPal is asked for anything.
import type { APIRoute } from 'astro';
import { getPaypalClient, PAYMENTS_OFF_MESSAGE } from '~/lib/payments/backend.server';
import { getConfig } from '~/lib/platform/server/config';
import { handle, jsonError } from '~/lib/platform/server/http/http';
import { paypalSetupLimiter, tooManyRequests, waitInWords } from '~/lib/platform/server/http/rate-limit';
import { getLog } from '~/lib/platform/server/log';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(async ({ locals }) => {
  const wait = paypalSetupLimiter.hit(locals.clientIp);
  if (wait > 0) {
    return tooManyRequests(
      `Too many payment sessions were opened from your connection. Please try again in ${waitInWords(wait)}.`,
      wait,
    );
  }
  const { paypal } = getConfig();
  if (paypal.mode === 'off') return Response.json({ mode: 'off', message: PAYMENTS_OFF_MESSAGE }, noStore);
  let clientToken: string;
  try {
    clientToken = await getPaypalClient().generateClientToken();
  } catch (err) {
    getLog().error({ err }, 'PayPal client token failed');
    return jsonError(502, 'PayPal payment failed');
  }
  return Response.json(
    { clientToken, mode: paypal.mode, clientId: paypal.mode === 'test' ? undefined : paypal.clientId },
    noStore,
  );
});
