// GET /quote/{token}/shoot.ics: the shoot of the accepted quote the link opens, as a calendar file
// (an all-day event on the shoot day). The same 404 as the page for a link that opens nothing, and
// 404 with a sentence for a quote not accepted or without a shoot day; never cached.
import type { APIRoute } from 'astro';
import { quoteByToken, UNKNOWN_LINK } from '~/lib/jobs/quote-client.server';
import { quoteUrl } from '~/lib/jobs/quote-token.server';
import { quoteView } from '~/lib/jobs/quote-view.server';
import { shootCalendar } from '~/lib/jobs/shoot-calendar.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(async ({ params }) => {
  const db = getDb();
  const token = params.token ?? '';
  const quote = quoteByToken(db, token);
  if (!quote || quote.status === 'draft') throw new HttpError(404, UNKNOWN_LINK);
  const ics = shootCalendar(quoteView(db, quote), quoteUrl(token));
  if (!ics)
    throw new HttpError(404, 'The shoot goes into a calendar once the quote is accepted with a shoot day.');
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="drone-shoot.ics"',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
});
