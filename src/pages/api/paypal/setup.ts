// GET /api/paypal/setup: the client token and which backend this site runs (live, sandbox or test).
import type { APIRoute } from 'astro';
import { getConfig } from '~/lib/server/config';
import { handle, jsonError } from '~/lib/server/http';
import { getLog } from '~/lib/server/log';
import { getPaypalClient } from '~/lib/server/payments';

export const GET: APIRoute = handle(async () => {
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
