// POST /api/admin/generate-variants: gives every photo its missing variants at the current prices;
// answers { created }. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { generateMissingVariants } from '~/lib/shop/pricing.server';

export const POST: APIRoute = handle(() => Response.json({ created: generateMissingVariants(getDb()) }));
