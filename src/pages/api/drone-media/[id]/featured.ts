// PUT /api/drone-media/{id}/featured (owner only, checked in the middleware): this video becomes
// the featured one, and no other stays featured.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { setFeaturedVideo } from '~/lib/server/services/drone-media';

export const PUT: APIRoute = handle(({ params }) =>
  Response.json(setFeaturedVideo(getDb(), params.id ?? '')),
);
