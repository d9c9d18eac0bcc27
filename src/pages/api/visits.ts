// POST /api/visits: a shop event from a page (a print added to the cart), for the funnel of the
// owner's Visitors card. Public: any visitor's page sends it, with no cookie; the route table lists
// it so. A body over 1 KB is a 413, bad JSON or an unknown event a 400, another site's origin a 403
// (src/middleware.ts). Robots, the owner, and repeats from one address within a minute are answered
// the same 204 and not counted. Page views need no call: the server counts the page request itself.
// A request without a session cookie is answered by the node:http front itself, through the same
// recordVisitEvent (server/front-api.ts).
import type { APIRoute } from 'astro';
import { handle, readBody } from '~/lib/platform/server/http/http';
import { recordVisitEvent } from '~/lib/visits/record-event.server';
import { MAX_VISIT_EVENT_BYTES } from '~/lib/visits/schemas';

export const POST: APIRoute = handle(async ({ request, locals }) => {
  recordVisitEvent(await readBody(request, MAX_VISIT_EVENT_BYTES), {
    address: locals.clientIp,
    userAgent: request.headers.get('user-agent'),
    owner: locals.isAdmin,
  });
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});
