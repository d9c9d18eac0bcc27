// GET /quote/{token}/pdf: the client's quote as a PDF, with the same figures as the page. The same
// 404 as the page for a link that opens nothing; never cached.
import type { APIRoute } from 'astro';
import { quoteByToken, UNKNOWN_LINK } from '~/lib/jobs/quote-client.server';
import { renderQuotePdf } from '~/lib/jobs/quote-pdf.server';
import { quoteView } from '~/lib/jobs/quote-view.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(async ({ params }) => {
  const db = getDb();
  const quote = quoteByToken(db, params.token ?? '');
  if (!quote || quote.status === 'draft') throw new HttpError(404, UNKNOWN_LINK);
  const pdf = await renderQuotePdf(db, quoteView(db, quote));
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="quote.pdf"',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
});
