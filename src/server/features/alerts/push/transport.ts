/**
 * Sends the outbox's pushes with `web-push`: the payload encrypted for the
 * device (aes128gcm, RFC 8291) and signed with the site's VAPID keys
 * (RFC 8292). A push's recipient is the subscription's id, read when it is
 * sent, so a device removed meanwhile gets nothing. A push service that
 * answers 404 or 410 no longer knows the device: it is forgotten and the
 * push is not retried. So is a device whose host name resolves to an
 * address inside the server's network when the push connects: no push
 * goes there. Anything else is retried like other messages.
 */
import https from 'node:https';
import net from 'node:net';
import type WebPush from 'web-push';
import type { Db } from '../../../platform/db/client.ts';
import { RecipientGone, type Transport } from '../../../platform/outbox/transport.ts';
import { vapidKeys } from './keys.ts';
import { isLoopbackHost, publicLookupVia, REFUSED_ADDRESS } from './network.ts';
import { forgetPushSubscription, isPushEndpoint, pushSubscriptionOf } from './subscriptions.ts';

export interface PushTransportOptions {
  db: Db;
  /** Who runs the pushes, for push services to reach: `mailto:` the site's sender, or the site's https address. */
  subject: string;
  /** How long a push service keeps a push for a device that is offline. */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** Push services on this machine may receive pushes (development and tests; see PUSH_LOCAL_SERVICES). */
  localServices?: boolean;
  /** How a push service's host name is resolved (the system's resolver; tests give their own). */
  resolve?: Parameters<typeof publicLookupVia>[0];
}

/** A day: an alert older than that is better read in the bell. */
export const PUSH_TTL_SECONDS = 86_400;

/**
 * web-push speaks HTTPS only; a push service on this machine (development,
 * tests) is reached over plain HTTP through this agent.
 */
class PlainHttpAgent extends https.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.connect(options);
  }
}

/** `mailto:` the address of a From such as `RedCap <alerts@redcap.example>`, else the site's https address. */
export function vapidSubject(from: string, siteUrl: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  if (address.includes('@')) return `mailto:${address}`;
  return siteUrl.startsWith('https:') ? siteUrl : 'mailto:alerts@localhost';
}

export function createPushTransport(options: PushTransportOptions): Transport {
  const { db } = options;
  const plainAgent = new PlainHttpAgent({ keepAlive: true });
  // Every push service is reached through this one, which connects only to public addresses.
  const publicAgent = new https.Agent({ keepAlive: true, lookup: publicLookupVia(options.resolve) });
  /** The agent a push to this endpoint goes through; null when no push may go there. */
  const agentFor = (endpoint: string): https.Agent | undefined | null => {
    if (options.localServices && isLoopbackHost(new URL(endpoint).hostname))
      return endpoint.startsWith('http:') ? plainAgent : undefined;
    return isPushEndpoint(endpoint) ? publicAgent : null;
  };
  // Loaded when the first push goes: most instances send none for a while.
  let library: Promise<typeof WebPush> | null = null;
  const webPush = () => (library ??= import('web-push').then((m) => m.default));
  return {
    name: 'web-push',
    async send(message) {
      const id = Number(message.to);
      const subscription = Number.isInteger(id) ? await pushSubscriptionOf(db, id) : null;
      if (!subscription) throw new RecipientGone(`No push subscription ${message.to} any more`);
      const agent = agentFor(subscription.endpoint);
      if (agent === null) {
        // Kept while push services on this machine were allowed: no push goes there now.
        await forgetPushSubscription(db, subscription.id, subscription.endpoint);
        throw new RecipientGone('The device’s push service is not on the public internet');
      }
      const [{ sendNotification, WebPushError }, keys] = await Promise.all([webPush(), vapidKeys(db)]);
      try {
        await sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          message.text,
          {
            vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: options.ttlSeconds ?? PUSH_TTL_SECONDS,
            timeout: options.timeoutMs ?? 10_000,
            contentEncoding: 'aes128gcm',
            ...(agent && { agent }),
          },
        );
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await forgetPushSubscription(db, subscription.id, subscription.endpoint);
          throw new RecipientGone(`The push service no longer knows this device (${error.statusCode})`, {
            cause: error,
          });
        }
        if ((error as NodeJS.ErrnoException).code === REFUSED_ADDRESS) {
          await forgetPushSubscription(db, subscription.id, subscription.endpoint);
          throw new RecipientGone('The device’s push service resolves inside the server’s network', { cause: error });
        }
        if (error instanceof WebPushError)
          throw new Error(`Push service answered ${error.statusCode}: ${error.body.slice(0, 200)}`, { cause: error });
        throw error;
      }
    },
    close: () => {
      plainAgent.destroy();
      publicAgent.destroy();
    },
  };
}
