// POST /api/admin/generate-variants: gives every photo its missing variants at the current prices;
// answers { created }. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { generateMissingVariants } from '~/lib/server/services/pricing';

export const POST: APIRoute = handle(() => Response.json({ created: generateMissingVariants(getDb()) }));
