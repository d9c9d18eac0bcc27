// GET /api/admin/print-fit: for every photo, each print size's resolution and whether it fits. Owner only.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listPrintFit } from '~/lib/server/services/print-fit';
import { MIN_PRINT_PPI } from '~/lib/shared/print-fit';

export const GET: APIRoute = handle(() =>
  Response.json({ minPpi: MIN_PRINT_PPI, photos: listPrintFit(getDb()) }),
);
