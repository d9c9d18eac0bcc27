// GET /api/admin/lab/margins: for each print the lab makes, the shop's price, the VAT inside it,
// the lab's cost and delivery (one copy to Ireland, the owner's delivery method), and what is left
// for the owner. A product the lab cannot price now carries a `problem` instead of figures.
// Owner only (the route table).
import type { APIRoute } from 'astro';
import { getLab } from '~/lib/lab/lab-backend.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { labMargins } from '~/lib/selling/lab-margins.server';

export const GET: APIRoute = handle(async () =>
  Response.json(
    { margins: await labMargins(getDb(), getLab()) },
    { headers: { 'Cache-Control': 'no-store' } },
  ),
);
