// GET /api/admin/payments: the payment set-up in words, never a key's value. Owner only.
import type { APIRoute } from 'astro';
import { getPaymentsInfo } from '~/lib/payments/payments-info.server';
import { getConfig } from '~/lib/platform/server/config';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() => Response.json(getPaymentsInfo(getConfig())));
