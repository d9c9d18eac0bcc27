// sitemap.xml: the public, indexable pages, with absolute URLs from SITE_URL: the fixed pages, then
// the page of every print on sale (a hidden photo, or one too small for any size, has none).
import type { APIRoute } from 'astro';
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { listPrintSlugs, printPath } from '~/lib/shop/print-pages.server';

export const SITEMAP_PATHS = ['/', '/shop', '/drone-services', '/terms', '/privacy', '/shipping-returns'];

export const GET: APIRoute = () => {
  const site = getConfig().siteUrl;
  // Slugs are lower-case ASCII letters, digits and hyphens: nothing in them needs escaping in XML.
  const paths = [...SITEMAP_PATHS, ...listPrintSlugs(getDb()).map(printPath)];
  const urls = paths.map((p) => `  <url><loc>${site}${p}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
