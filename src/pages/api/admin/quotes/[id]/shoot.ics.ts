// GET /api/admin/quotes/{id}/shoot.ics: the owner's copy of the shoot's calendar file, the same event
// (the same UID) as the client's, linking to the Jobs tab (the client's link is never stored). Owner
// only; 404 with a sentence for a quote not accepted or without a shoot day.
import type { APIRoute } from 'astro';
import { getQuote } from '~/lib/jobs/quotes.server';
import { shootCalendar } from '~/lib/jobs/shoot-calendar.server';
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) => {
  const quote = getQuote(getDb(), params.id ?? '');
  const ics = shootCalendar(quote, `${getConfig().siteUrl}/admin?tab=jobs`);
  if (!ics)
    throw new HttpError(404, 'The shoot goes into a calendar once the quote is accepted with a shoot day.');
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="drone-shoot.ics"',
      'Cache-Control': 'private, no-store',
    },
  });
});
