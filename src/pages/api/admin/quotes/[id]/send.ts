// POST /api/admin/quotes/{id}/send: mails the client a fresh link to the quote (and its PDF's
// address); the quote is then sent. Owner only.
import type { APIRoute } from 'astro';
import { sendQuote } from '~/lib/jobs/quotes.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(({ params }) => Response.json(sendQuote(getDb(), params.id ?? '')));
