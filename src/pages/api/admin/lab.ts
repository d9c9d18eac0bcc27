// GET /api/admin/lab: the print lab card: the lab's mode (live, sandbox, test or off), each print
// the shop sells (its products unframed, and framed where they take a frame) made by the owner or
// by the lab (its product code, attributes and sizing), whether lab orders wait for the owner's
// approval, and the lab's delivery speed.
// PUT /api/admin/lab { prints: [{ size, finish, framed, madeBy, sku, sizing, attributes }],
// holdForApproval, shippingMethod }: saves the whole card and answers it as stored. Each new or
// changed product code is checked with the lab first: bad input is a 400, a code the lab does not
// know a 422 naming it and the lab's reason ({ message, field }), no lab on this site or a print the
// shop no longer sells a 409, the lab unreachable a 503; in each case nothing is saved. Once saved, the lab is asked what it charges
// for each of its prints (lab-costs.server.ts), for the price lists that price them as a margin
// over that cost; a lab that cannot answer now leaves the costs as they were. Owner only (the route
// table).
import type { APIRoute } from 'astro';
import { readLabCard, saveLabCard } from '~/lib/lab/lab-admin.server';
import { labCardSchema } from '~/lib/lab/lab-admin-schemas';
import { getLab, labMode } from '~/lib/lab/lab-backend.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { refreshLabCosts } from '~/lib/selling/lab-costs.server';
import { shopPrints } from '~/lib/shop/shop-prints.server';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(() =>
  Response.json(readLabCard(getDb(), labMode(), shopPrints(getDb())), noStore),
);

export const PUT: APIRoute = handle(async ({ request }) => {
  const card = await readJson(request, labCardSchema);
  const lab = getLab();
  const saved = await saveLabCard(getDb(), lab, labMode(), card, shopPrints(getDb()));
  if (lab) await refreshLabCosts(getDb(), lab);
  return Response.json(saved, noStore);
});
