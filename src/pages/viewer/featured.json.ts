// GET /viewer/featured.json: the home gallery's photos for the full-screen and zoom viewers
// (titles, descriptions, derivative URLs, and the print page of each photo on sale). Apart from
// the page, so that the home page's HTML keeps within the first round trip; the viewer fetches it
// when a visitor reaches for a card, and the front keeps one copy for every visitor until the next change.
import type { APIRoute } from 'astro';
import { listFeaturedPhotos } from '~/lib/photos/photos.server';
import { getDb } from '~/lib/platform/server/db';
import { printPathsOf } from '~/lib/shop/print-pages.server';
import { HOME_GALLERY_LIMIT } from '~/lib/site/constants';
import { toViewerPhoto, viewerJson } from '~/lib/viewer/viewer-data.server';

export const GET: APIRoute = () => {
  const db = getDb();
  const photos = listFeaturedPhotos(db, HOME_GALLERY_LIMIT);
  const prints = printPathsOf(
    db,
    photos.map((p) => p.id),
  );
  return new Response(viewerJson(photos.map((p) => ({ ...toViewerPhoto(p), printHref: prints.get(p.id) }))), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
