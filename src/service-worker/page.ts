/**
 * The pages' side of the service worker (docs/product.md §3.7): registers
 * it, tells it which reader the page shows, offers a waiting new version
 * with "A new version is available — Reload", and has the worker drop
 * everything it kept, and itself, when the reader signs out.
 */
import { APP_TEXT } from '../lib/app-manifest.ts';
import { $session, type Session } from '../stores/session.ts';
import { hideSnackbar, showSnackbar } from '../stores/snackbar.ts';
import { WORKER_PATH, sha256Hex, type PageMessage } from '../lib/service-worker.ts';

/** A page left open (the screener, for a trading day) asks for a new version this often, and when shown again. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/** The key a reader is known by in the worker's caches: a hash of their address, not the address. */
async function accountKey(session: Session | null): Promise<string | null> {
  const who = session?.email || session?.username;
  if (!who) return null;
  return (await sha256Hex(who.trim().toLowerCase())).slice(0, 24);
}

function post(worker: ServiceWorker | null | undefined, message: PageMessage): void {
  worker?.postMessage(message);
}

/** The prompt on show, if any. */
let promptId: number | null = null;

/**
 * Shows the prompt for a version that waits; Reload lets it take over, and
 * the page reloads under it (at once, when another tab let it in already).
 */
function offer(waiting: ServiceWorker): void {
  promptId = showSnackbar(
    APP_TEXT.updateAvailable,
    'info',
    {
      label: APP_TEXT.reload,
      run: () => {
        if (waiting.state !== 'installed') return location.reload();
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
 * After a sign-out nothing of the reader stays in the browser, and the
 * device gets none of their alerts (the worker ends its push subscription,
 * with the site first): the worker is told at once (the message is sent before the page moves on, and the
 * worker finishes dropping its caches and itself whatever the page does
 * next); the next page registers a fresh worker.
 */
function signOut(registration: ServiceWorkerRegistration): void {
  post(navigator.serviceWorker.controller ?? registration.active, { type: 'sign-out' });
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
    if (signedIn && session === null) signOut(registration);
    else void announce(session);
    signedIn = session !== null;
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Whichever tab let the new version in, this one's prompt has done its work.
    if (promptId !== null) hideSnackbar(promptId);
    promptId = null;
    // The first version claims the page it was installed from: nothing to reload.
    if (sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.removeItem(RELOAD_FLAG);
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
