/**
 * Serves the published static site: content types, immutable caching for
 * hashed assets, revalidation (ETag) for HTML, and the .br/.gz variants
 * written at publish time. Unknown paths get the site's 404 page with 404.
 * An article newer than the published build is shown by a shell page that
 * loads it until the rebuild brings its own page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { COMPANY_TABS } from '../../../lib/company.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { MAX_ID } from '../../platform/http/fields.ts';
import { shareIsLive } from '../chat/index.ts';
import { newsExists } from '../news/index.ts';
import { sitePolicy } from './csp.ts';
import { BUNDLES_DIR, COMPRESSIBLE, CONTENT_TYPES, resolveSiteFile, statFile, type Found } from './published-files.ts';
import { WORKER_FILE } from './service-worker.ts';
import type { SiteState } from './state.ts';

function pickEncoding(c: Context, file: string): { file: string; encoding: string | null } {
  if (!COMPRESSIBLE.has(path.extname(file))) return { file, encoding: null };
  const accept = c.req.header('accept-encoding') ?? '';
  if (/\bbr\b/.test(accept) && fs.existsSync(`${file}.br`)) return { file: `${file}.br`, encoding: 'br' };
  if (/\bgzip\b/.test(accept) && fs.existsSync(`${file}.gz`)) return { file: `${file}.gz`, encoding: 'gzip' };
  return { file, encoding: null };
}

/**
 * Pages, and the service worker with them: revalidated on every visit (a
 * new version is seen at once) and run under the site's policy (the worker
 * fetches from the site's own origin only).
 */
const isPageOrWorker = (root: string, file: string) =>
  file.endsWith('.html') || path.relative(root, file) === WORKER_FILE;

function cacheControl(root: string, file: string): string {
  if (path.relative(root, file).startsWith(`${BUNDLES_DIR}${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (isPageOrWorker(root, file)) return 'no-cache';
  return 'public, max-age=3600, must-revalidate';
}

function respondWithFile(c: Context, root: string, found: Found, status: 200 | 404): Response {
  const { file, stat } = found;
  const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': status === 404 ? 'no-cache' : cacheControl(root, file),
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  };
  if (isPageOrWorker(root, file)) headers['Content-Security-Policy'] = sitePolicy(root);
  if (status === 200 && c.req.header('if-none-match') === etag) {
    return new Response(null, { status: 304, headers });
  }
  const chosen = pickEncoding(c, file);
  if (chosen.encoding) headers['Content-Encoding'] = chosen.encoding;
  const body = c.req.method === 'HEAD' ? null : fs.readFileSync(chosen.file);
  headers['Content-Length'] = String(body ? body.byteLength : (statFile(chosen.file)?.size ?? 0));
  return new Response(body, { status, headers });
}

const COMPANY_TAB_SLUGS = new Set<string>(COMPANY_TABS.map((t) => t.slug));

const VIDEO_PATH = /^\/(video|media)\/[^/]+\/?$|^\/stocks\/[^/]+\/videos\/[^/]+\/?$/;

/** /events/form/{form_id}/{zoom_id}, and the same address with an id missing (the page says so). */
const REGISTRATION_PATH = /^\/events\/form\/[^/]+(\/[^/]*)?\/?$/;

/**
 * The site's answer to a GET/HEAD that is not an API call. `complete` says
 * whether the published site is whole (a new site has only its first pages
 * for a while, see src/build/build-phase.ts); it is asked only when no file
 * answers.
 */
export function serveSite(
  c: Context,
  root: string | null,
  asPath?: string,
  complete: () => boolean = () => true,
): Response {
  if (root === null) return buildingPage();
  if (asPath) {
    const shell = resolveSiteFile(root, asPath);
    if (shell) return respondWithFile(c, root, shell, 200);
  }
  // /videos/{id} is another address of a video page.
  const videoChild = /^\/videos\/(\d+)\/?$/.exec(c.req.path);
  if (videoChild) return c.redirect(`/video/${videoChild[1]}`, 301);
  const found = resolveSiteFile(root, c.req.path);
  if (found) return respondWithFile(c, root, found, 200);
  // Tickers are upper case: /stocks/abcd is /stocks/ABCD. A company that is not a client has
  // one page, so its tab addresses lead there (its market data is that page).
  const stock = /^\/stocks\/([A-Za-z.-]{1,12})(\/[a-z-]+)?\/?$/.exec(c.req.path);
  if (stock && !VIDEO_PATH.test(c.req.path)) {
    const symbol = stock[1]!.toUpperCase();
    if (symbol !== stock[1] && resolveSiteFile(root, `/stocks/${symbol}${stock[2] ?? ''}/`))
      return c.redirect(`/stocks/${symbol}${stock[2] ?? ''}`, 301);
    if (stock[2] && COMPANY_TAB_SLUGS.has(stock[2].slice(1)) && resolveSiteFile(root, `/stocks/${symbol}/`))
      return c.redirect(`/stocks/${symbol}`, 302);
  }
  // Every registration link is served by the one registration page, which reads its ids from the address.
  if (REGISTRATION_PATH.test(c.req.path)) {
    const shell = resolveSiteFile(root, '/events/form/');
    if (shell) return respondWithFile(c, root, shell, 200);
  }
  // An unknown video address shows the newest video rather than an error (docs/product.md §11.3).
  if (VIDEO_PATH.test(c.req.path)) {
    const first = resolveSiteFile(root, '/video/');
    if (first) return respondWithFile(c, root, first, 200);
  }
  // A new site serves its first pages while the rest is built: a page not there yet is being prepared.
  if (!complete())
    return buildingPage('This page is being prepared', 'It will be ready in a minute; the page reloads by itself.');
  const page404 = statFile(path.join(root, '404.html'));
  if (page404) return respondWithFile(c, root, { file: path.join(root, '404.html'), stat: page404 }, 404);
  return new Response('404 - Page Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}

function buildingPage(
  title = 'The site is being built',
  text = 'This takes a minute on the first start. The page reloads by itself.',
): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>${title}</title><style>body{font-family:system-ui,sans-serif;background:#111;color:#eee;display:grid;place-items:center;min-height:100vh;margin:0}main{text-align:center;padding:1rem}p{color:#bbb}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': '5',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': sitePolicy(null),
    },
  });
}

/** A RedChat share link: its page is one shell that reads the conversation by the token in the address. */
const SHARED_CHAT_PATH = /^\/redchat\/shared\/([A-Za-z0-9_-]{1,100})\/?$/;

/** Every GET or HEAD that no other route took: the published site. */
export function siteRoutes(site: SiteState) {
  const isComplete = () => site.status().complete;
  return (
    new Hono<AppEnv>()
      // A shared conversation: the shell, with 404 once the link is revoked (the page then says so), never indexed.
      .on(['GET', 'HEAD'], '/redchat/shared/:token', async (c, next) => {
        const root = site.currentDir();
        const token = SHARED_CHAT_PATH.exec(c.req.path)?.[1];
        const shell = root ? resolveSiteFile(root, '/redchat/shared/') : null;
        if (!root || !token || !shell) return next();
        const live = /^[A-Za-z0-9_-]{43}$/.test(token) && (await shareIsLive(c.var.db, token));
        const response = respondWithFile(c, root, shell, live ? 200 : 404);
        response.headers.set('X-Robots-Tag', 'noindex');
        response.headers.set('Cache-Control', 'no-store');
        return response;
      })
      // The chat frame, when it is served at an origin of its own, may be framed by the site's pages.
      .on(['GET', 'HEAD'], '/redchat/frame/*', async (c, next) => {
        await next();
        const { frameOrigin } = c.var.config.chat;
        const policy = c.res.headers.get('Content-Security-Policy');
        if (frameOrigin && policy) {
          const host = new URL(c.var.config.siteUrl).origin;
          c.res.headers.set(
            'Content-Security-Policy',
            policy.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${host}`),
          );
        }
      })
      // An article newer than the published build: its page comes with the rebuild; until then a shell loads it.
      .on(['GET', 'HEAD'], '/news/:id{[0-9]+}', async (c, next) => {
        const root = site.currentDir();
        const id = Number(c.req.param('id'));
        if (!root || resolveSiteFile(root, c.req.path) || !Number.isSafeInteger(id) || id > MAX_ID) return next();
        if (!(await newsExists(c.var.db, id))) return next();
        return serveSite(c, root, '/news/article/', isComplete);
      })
      .on(['GET', 'HEAD'], '*', (c) => serveSite(c, site.currentDir(), undefined, isComplete))
  );
}
