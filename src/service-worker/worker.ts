/**
 * The site's service worker (docs/product.md §3.7), built by the publish
 * step into `/sw.js` after the list of files it precaches (see SiteShell).
 *
 * - The shell (the offline page, the island bundles and styles, the icons
 *   and the manifest) is precached; a new list is a new version, which waits
 *   until the reader chooses Reload on the page's prompt.
 * - Built pages are served stale while revalidated, keyed by their path
 *   (static pages are the same for every query and reader); a few are kept
 *   at install so the app opens offline.
 * - Public API reads go to the network first and fall back to the last
 *   answer; a token link's answer (an email's link) is never kept. Answers to a signed-in reader are `no-store` and never kept,
 *   except their favorites and their screens, which go to a cache of that
 *   reader's own, dropped when the pages name another reader.
 * - What is neither reachable nor kept: the offline page for a page, a
 *   network error for the rest.
 * - An alert's push shows a notification; a click on it brings a window of
 *   the site to its address (docs/product.md §15.7).
 */
/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  ACCOUNT_CACHE_PREFIX,
  CACHE_NAMES,
  OFFLINE_PATH,
  PRIVATE_READS,
  PUSH_SUBSCRIPTIONS_PATH,
  SCREEN_KEY_PREFIX,
  SCREEN_PATH,
  SCREENS_KEPT,
  SHELL_GLOBAL,
  WARM_PAGES,
  accountCacheName,
  alertNotification,
  isTokenLink,
  pageCacheKey,
  sha256Hex,
  type PageMessage,
  type SiteShell,
} from '../lib/service-worker.ts';

declare let self: ServiceWorkerGlobalScope & { [SHELL_GLOBAL]: SiteShell };

const shell = self[SHELL_GLOBAL];
const origin = self.location.origin;
/** Pages are kept per version: a new shell's pages may need its bundles, so the old version's pages go with it. */
const PAGES_PREFIX = `${CACHE_NAMES.pages}-`;
const pagesCache = `${PAGES_PREFIX}${shell.version}`;
/** How long an API answer may be waited for before the kept one is shown (the site's own timeout is 10 s). */
const API_WAIT_SECONDS = 6;

/** Whether an answer may be kept for anyone: a whole 200 that is neither private nor redirected. */
function publicAnswer(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    !/\b(no-store|private)\b/i.test(response.headers.get('cache-control') ?? '')
  );
}

const keepPublic: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (publicAnswer(response) ? response : null),
};
const keepOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
};
const pageKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(request.url),
};
/** A page the site no longer has (a deleted article) is no longer shown from the device either. */
const forgetGonePages: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 404 || response.status === 410) {
      await (await caches.open(pagesCache)).delete(pageCacheKey(request.url));
    }
    return response;
  },
};

precacheAndRoute(shell.files);
cleanupOutdatedCaches();

// -- The reader the pages name ------------------------------------------------------------------------------------

const ACCOUNT_NOTE = '/__account';
let account: Promise<string | null> | null = null;

/** The reader the pages last named (kept across the worker's restarts), null for a guest. */
function currentAccount(): Promise<string | null> {
  account ??= caches
    .open(CACHE_NAMES.meta)
    .then((cache) => cache.match(ACCOUNT_NOTE))
    .then(async (note) => (note ? ((await note.json()) as { account: string | null }).account : null))
    .catch(() => null);
  return account;
}

/**
 * A page named its reader: another reader's private caches go, and the
 * reader's favorites are read once so they open offline before they were
 * ever visited.
 */
async function nameAccount(next: string | null): Promise<void> {
  const previous = await currentAccount();
  account = Promise.resolve(next);
  const keep = accountCacheName(next);
  for (const name of await caches.keys()) {
    if (name.startsWith(ACCOUNT_CACHE_PREFIX) && name !== keep) await caches.delete(name);
  }
  if (previous !== next) {
    const meta = await caches.open(CACHE_NAMES.meta);
    await meta.put(ACCOUNT_NOTE, new Response(JSON.stringify({ account: next })));
  }
  if (next === null) return;
  const mine = await caches.open(keep);
  for (const read of PRIVATE_READS) {
    if (await mine.match(read)) continue;
    const response = await fetch(read, { credentials: 'same-origin' }).catch(() => null);
    // Only while the same reader is named: the answer is theirs.
    if (response?.status === 200 && (await currentAccount()) === next) await mine.put(read, response);
  }
}

// -- Pages --------------------------------------------------------------------------------------------------------

const pages = new StaleWhileRevalidate({
  cacheName: pagesCache,
  plugins: [pageKey, keepPublic, forgetGonePages, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === origin && !url.pathname.startsWith('/api/'),
  pages,
);

/** The pages the app opens on, kept at install. One that cannot be read now is simply not kept. */
async function warmPages(): Promise<void> {
  const cache = await caches.open(pagesCache);
  await Promise.all(
    WARM_PAGES.map(async (path) => {
      const response = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
      if (response && publicAnswer(response)) await cache.put(pageCacheKey(new URL(path, origin).href), response);
    }),
  );
}

// -- API reads ----------------------------------------------------------------------------------------------------

const publicReads = new NetworkFirst({
  cacheName: CACHE_NAMES.api,
  networkTimeoutSeconds: API_WAIT_SECONDS,
  plugins: [keepPublic, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 86_400, purgeOnQuotaError: true })],
});
/** One strategy per reader's cache (a strategy's cache is fixed). */
const privateReads = new Map<string, NetworkFirst>();

registerRoute(
  ({ url }) => url.origin === origin && url.pathname.startsWith('/api/'),
  async (options) => {
    if (isTokenLink(options.url)) return fetch(options.request);
    if (!PRIVATE_READS.includes(options.url.pathname)) return publicReads.handle(options);
    const reader = await currentAccount();
    // A guest has no favorites to keep: the call goes out as it is.
    if (reader === null) return fetch(options.request);
    const name = accountCacheName(reader);
    let strategy = privateReads.get(name);
    if (!strategy) {
      strategy = new NetworkFirst({ cacheName: name, networkTimeoutSeconds: API_WAIT_SECONDS, plugins: [keepOk] });
      privateReads.set(name, strategy);
    }
    return strategy.handle(options);
  },
  'GET',
);

/** The newest SCREENS_KEPT screens stay; the cache lists its keys oldest first. */
async function trimScreens(cache: Cache): Promise<void> {
  const screens = (await cache.keys()).filter((key) => new URL(key.url).pathname.startsWith(SCREEN_KEY_PREFIX));
  for (const key of screens.slice(0, Math.max(0, screens.length - SCREENS_KEPT))) await cache.delete(key);
}

/**
 * A screen (a POST): answered by the network, and kept under the hash of its
 * query in the reader's cache (its rows say which are the reader's
 * favorites); offline, the same screen is answered from there.
 */
registerRoute(
  ({ url }) => url.origin === origin && url.pathname === SCREEN_PATH,
  async ({ request }) => {
    const key = `${SCREEN_KEY_PREFIX}${await sha256Hex(await request.clone().text())}`;
    const cache = await caches.open(accountCacheName(await currentAccount()));
    try {
      const response = await fetch(request);
      if (response.status === 200) {
        await cache.put(key, response.clone());
        await trimScreens(cache);
      }
      return response;
    } catch (error) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw error;
    }
  },
  'POST',
);

// -- Offline, versions and messages -------------------------------------------------------------------------------

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PATH)) ?? Response.error();
  return Response.error();
});

self.addEventListener('install', (event) => event.waitUntil(warmPages()));

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PAGES_PREFIX) && name !== pagesCache) await caches.delete(name);
      }
      // What an earlier version kept of token links goes.
      const api = await caches.open(CACHE_NAMES.api);
      for (const key of await api.keys()) if (isTokenLink(new URL(key.url))) await api.delete(key);
    })(),
  );
});

// The first version takes the open pages at once (nothing to replace); later ones wait for the reader's Reload.
clientsClaim();

/** The device's push subscription ends: the site forgets it (its endpoint is the secret), then the browser. */
async function endPush(): Promise<void> {
  const subscription = await self.registration.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  await fetch(PUSH_SUBSCRIPTIONS_PATH, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => null);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * After a sign-out nothing the worker kept stays, the device gets no more of
 * the reader's alerts, and the worker goes; the next page registers a fresh one.
 */
async function signOut(): Promise<void> {
  account = Promise.resolve(null);
  await endPush();
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
  await self.registration.unregister();
}

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | null;
  if (message?.type === 'take-over') void self.skipWaiting();
  else if (message?.type === 'account') event.waitUntil(nameAccount(message.account));
  // Sent as the page signs out, before it moves on: the worker finishes the work whatever the page does next.
  else if (message?.type === 'sign-out') event.waitUntil(signOut());
});

// -- Alerts by push -----------------------------------------------------------------------------------------------

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = { title: event.data?.text() ?? '' };
  }
  const { title, options } = alertNotification(data, origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** A click on an alert: a window of the site already on its address comes forward, else one opens there. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? `${origin}/`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return void (await open.focus());
      await self.clients.openWindow(url);
    })(),
  );
});
