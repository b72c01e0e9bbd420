/**
 * Newsletter sign-ups. A repeated address is accepted and stored once. Every
 * sign-up is confirmed by a link emailed to the address before the
 * newsletter goes to it (double opt-in): only confirmed addresses are in its
 * audience.
 */
import { eq, sql } from 'drizzle-orm';
import { escapeHtml } from '../../../../lib/markup.ts';
import { SITE } from '../../../../lib/site.ts';
import { rowsOf, transaction, type Db } from '../../../platform/db/client.ts';
import { enqueue } from '../../../platform/outbox/enqueue.ts';
import { isDomainError } from '../../../platform/errors.ts';
import { enforceAll } from '../../../platform/rate-limit.ts';
import { hashToken, newSessionToken } from '../../../platform/secrets.ts';
import { emailSubscriptions } from '../tables.ts';

export interface SubscribeResult {
  email: string;
  /** False when the address was already subscribed. */
  created: boolean;
  /** The newsletter goes to the address: its link was opened and it has not turned the newsletter off since. */
  confirmed: boolean;
  /** A confirmation link was emailed by this sign-up. */
  confirmationSent: boolean;
}

/** Whether the newsletter goes to a stored sign-up. */
const receives = (row: { confirmedAt: Date | null; unsubscribedAt: Date | null }) =>
  row.confirmedAt !== null && row.unsubscribedAt === null;

/**
 * The footer's sign-up (an address only). A new address gets its
 * confirmation link, within the per-client limit of sign-ups an hour; past
 * it the address is kept and the link comes with its next sign-up. An
 * address signed up before and never confirmed, or that turned the
 * newsletter off, gets a fresh link (at most three an hour).
 */
export async function subscribe(
  db: Db,
  rawEmail: string,
  from: { siteUrl: string; ip: string; perHour: number },
): Promise<SubscribeResult> {
  const email = rawEmail.trim().toLowerCase();
  const inserted = await db
    .insert(emailSubscriptions)
    .values({ email, source: 'site' })
    .onConflictDoNothing()
    .returning({ id: emailSubscriptions.id });
  const created = inserted.length > 0;
  const [row] = await db
    .select({ confirmedAt: emailSubscriptions.confirmedAt, unsubscribedAt: emailSubscriptions.unsubscribedAt })
    .from(emailSubscriptions)
    .where(sql`lower(${emailSubscriptions.email}) = ${email}`);
  let confirmationSent = false;
  if (row && !receives(row)) {
    const limits = created
      ? [{ key: `subscribe:ip:${from.ip}`, max: from.perHour, windowSeconds: 3600 }]
      : [{ key: `newsletter:email:${email}`, max: 3, windowSeconds: 3600 }];
    const allowed = await enforceAll(db, limits).then(
      () => true,
      (error: unknown) => {
        if (isDomainError(error, 'rate-limited')) return false;
        throw error;
      },
    );
    if (allowed) {
      const token = newSessionToken();
      await transaction(db, async (t) => {
        await t
          .update(emailSubscriptions)
          .set({ confirmTokenHash: hashToken(token) })
          .where(sql`lower(${emailSubscriptions.email}) = ${email}`);
        await enqueue(t, confirmationMessage(email, null, token, from.siteUrl));
      });
      confirmationSent = true;
    }
  }
  return { email, created, confirmed: row ? receives(row) : false, confirmationSent };
}

/** The email that confirms a sign-up; nothing else is sent until its link is opened. */
function confirmationMessage(email: string, firstName: string | null, token: string, siteUrl: string) {
  const link = `${siteUrl}/api/email-subscriptions/confirm?token=${token}`;
  const hello = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    channel: 'email' as const,
    recipient: email,
    subject: `${SITE.name}: confirm your newsletter subscription`,
    text: `${hello}\n\nPlease confirm your subscription to the ${SITE.name} weekly newsletter:\n${link}\n\nUntil you do, we will not send you anything. If you did not sign up, ignore this message.\n\n${SITE.name}`,
    html: `<p>${escapeHtml(hello)}</p><p>Please confirm your subscription to the ${SITE.name} weekly newsletter:</p><p><a href="${link}">Confirm my subscription</a></p><p>Until you do, we will not send you anything. If you did not sign up, ignore this message.</p><p>${SITE.name}</p>`,
  };
}

export async function countSubscriptions(db: Db, email?: string): Promise<number> {
  const where = email ? sql`where lower(${emailSubscriptions.email}) = ${email.trim().toLowerCase()}` : sql``;
  const result = await db.execute(sql`select count(*)::int as n from ${emailSubscriptions} ${where}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export interface NewsletterSignup {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * The newsletter page's sign-up: stores the person and sends a confirmation
 * link to the address; nothing else is sent until the link is opened.
 * Signing up again sends a fresh link (the old one stops working).
 */
export async function requestNewsletterSignup(
  db: Db,
  input: NewsletterSignup,
  from: { siteUrl: string; ip: string },
): Promise<{ email: string; alreadyConfirmed: boolean }> {
  const email = input.email.trim().toLowerCase();
  // Each sign-up sends an email: bounded per address and per client.
  await enforceAll(db, [
    { key: `newsletter:email:${email}`, max: 3, windowSeconds: 3600 },
    { key: `newsletter:ip:${from.ip}`, max: 20, windowSeconds: 3600 },
  ]);
  const token = newSessionToken();
  return transaction(db, async (t) => {
    const [existing] = await t
      .select()
      .from(emailSubscriptions)
      .where(sql`lower(${emailSubscriptions.email}) = ${email}`);
    if (existing && receives(existing)) return { email, alreadyConfirmed: true };
    const person = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), phone: input.phone.trim() };
    if (existing) {
      await t
        .update(emailSubscriptions)
        .set({ ...person, confirmTokenHash: hashToken(token) })
        .where(eq(emailSubscriptions.id, existing.id));
    } else {
      await t
        .insert(emailSubscriptions)
        .values({ email, source: 'newsletter-page', ...person, confirmTokenHash: hashToken(token) });
    }
    await enqueue(t, confirmationMessage(email, person.firstName, token, from.siteUrl));
    return { email, alreadyConfirmed: false };
  });
}

/**
 * Opens a confirmation link: true when it confirmed a sign-up (a new one, or
 * one that had turned the newsletter off). A link works once: its token is
 * forgotten as it is used.
 */
export async function confirmNewsletterSignup(db: Db, token: string): Promise<boolean> {
  const confirmed = await db
    .update(emailSubscriptions)
    .set({ confirmedAt: new Date(), confirmTokenHash: null, unsubscribedAt: null })
    .where(eq(emailSubscriptions.confirmTokenHash, hashToken(token)))
    .returning({ id: emailSubscriptions.id });
  return confirmed.length > 0;
}
