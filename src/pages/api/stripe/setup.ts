// GET /api/stripe/setup: whether the checkout offers cards, and the publishable key Stripe.js needs
// ({ mode: 'test' | 'live', publishableKey }); { mode: 'off' } without Stripe keys, and the checkout
// then shows nothing about cards. Never a secret.
import type { APIRoute } from 'astro';
import { stripeAccess } from '~/lib/payments/stripe-access.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() => {
  const { mode, publishableKey } = stripeAccess(getDb());
  const body = mode === 'off' ? { mode } : { mode, publishableKey };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
});
