// POST /api/admin/mail/{id}/retry: 'Send again' for a failed mail; it is queued for delivery now.
// 404 for an unknown id, 409 for a mail that has not failed. Owner only.
import type { APIRoute } from 'astro';
import { sendFailedMailAgain } from '~/lib/admin/failed-mails.server';
import { mailRetrySchema } from '~/lib/admin/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(({ params }) => {
  const parsed = mailRetrySchema.safeParse({ id: params.id });
  if (!parsed.success) throw new HttpError(404, 'No such mail.');
  return Response.json(sendFailedMailAgain(getDb(), parsed.data.id));
});
