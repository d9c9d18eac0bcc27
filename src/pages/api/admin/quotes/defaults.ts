// GET /api/admin/quotes/defaults: what a new quote starts with (packages at the half-day price, the
// owner's VAT rate, the default terms, the travel rate, the last day). Owner only.
import type { APIRoute } from 'astro';
import { quoteDefaults } from '~/lib/jobs/quote-settings.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() => Response.json(quoteDefaults(getDb())));
