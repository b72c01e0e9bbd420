/** /manifest.webmanifest: the site as an installable app. */
import type { APIRoute } from 'astro';
import { APP_MANIFEST } from '../lib/app-manifest.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(APP_MANIFEST), { headers: { 'Content-Type': 'application/manifest+json' } });
