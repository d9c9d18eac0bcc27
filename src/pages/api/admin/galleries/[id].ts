// GET /api/admin/galleries/{id}: the gallery with its files (state and error each) and its links.
// PUT: changes the fields sent (pin: 4 digits, or null for none; released: true to release a
// proofing gallery, which mails each recipient with an address a fresh link). DELETE: the gallery, its links, and its stored files. Owner only (the route table).
import type { APIRoute } from 'astro';
import {
  deleteGallery,
  findGallery,
  galleryFileJson,
  galleryJson,
  listGalleryFiles,
  updateGallery,
} from '~/lib/galleries/galleries.server';
import { linkJson, listLinks } from '~/lib/galleries/gallery-links.server';
import { galleryUpdateSchema } from '~/lib/galleries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) => {
  const db = getDb();
  const id = params.id ?? '';
  const now = new Date();
  const gallery = findGallery(db, id);
  return Response.json({
    gallery: galleryJson(gallery, now),
    files: listGalleryFiles(db, id).map(galleryFileJson),
    links: listLinks(db, id).map((l) => linkJson(l, gallery, now)),
  });
});

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, galleryUpdateSchema);
  return Response.json(galleryJson(updateGallery(getDb(), params.id ?? '', input), new Date()));
});

export const DELETE: APIRoute = handle(async ({ params }) => {
  return Response.json(await deleteGallery(getDb(), params.id ?? ''));
});
