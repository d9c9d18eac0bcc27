// POST /api/admin/quotes/{id}/release: "Release the downloads now": the job's gallery is released
// whatever the balance (its downloads open and the client is mailed its link). Owner only.
import type { APIRoute } from 'astro';
import { releaseJobGallery } from '~/lib/jobs/job-gallery.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(({ params }) =>
  Response.json(releaseJobGallery(getDb(), params.id ?? '')),
);
