// sitemap.xml: the public, indexable pages, with absolute URLs from SITE_URL.
import type { APIRoute } from 'astro';
import { getConfig } from '~/lib/server/config';

export const SITEMAP_PATHS = ['/', '/shop', '/drone-services', '/terms', '/privacy', '/shipping-returns'];

export const GET: APIRoute = () => {
  const site = getConfig().siteUrl;
  const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${site}${p}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
