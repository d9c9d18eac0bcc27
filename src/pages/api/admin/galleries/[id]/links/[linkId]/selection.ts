// GET /api/admin/galleries/{id}/links/{linkId}/selection: the photos the recipient chose, with their
// notes, as JSON ({ files, lightroom }), or ?format=csv as a CSV file. Owner only (the route table).
import type { APIRoute } from 'astro';
import { lightroomList, selectionCsv, selectionOf } from '~/lib/galleries/gallery-selection.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, jsonError } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params, url }) => {
  const files = selectionOf(getDb(), params.id ?? '', params.linkId ?? '');
  const format = url.searchParams.get('format') ?? 'json';
  if (format === 'csv') {
    return new Response(selectionCsv(files), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="selection.csv"',
        'Cache-Control': 'no-store',
      },
    });
  }
  if (format !== 'json') return jsonError(400, 'The format is json or csv.');
  return Response.json(
    { files, lightroom: lightroomList(files) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
