/**
 * The devices a reader's pushes go to (docs/product.md §15.8, §18.15): a
 * browser's PushSubscription, kept by its endpoint. Subscribing the same
 * endpoint again binds it to whoever subscribed last (a shared computer
 * changes hands); removing needs only the endpoint, which is the device's
 * secret, so signing out can drop it after the session ended.
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import { invalid } from '../../../platform/errors.ts';
import { pushSubscriptions } from '../tables.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Push services are reached over HTTPS; plain HTTP only on this machine (a
 * push service run for development and tests).
 */
export function isPushEndpoint(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

const decodedLength = (value: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : -1;

/** Refuses what no browser makes: an endpoint that is no push service's, keys of the wrong size. */
function checked(input: PushSubscriptionInput): PushSubscriptionInput {
  if (!isPushEndpoint(input.endpoint)) throw invalid('endpoint: must be the push service’s https address');
  const key = Buffer.from(input.keys.p256dh, 'base64url');
  if (decodedLength(input.keys.p256dh) !== 65 || key[0] !== 4)
    throw invalid('keys.p256dh: must be a P-256 public key (65 bytes, base64url)');
  if (decodedLength(input.keys.auth) !== 16) throw invalid('keys.auth: must be 16 bytes, base64url');
  return input;
}

/** Keeps a device for the reader; `created` is false when the endpoint was known (it now belongs to this reader). */
export async function subscribePush(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
): Promise<{ id: number; created: boolean }> {
  const { endpoint, keys } = checked(input);
  const [row] = rowsOf<{ id: number; created: boolean }>(
    await db.execute(sql`
      insert into ${pushSubscriptions} (user_id, endpoint, p256dh, auth)
      values (${userId}, ${endpoint}, ${keys.p256dh}, ${keys.auth})
      on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
      returning id, (xmax = 0) as created`),
  );
  return { id: Number(row!.id), created: Boolean(row!.created) };
}

/** Forgets a device by its endpoint; whether there was one. */
export async function unsubscribePush(db: Db, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** One kept device (null once it was removed). */
export async function pushSubscriptionOf(db: Db, id: number) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

/** Forgets a device its push service no longer knows (only the one the push was for: the endpoint may have been re-subscribed). */
export async function forgetPushSubscription(db: Db, id: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}
