// GET /api/admin/print-fit: for every photo, each print size's resolution and whether it fits. Owner only.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { MIN_PRINT_PPI } from '~/lib/shop/print-fit';
import { listPrintFit } from '~/lib/shop/print-fit.server';

export const GET: APIRoute = handle(() =>
  Response.json({ minPpi: MIN_PRINT_PPI, photos: listPrintFit(getDb()) }),
);
