// POST /api/admin/quotes/{id}/withdraw: the quote can no longer be accepted; its link says so.
// Owner only.
import type { APIRoute } from 'astro';
import { withdrawQuote } from '~/lib/jobs/quotes.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(({ params }) => Response.json(withdrawQuote(getDb(), params.id ?? '')));
