/**
 * Messages that tell an account holder about something done with their
 * address or account by someone else: failed sign-ins, and a sign-up with an
 * address that already has an account (the sign-up itself answers as if the
 * address were new, so it tells nobody else which addresses are registered).
 */
import { escapeHtml } from '../../../lib/markup.ts';
import { SITE } from '../../../lib/site.ts';
import type { Db } from '../../platform/db/client.ts';
import { enqueue } from '../../platform/outbox/enqueue.ts';
import { hit } from '../../platform/rate-limit.ts';
import type { UserRow } from './sessions.ts';
import { channelFor } from './users.ts';

/** One notice of a kind per account and hour at most: an attacker cannot flood the holder. */
const NOTICE_WINDOW_SECONDS = 3600;

async function firstInWindow(db: Db, key: string): Promise<boolean> {
  return (await hit(db, key, NOTICE_WINDOW_SECONDS)).hits === 1;
}

/** Tells the holder that several sign-ins with a wrong password were tried. */
export async function noticeFailedSignIns(db: Db, user: UserRow): Promise<void> {
  if (!(await firstInWindow(db, `notice:failed-sign-in:${user.id}`))) return;
  const { channel, recipient } = channelFor(user);
  const lead = `Several sign-ins to your ${SITE.name} account failed with a wrong password.`;
  const advice = 'If it was not you, your password still protects the account; you can change it in Settings.';
  if (channel === 'sms') {
    await enqueue(db, { channel, recipient, subject: 'Failed sign-ins', text: `${SITE.name}: ${lead} ${advice}` });
    return;
  }
  await enqueue(db, {
    channel,
    recipient,
    subject: `${SITE.name}: failed sign-ins to your account`,
    text: `Hello ${user.name},\n\n${lead} Further attempts are slowed down.\n\n${advice}\n\n${SITE.name}`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>${lead} Further attempts are slowed down.</p><p>${advice}</p><p>${SITE.name}</p>`,
  });
}

/** Tells the holder of an address that someone tried to open an account with it. */
export async function noticeSignUpAttempt(db: Db, user: UserRow, siteUrl: string): Promise<void> {
  if (!(await firstInWindow(db, `notice:sign-up:${user.id}`))) return;
  const lead = `Someone tried to create a ${SITE.name} account with this email address, which already has one.`;
  const advice = `If it was you, sign in at ${siteUrl}/login, or reset your password at ${siteUrl}/forgot-password. If not, you can ignore this message: nothing changed.`;
  await enqueue(db, {
    channel: 'email',
    recipient: user.email,
    subject: `${SITE.name}: a sign-up with your email address`,
    text: `Hello ${user.name},\n\n${lead}\n\n${advice}\n\n${SITE.name}`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>${lead}</p><p>${escapeHtml(advice)}</p><p>${SITE.name}</p>`,
  });
}
