// POST /api/contact (SPEC §7): validate with the shared schema, store, mail the owner, 429 beyond
// 5 enquiries per address per hour. Public (listed in access.ts PUBLIC_MUTATIONS).
import type { APIRoute } from 'astro';
import { getDb } from '../../lib/server/db';
import { HttpError, handle, readJson } from '../../lib/server/http';
import { submitInquiry } from '../../lib/server/services/contact';
import { contactSchema } from '../../lib/shared/schemas';

/** A body this large cannot be a valid enquiry (5,000 characters of message at most). */
const MAX_BODY_BYTES = 64 * 1024;

export const POST: APIRoute = handle(async ({ request }) => {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new HttpError(413, 'The message is too large.');
  const data = await readJson(request, contactSchema);
  const result = await submitInquiry(getDb(), data);
  return Response.json({ id: result.id, message: 'Message sent' }, { status: 201 });
});
