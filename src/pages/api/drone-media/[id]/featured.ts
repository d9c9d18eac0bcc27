// PUT /api/drone-media/{id}/featured (owner only, checked in the middleware): this video becomes
// the featured one, and no other stays featured.
import type { APIRoute } from 'astro';
import { setFeaturedVideo } from '~/lib/drone/drone-media.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const PUT: APIRoute = handle(({ params }) =>
  Response.json(setFeaturedVideo(getDb(), params.id ?? '')),
);
