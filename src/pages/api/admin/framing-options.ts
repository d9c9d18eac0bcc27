// GET /api/admin/framing-options: every frame, switched on or off, small to large. Owner only.
import type { APIRoute } from 'astro';
import { adminFraming } from '~/lib/server/admin-shapes';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listFramingOptions } from '~/lib/server/services/pricing';

export const GET: APIRoute = handle(() => Response.json(listFramingOptions(getDb()).map(adminFraming)));
