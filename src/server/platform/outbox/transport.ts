/**
 * What the outbox hands a transport: a stored message written out as one
 * delivery, and the transport's contract. The transports themselves (mail,
 * texts, files, pushes) belong to the features that send through them.
 */
import type { outboxMessages } from '../tables.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** One message as a transport sends it: the stored row, written out (a template rendered, a bulk footer added). */
export interface Delivery {
  id: number;
  channel: OutboxRow['channel'];
  /** An email address, a phone number, or for a push the subscription's id. */
  to: string;
  subject: string;
  text: string;
  html: string | null;
  calendar: string | null;
  /** Header lines bulk mail carries (List-Unsubscribe and its one-click POST, List-Id). */
  headers?: Record<string, string>;
  createdAt: Date;
}

/**
 * A one-click unsubscribe (RFC 8058): the address a mail provider POSTs to.
 * Bulk mail carries its list's; a message that is no bulk list's but may be
 * stopped (an alert) carries its own.
 */
export const oneClickHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export const deliveryOf = (row: OutboxRow): Delivery => ({
  id: row.id,
  channel: row.channel,
  to: row.recipient,
  subject: row.subject,
  text: row.text,
  html: row.html,
  calendar: row.calendar,
  ...(row.unsubscribeUrl && row.channel === 'email' && { headers: oneClickHeaders(row.unsubscribeUrl) }),
  createdAt: row.createdAt,
});

/**
 * Thrown by a transport when the recipient no longer exists (a push
 * service's 404 or 410 for a subscription): the message is not retried.
 */
export class RecipientGone extends Error {
  override readonly name = 'RecipientGone';
}

export interface Transport {
  readonly name: string;
  send(message: Delivery): Promise<void>;
  /** Closes pooled connections. */
  close?(): void;
}
