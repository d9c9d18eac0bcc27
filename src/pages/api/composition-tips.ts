// GET /api/composition-tips?type=landscape|aerial (owner only, checked in the middleware): { tips }.
import type { APIRoute } from 'astro';
import { COMPOSITION_TIPS } from '~/lib/composition/analysis/tips.server';
import { compositionTipsQuerySchema } from '~/lib/composition/schemas';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = compositionTipsQuerySchema.safeParse({ type: url.searchParams.get('type') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Unknown tip type.');
  return Response.json(
    { tips: COMPOSITION_TIPS[parsed.data.type] },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
