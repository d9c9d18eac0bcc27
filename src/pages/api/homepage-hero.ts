// GET /api/homepage-hero: { imageUrl, altText, photo } of the hero, or { imageUrl: null } when none.
import type { APIRoute } from 'astro';
import { getHeroImage } from '~/lib/photos/public-photos.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() =>
  Response.json(getHeroImage(getDb()) ?? { imageUrl: null, altText: null, photo: null }, {
    headers: { 'Cache-Control': 'no-cache' },
  }),
);
