// robots.txt: everything public is open; owner pages, the API and the checkout are not for crawlers.
import type { APIRoute } from 'astro';
import { getConfig } from '../lib/server/config';

export const GET: APIRoute = () => {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /background-editor',
    'Disallow: /checkout',
    'Disallow: /api/',
    'Allow: /api/photos/featured/og-image',
    '',
    `Sitemap: ${getConfig().siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
