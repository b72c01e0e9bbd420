/** /robots.txt: everything but the API, and where the sitemap is. */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site).toString()}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
