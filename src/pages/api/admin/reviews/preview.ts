// GET /api/admin/reviews/preview?order={id}: the review invitation mail a paid or test order's buyer
// gets (a sample order's without `order`), with the orders the owner may choose from and the
// address of the review page's preview. Owner only; makes no link, queues no mail, stores nothing.
import type { APIRoute } from 'astro';
import * as z from 'zod/mini';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { listPreviewOrders, previewReviewFlow, reviewPreviewPath } from '~/lib/reviews/review-preview.server';
import { reviewPreviewQuerySchema } from '~/lib/reviews/review-schema';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = z.safeParse(reviewPreviewQuerySchema, { order: url.searchParams.get('order') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'No such order.');
  const db = getDb();
  const { invite, link: _link, ...mail } = previewReviewFlow(db, parsed.data.order);
  return Response.json(
    {
      orders: listPreviewOrders(db),
      mail: { ...mail, prints: invite.prints.length, pagePath: reviewPreviewPath(mail.orderId) },
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
