// GET /api/admin/framing-options: every frame, switched on or off, small to large. Owner only.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { adminFraming } from '~/lib/shop/price-views.server';
import { listFramingOptions } from '~/lib/shop/pricing.server';

export const GET: APIRoute = handle(() => Response.json(listFramingOptions(getDb()).map(adminFraming)));
