// robots.txt: everything public is open; what the route table marks as not for robots (owner
// pages, the API, the checkout) is closed.
import type { APIRoute } from 'astro';
import { getConfig } from '~/lib/platform/server/config';
import { robotsRules } from '~/lib/platform/server/http/route-table';

export const GET: APIRoute = () => {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...robotsRules(),
    '',
    `Sitemap: ${getConfig().siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
