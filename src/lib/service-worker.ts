/**
 * What the site's pages and its service worker agree on (docs/product.md
 * §3.7): where the worker is, the messages a page sends it, the caches it
 * keeps, and which private answers it may keep for the signed-in reader.
 * Imported by both sides, so neither spells a name the other reads.
 */

/** The worker's address: at the root, so its scope is the whole site. */
export const WORKER_PATH = '/sw.js';

/** The page shown for an address that is neither reachable nor kept. */
export const OFFLINE_PATH = '/offline/';

/**
 * Pages kept when the worker installs, so the app opens offline on its
 * front door, the screener and the favorites even before they were visited.
 */
export const WARM_PAGES = [
  '/',
  '/stocks',
  '/favorites',
  '/favorites/Companies',
  '/favorites/Newsletter',
  '/favorites/Events',
  '/favorites/Resources',
  '/favorites/Screens',
];

/**
 * The private reads kept for the signed-in reader (their favorites and saved screens), in a
 * cache of that reader's own. Every other answer to a signed-in reader is
 * `no-store` and never kept.
 */
export const PRIVATE_READS = [
  '/api/stock/favorites',
  '/api/news/favorites',
  '/api/videos/favorites',
  '/api/events/favorites',
  '/api/screens',
];

/**
 * A token link's address (an email's unsubscribe, preference or stop link, a confirmation link): its
 * answer names an address and what it gets, so the worker never keeps it, whatever it says.
 */
export const isTokenLink = (url: URL): boolean => url.searchParams.has('t') || url.searchParams.has('token');

/** Screens are asked by POST; the last ones answered are kept under these keys (by the query's hash). */
export const SCREEN_PATH = '/api/graphql';
export const SCREEN_KEY_PREFIX = '/__screens/';
/** Screens kept per reader: the newest ones. */
export const SCREENS_KEPT = 20;

export const CACHE_NAMES = {
  /** Built pages, served stale while revalidated. */
  pages: 'pages',
  /** Public API answers, network first. */
  api: 'api',
  /** The worker's own notes (which reader the pages last named). */
  meta: 'meta',
} as const;

/** The cache of one reader's private answers and screens; `guest` for a visitor who is not signed in. */
export const ACCOUNT_CACHE_PREFIX = 'account-';
export const accountCacheName = (account: string | null) => `${ACCOUNT_CACHE_PREFIX}${account ?? 'guest'}`;

/** A page names the reader it shows (a key derived from their address, or null for a guest). */
export interface AccountMessage {
  type: 'account';
  account: string | null;
}
/** The reader signed out: the worker ends the device's push subscription, drops everything it kept and unregisters itself. */
export interface SignOutMessage {
  type: 'sign-out';
}
/** A page asks the waiting new version to take over (the reader chose Reload). */
export interface TakeOverMessage {
  type: 'take-over';
}
export type PageMessage = AccountMessage | SignOutMessage | TakeOverMessage;

/** What the publish step writes before the worker's code: the files to precache, and the version they make. */
export interface SiteShell {
  version: string;
  files: { url: string; revision: string | null }[];
}
/** The global the shell is written to. */
export const SHELL_GLOBAL = '__SITE_SHELL__';

/**
 * The key a built page is kept under: its address without the query, the
 * fragment or a trailing slash (the site's pages are static: `/stocks/`,
 * `/stocks` and `/stocks?sector=…` are one page).
 */
export function pageCacheKey(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname.replace(/\/+$/, '') || '/'}`;
}

/** The SHA-256 of a text in hex (pages and the worker key what they keep by it). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where the site keeps a device's push subscription (docs/product.md §15.7): POST to add, DELETE to forget. */
export const PUSH_SUBSCRIPTIONS_PATH = '/api/alerts/push-subscriptions';
/** The picture an alert's notification shows: the app's icon. */
export const PUSH_ICON = '/icons/icon-192.png';

/** What an alert's push carries (JSON). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * The notification an alert's push shows: its title and body, the app's
 * icon, its tag (one notification per alert, a repeat replaces it), and
 * the address a click opens, on this site (or a filing's https address);
 * anything else opens the home page.
 */
export function alertNotification(
  data: unknown,
  origin: string,
): { title: string; options: NotificationOptions & { data: { url: string } } } {
  const payload = (data && typeof data === 'object' ? data : {}) as Partial<Record<keyof PushPayload, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const link = text(payload.url);
  let url = `${origin}/`;
  try {
    const parsed = new URL(link, origin);
    if (parsed.origin === origin || parsed.protocol === 'https:') url = parsed.href;
  } catch {
    // An address that does not parse opens the home page.
  }
  return {
    title: text(payload.title) || 'RedCap',
    options: {
      body: text(payload.body),
      icon: PUSH_ICON,
      ...(text(payload.tag) ? { tag: text(payload.tag) } : {}),
      data: { url },
    },
  };
}
