/**
 * The pages' side of the service worker (docs/product.md §3.7): registers
 * it, tells it which reader the page shows, offers a waiting new version
 * with "A new version is available — Reload", and drops the worker and
 * everything it kept when the reader signs out.
 */
import { APP_TEXT } from '../lib/app-manifest.ts';
import { $session, type Session } from '../stores/session.ts';
import { hideSnackbar, showSnackbar } from '../stores/snackbar.ts';
import { WORKER_PATH, type PageMessage } from '../lib/service-worker.ts';

/** A page left open (the screener, for a trading day) asks for a new version this often, and when shown again. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/** The key a reader is known by in the worker's caches: a hash of their address, not the address. */
async function accountKey(session: Session | null): Promise<string | null> {
  const who = session?.email || session?.username;
  if (!who) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(who.trim().toLowerCase()));
  return [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function post(worker: ServiceWorker | null | undefined, message: PageMessage): void {
  worker?.postMessage(message);
}

/** Shows the prompt for a version that waits; Reload lets it take over, and the page reloads under it. */
function offer(waiting: ServiceWorker): void {
  showSnackbar(
    APP_TEXT.updateAvailable,
    'info',
    {
      label: APP_TEXT.reload,
      run: () => {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        post(waiting, { type: 'take-over' });
      },
    },
    { persistent: true },
  );
}

/** Set while the reader's Reload waits for the new version to take over. */
const RELOAD_FLAG = 'sw-reload';

/**
 * Removes the worker and every cache it kept: after a sign-out nothing of
 * the reader stays in the browser (the browser carries both out even when
 * the page moves on at once; the next page, a guest's, also has the worker
 * drop every reader's cache). The next page registers a fresh worker.
 */
async function dropServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all([
      ...registrations.map((registration) => registration.unregister()),
      ...(await caches.keys()).map((name) => caches.delete(name)),
    ]);
  } catch {
    // Storage the browser refuses to open holds nothing to drop.
  }
}

export async function startServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // A browser may refuse (a private window, storage turned off): the site then works as a site.
  const registration = await navigator.serviceWorker.register(WORKER_PATH, { scope: '/' }).catch(() => null);
  if (!registration) return;
  const announce = async (session: Session | null) =>
    post(navigator.serviceWorker.controller ?? registration.active, {
      type: 'account',
      account: await accountKey(session),
    });
  void announce($session.get());
  let signedIn = $session.get() !== null;
  $session.listen((session) => {
    if (signedIn && session === null) void dropServiceWorker();
    else void announce(session);
    signedIn = session !== null;
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first version claims the page it was installed from: nothing to reload.
    if (sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.removeItem(RELOAD_FLAG);
      hideSnackbar();
      location.reload();
    } else void announce($session.get());
  });
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
  const check = () => void registration.update().catch(() => {});
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
