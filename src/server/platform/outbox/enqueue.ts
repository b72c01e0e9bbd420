/**
 * Messages to send, written inside the caller's transaction so a code and
 * the message carrying it are stored together or not at all.
 */
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../../schema.ts';
import { SITE } from '../../../lib/site.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html?: string;
}

export async function enqueue(tx: Db, message: OutgoingMessage): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({ ...message, html: message.html ?? null })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

const PURPOSE_TEXT = {
  verify: { subject: 'Your verification code', lead: 'Use this code to verify your account' },
  reset: { subject: 'Your password reset code', lead: 'Use this code to reset your password' },
  change: { subject: 'Your password change code', lead: 'Use this code to change your password' },
} as const;

/** Text placed in a message's HTML part. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The email or text message that carries a one-time code. */
export function codeMessage(
  purpose: keyof typeof PURPOSE_TEXT,
  code: string,
  channel: 'email' | 'sms',
  recipient: string,
  name: string,
): OutgoingMessage {
  const { subject, lead } = PURPOSE_TEXT[purpose];
  if (channel === 'sms') {
    return { channel, recipient, subject, text: `${SITE.name}: ${lead}: ${code}. It expires in 10 minutes.` };
  }
  const text = `Hello ${name},\n\n${lead}: ${code}\n\nThe code expires in 10 minutes and works once. If you did not ask for it, you can ignore this message.\n\n${SITE.name}`;
  const html = `<p>Hello ${escapeHtml(name)},</p><p>${lead}:</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>The code expires in 10 minutes and works once. If you did not ask for it, you can ignore this message.</p><p>${SITE.name}</p>`;
  return { channel, recipient, subject: `${SITE.name}: ${subject}`, text, html };
}
