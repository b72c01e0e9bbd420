/**
 * One-time codes: six characters from the CSPRNG, stored hashed and bound to
 * the account and one purpose (verify, reset, change). A new code replaces
 * the unused ones of its purpose; a code works once, expires after ten
 * minutes and dies after five wrong tries. Its message is queued in the same
 * transaction as the code.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { SITE } from '../../../lib/site.ts';
import { isPossibleCode, normalizeCode } from '../../../lib/validation.ts';
import type { Db } from '../../platform/db/client.ts';
import { enqueue, type OutgoingMessage } from '../../platform/outbox/enqueue.ts';
import { codeMatches, hashCode, newCode } from '../../platform/secrets.ts';
import { escapeHtml } from '../../../lib/markup.ts';
import type { UserRow } from './sessions.ts';
import { channelFor } from './users.ts';
import { verificationCodes } from './tables.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export type CodePurpose = 'verify' | 'reset' | 'change';

const PURPOSE_TEXT = {
  verify: { subject: 'Your verification code', lead: 'Use this code to verify your account' },
  reset: { subject: 'Your password reset code', lead: 'Use this code to reset your password' },
  change: { subject: 'Your password change code', lead: 'Use this code to change your password' },
} as const;

/** The email or text message that carries a one-time code. */
export function codeMessage(
  purpose: CodePurpose,
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

/** Issues a new code (earlier unused ones of the purpose stop working) and queues its message; call in a transaction. */
export async function issueCode(tx: Db, user: UserRow, purpose: CodePurpose, prefer?: 'email' | 'sms'): Promise<void> {
  const code = newCode();
  await tx
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  await tx.insert(verificationCodes).values({
    userId: user.id,
    purpose,
    codeHash: hashCode(code, user.id, purpose),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const { channel, recipient } = channelFor(user, prefer);
  await enqueue(tx, codeMessage(purpose, code, channel, recipient, user.name));
}

/**
 * Checks a code; a wrong try counts, and the fifth wrong try ends the code. Something that cannot be a code
 * (not six of its characters once spaces and dashes are dropped) is refused without using a try.
 */
export async function consumeCode(db: Db, user: UserRow, purpose: CodePurpose, rawCode: string): Promise<boolean> {
  if (!isPossibleCode(rawCode)) return false;
  const code = normalizeCode(rawCode);
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() < Date.now() || latest.attempts >= CODE_MAX_ATTEMPTS) return false;
  if (codeMatches(latest.codeHash, code, user.id, purpose)) {
    // Single use: the update only wins if nobody used the code in between.
    const used = await db
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    return used.length === 1;
  }
  const attempts = latest.attempts + 1;
  await db
    .update(verificationCodes)
    .set({ attempts, usedAt: attempts >= CODE_MAX_ATTEMPTS ? new Date() : null })
    .where(eq(verificationCodes.id, latest.id));
  return false;
}
