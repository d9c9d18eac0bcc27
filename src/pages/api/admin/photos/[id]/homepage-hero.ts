// PUT /api/admin/photos/{id}/homepage-hero (owner only, no body): this photo becomes the one hero.
import type { APIRoute } from 'astro';
import { setHomepageHero } from '~/lib/photos/photo-admin.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const PUT: APIRoute = handle(({ params }) => Response.json(setHomepageHero(getDb(), params.id ?? '')));
