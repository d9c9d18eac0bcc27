// POST /api/lab/callback: the print lab's word that one of its orders changed. The lab posts it
// unsigned, so nothing in it is believed but the id of the order it names: an order this shop never
// sent is refused (404) without asking the lab; any other is read again from the lab with the
// shop's key, and that reading is applied (lib/orders/lab-order-status.server.ts). 400 for a body
// that is not a lab callback, 413 beyond 256 KB, 404 for an order the lab or the shop does not know,
// 503 while the lab is off or cannot be reached to check (the lab posts again later).
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { isLabAnswerError, isLabRefused, isLabUnavailable } from '~/lib/lab/lab';
import { getLab } from '~/lib/lab/lab-backend.server';
import { applyLabOrder } from '~/lib/orders/lab-order-status.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, MAX_JSON_BYTES, readBody } from '~/lib/platform/server/http/http';
import { labOrders } from '~db/schema';

const UNKNOWN = 'This shop has sent the lab no such order.';

export const POST: APIRoute = handle(async ({ request }) => {
  const lab = getLab();
  if (!lab) throw new HttpError(503, 'This site sends no orders to a print lab.');
  const body = new TextDecoder().decode(await readBody(request, MAX_JSON_BYTES));
  const verdict = lab.parseCallback(body);
  if (!verdict.ok) throw new HttpError(400, verdict.reason);
  const db = getDb();
  const known = db
    .select({ orderId: labOrders.orderId })
    .from(labOrders)
    .where(eq(labOrders.labOrderId, verdict.orderId))
    .get();
  if (!known) throw new HttpError(404, UNKNOWN);
  let order: Awaited<ReturnType<typeof lab.getOrder>>;
  try {
    order = await lab.getOrder(verdict.orderId);
  } catch (err) {
    if (isLabRefused(err)) throw new HttpError(404, `${lab.name} does not know this order.`);
    if (isLabUnavailable(err) || isLabAnswerError(err)) {
      throw new HttpError(
        503,
        `${lab.name} could not be asked about this order; please send it again later.`,
      );
    }
    throw err;
  }
  const applied = await applyLabOrder(db, order, { labName: lab.name });
  if (applied === 'unknown') throw new HttpError(404, UNKNOWN);
  return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
});
