// GET /api/admin/payments/stripe: whether cards are taken (test or live), where the keys come from,
// the last 4 characters of each and the webhook address; never a key. PUT { secretKey,
// publishableKey, webhookSecret?, live } checks the secret key with Stripe and keeps the keys,
// encrypted (422 a key Stripe refuses or live keys without `live`, 409 keys set in the environment,
// 503 Stripe unreachable: nothing saved). DELETE removes them. Owner only (the route table).
import type { APIRoute } from 'astro';
import { stripeKeysSchema } from '~/lib/payments/stripe-key-schemas';
import { removeStripeKeys, saveStripeKeys, stripeKeyState } from '~/lib/payments/stripe-keys.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(() => Response.json(stripeKeyState(getDb()), noStore));

export const PUT: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, stripeKeysSchema);
  return Response.json(await saveStripeKeys(getDb(), input), noStore);
});

export const DELETE: APIRoute = handle(() => Response.json(removeStripeKeys(getDb()), noStore));
