// GET /api/admin/oss: whether the shop is registered for the One-Stop-Shop, and every covered
// country's rate per product class in percent, with its seeded default.
// PUT /api/admin/oss { registered?, rates?: { DE: { edition: 7 }, … } }: all or nothing; a rate
// outside 0 to 100 or a country outside the table is a 400 that changes nothing. Owner only (the
// route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { ossSettingsJson, updateOssSettings } from '~/lib/selling/oss.server';
import { ossSettingsSchema } from '~/lib/selling/owner-schemas';

const answer = () => Response.json(ossSettingsJson(getDb()), { headers: { 'Cache-Control': 'no-store' } });

export const GET: APIRoute = handle(answer);

export const PUT: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, ossSettingsSchema);
  updateOssSettings(getDb(), input);
  return answer();
});
