// PUT /api/admin/photos/{id}/homepage-hero (owner only, no body): this photo becomes the one hero.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { setHomepageHero } from '~/lib/server/services/photo-admin';

export const PUT: APIRoute = handle(({ params }) => Response.json(setHomepageHero(getDb(), params.id ?? '')));
