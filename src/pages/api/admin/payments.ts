// GET /api/admin/payments: the payment set-up in words, never a key's value. Owner only.
import type { APIRoute } from 'astro';
import { getConfig } from '~/lib/server/config';
import { handle } from '~/lib/server/http';
import { getPaymentsInfo } from '~/lib/server/services/payments-info';

export const GET: APIRoute = handle(() => Response.json(getPaymentsInfo(getConfig())));
