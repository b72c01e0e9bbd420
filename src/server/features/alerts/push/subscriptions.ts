/**
 * The devices a reader's pushes go to (docs/product.md §15.8, §18.15): a
 * browser's PushSubscription, kept by its endpoint. Subscribing the same
 * endpoint again binds it to whoever subscribed last (a shared computer
 * changes hands); removing needs only the endpoint, which is the device's
 * secret, so signing out can drop it after the session ended.
 */
import { isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import { invalid } from '../../../platform/errors.ts';
import { isLoopbackHost, isPublicAddress } from './network.ts';
import { pushSubscriptions } from '../tables.ts';

/**
 * Devices a reader keeps at most: each alert goes to every device, so a reader's count is the
 * server's work. A new device past it replaces the one registered longest ago.
 */
export const MAX_PUSH_DEVICES = 20;

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Whether a device's endpoint is a push service's: a public https address.
 * A host that is an address of a private, loopback or link-local network is
 * refused (a host name is checked again when a push connects, against what
 * it resolves to); with `localServices` a push service on this machine is
 * allowed too, over http or https (development and tests).
 */
export function isPushEndpoint(endpoint: string, localServices = false): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (localServices && isLoopbackHost(url.hostname)) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (isLoopbackHost(url.hostname)) return false;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(literal) === 0 || isPublicAddress(literal);
}

const decodedLength = (value: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : -1;

/** Refuses what no browser makes: an endpoint that is no push service's, keys of the wrong size. */
function checked(input: PushSubscriptionInput, localServices: boolean): PushSubscriptionInput {
  if (!isPushEndpoint(input.endpoint, localServices))
    throw invalid('endpoint: must be the push service’s https address');
  const key = Buffer.from(input.keys.p256dh, 'base64url');
  if (decodedLength(input.keys.p256dh) !== 65 || key[0] !== 4)
    throw invalid('keys.p256dh: must be a P-256 public key (65 bytes, base64url)');
  if (decodedLength(input.keys.auth) !== 16) throw invalid('keys.auth: must be 16 bytes, base64url');
  return input;
}

/**
 * Keeps a device for the reader; `created` is false when the endpoint was known (it now belongs to this
 * reader, as its newest device). Beyond MAX_PUSH_DEVICES the reader's oldest devices are forgotten.
 */
export async function subscribePush(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
  { localServices = false }: { localServices?: boolean } = {},
): Promise<{ id: number; created: boolean }> {
  const { endpoint, keys } = checked(input, localServices);
  const [row] = rowsOf<{ id: number; created: boolean }>(
    await db.execute(sql`
      insert into ${pushSubscriptions} (user_id, endpoint, p256dh, auth)
      values (${userId}, ${endpoint}, ${keys.p256dh}, ${keys.auth})
      on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
        created_at = now()
      returning id, (xmax = 0) as created`),
  );
  await db.execute(sql`
    delete from ${pushSubscriptions} where user_id = ${userId} and id not in (
      select id from ${pushSubscriptions} where user_id = ${userId}
      order by created_at desc, id desc limit ${MAX_PUSH_DEVICES})`);
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
