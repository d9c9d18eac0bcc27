// PUT /api/website-content: the owner's in-place edit of one text block (owner-only through the
// middleware: every mutation under /api not listed as public).
import type { APIRoute } from 'astro';
import { isKnownBlock, upsertContent } from '~/lib/content/content.server';
import { websiteContentSchema } from '~/lib/content/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';

export const PUT: APIRoute = handle(async ({ request }) => {
  const { section, key, content } = await readJson(request, websiteContentSchema);
  if (!isKnownBlock(section, key)) throw new HttpError(400, `There is no editable text ${section}.${key}.`);
  return Response.json(upsertContent(getDb(), section, key, content));
});
