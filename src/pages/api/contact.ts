// POST /api/contact: validate with the shared schema, store, mail the owner, 429 beyond
// 5 enquiries per address per hour. Public (listed in access.ts PUBLIC_MUTATIONS).
// JSON from the enhanced form; a plain HTML form post (no JavaScript) is answered with a redirect.
import type { APIRoute } from 'astro';
import { submitInquiry } from '~/lib/enquiries/contact.server';
import { contactSchema } from '~/lib/enquiries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, MAX_FORM_BYTES, readForm, readJson } from '~/lib/platform/server/http/http';
import { contactIpLimiter } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ request, locals }) => {
  const limitByAddress = () => {
    if (contactIpLimiter.hit(locals.clientIp) > 0) {
      throw new HttpError(
        429,
        'Too many messages were sent from your connection. Please try again in an hour.',
      );
    }
  };
  // A body over 64 KB cannot be a valid enquiry (5,000 characters of message at most): 413.
  if ((request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(await readForm(request, MAX_FORM_BYTES));
    const parsed = contactSchema.safeParse(form);
    let ok = parsed.success;
    if (parsed.success) {
      limitByAddress();
      ok = await submitInquiry(getDb(), parsed.data).then(
        () => true,
        () => false,
      );
    }
    return new Response(null, { status: 303, headers: { Location: `/?sent=${ok ? 1 : 0}#contact` } });
  }
  const data = await readJson(request, contactSchema, MAX_FORM_BYTES);
  limitByAddress();
  const result = await submitInquiry(getDb(), data);
  return Response.json({ id: result.id, message: 'Message sent' }, { status: 201 });
});
