// GET /api/paypal/setup: the client token and which backend this site runs (live, sandbox or test).
// One address may open 60 payment sessions an hour (rate-limit.ts, paypalSetupLimiter); beyond, 429
// with Retry-After, before PayPal is asked for anything.
import type { APIRoute } from 'astro';
import { getConfig } from '~/lib/server/config';
import { handle, jsonError } from '~/lib/server/http';
import { getLog } from '~/lib/server/log';
import { getPaypalClient } from '~/lib/server/payments';
import { paypalSetupLimiter, tooManyRequests, waitInWords } from '~/lib/server/rate-limit';

export const GET: APIRoute = handle(async ({ locals }) => {
  const wait = paypalSetupLimiter.hit(locals.clientIp);
  if (wait > 0) {
    return tooManyRequests(
      `Too many payment sessions were opened from your connection. Please try again in ${waitInWords(wait)}.`,
      wait,
    );
  }
  const { paypal } = getConfig();
  let clientToken: string;
  try {
    clientToken = await getPaypalClient().generateClientToken();
  } catch (err) {
    getLog().error({ err }, 'PayPal client token failed');
    return jsonError(502, 'PayPal payment failed');
  }
  return Response.json(
    { clientToken, mode: paypal.mode, clientId: paypal.mode === 'test' ? undefined : paypal.clientId },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
