// PUT /api/admin/lab/key { apiKey, environment: 'sandbox' | 'live' }: checks the Prodigi key with
// the lab and keeps it, encrypted; answers { keyFrom, environment }, never the key. A key the lab
// refuses is a 422 on apiKey, the lab unreachable a 503, a key set in the server's environment a
// 409: nothing is saved then. DELETE removes the saved key. Owner only (the route table).
import type { APIRoute } from 'astro';
import { labKeySchema } from '~/lib/lab/lab-key-schemas';
import { labKeyState, removeLabKey, saveLabKey } from '~/lib/lab/lab-keys.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(() => Response.json(labKeyState(getDb()), noStore));

export const PUT: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, labKeySchema);
  return Response.json(await saveLabKey(getDb(), input), noStore);
});

export const DELETE: APIRoute = handle(() => Response.json(removeLabKey(getDb()), noStore));
