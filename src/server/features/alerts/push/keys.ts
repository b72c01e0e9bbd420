/**
 * The site's VAPID key pair (RFC 8292): how push services know our pushes
 * come from the server a reader's browser subscribed with. Made on first
 * use and kept in the database, so every instance and every restart signs
 * with the same pair and the devices' subscriptions stay good.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Db } from '../../../platform/db/client.ts';
import { claimMeta } from '../../../platform/meta.ts';

const VAPID_KEY = 'vapid-keys';

/** Both keys base64url: the public one an uncompressed P-256 point, the private one its 32-byte scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new P-256 pair, as web-push and browsers take it. */
export function newVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

const known = new WeakMap<Db, Promise<VapidKeys>>();

/** The database's pair, made by whoever asks first (when instances race, the first writer's is everyone's). */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = known.get(db);
  if (!keys) {
    keys = claimMeta<VapidKeys>(db, VAPID_KEY, newVapidKeys());
    keys.catch(() => known.delete(db));
    known.set(db, keys);
  }
  return keys;
}
