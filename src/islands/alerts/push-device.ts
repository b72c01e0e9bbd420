/**
 * Push on this device (docs/product.md §15.7): the browser's push
 * subscription through the site's service worker, with the server's public
 * key, and the server told of it (or of its end) so alerts reach it.
 */
import { PUSH_SUBSCRIPTIONS_PATH, WORKER_PATH } from '../../lib/service-worker.ts';
import { API_BASE, api } from '../api-client.ts';

/** The devices' address, as the API client (which adds its prefix) names it; the worker calls it too at sign-out. */
const SUBSCRIPTIONS = PUSH_SUBSCRIPTIONS_PATH.slice(API_BASE.length);

/** Where this device stands: it cannot get push, the reader blocked it, or it is on or off. */
export type DevicePush = 'unsupported' | 'denied' | 'on' | 'off';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The site's worker registration (registered now if the page has not yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register(WORKER_PATH, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The public key as the push manager takes it (the server gives it base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function devicePush(): Promise<DevicePush> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const found = await navigator.serviceWorker.getRegistration('/');
  const subscription = await found?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks the browser's permission, subscribes with the server's key and gives the server the subscription. */
export async function turnOnPush(): Promise<DevicePush> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const worker = await registration();
  const { data } = await api.get('alerts/push-key').json<{ data: { publicKey: string } }>();
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.publicKey) }));
  try {
    await api.post(SUBSCRIPTIONS, { json: subscription.toJSON() });
  } catch (error) {
    // A subscription the server does not know would never get anything.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/** The server forgets the device, then the browser drops the subscription. */
export async function turnOffPush(): Promise<DevicePush> {
  if (!supported()) return 'unsupported';
  const found = await navigator.serviceWorker.getRegistration('/');
  const subscription = await found?.pushManager.getSubscription();
  if (subscription) {
    await api.delete(SUBSCRIPTIONS, { json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
