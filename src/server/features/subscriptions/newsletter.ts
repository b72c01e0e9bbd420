/** Newsletter sign-ups. A repeated address is accepted and stored once. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { escapeHtml } from '../../../lib/markup.ts';
import { SITE } from '../../../lib/site.ts';
import { rowsOf, transaction, type Db } from '../../platform/db/client.ts';
import { enqueue } from '../../platform/outbox/enqueue.ts';
import { enforceAll } from '../../platform/rate-limit.ts';
import { hashToken, newSessionToken } from '../../platform/secrets.ts';
import { emailSubscriptions } from './tables.ts';

export interface SubscribeResult {
  email: string;
  /** False when the address was already subscribed. */
  created: boolean;
}

export async function subscribe(db: Db, rawEmail: string, source = 'site'): Promise<SubscribeResult> {
  const email = rawEmail.trim().toLowerCase();
  const inserted = await db
    .insert(emailSubscriptions)
    .values({ email, source })
    .onConflictDoNothing()
    .returning({ id: emailSubscriptions.id });
  return { email, created: inserted.length > 0 };
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
    if (existing?.confirmedAt) return { email, alreadyConfirmed: true };
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
    const link = `${from.siteUrl}/api/email-subscriptions/confirm?token=${token}`;
    await enqueue(t, {
      channel: 'email',
      recipient: email,
      subject: `${SITE.name}: confirm your newsletter subscription`,
      text: `Hello ${person.firstName},\n\nPlease confirm your subscription to the ${SITE.name} weekly newsletter:\n${link}\n\nUntil you do, we will not send you anything. If you did not sign up, ignore this message.\n\n${SITE.name}`,
      html: `<p>Hello ${escapeHtml(person.firstName)},</p><p>Please confirm your subscription to the ${SITE.name} weekly newsletter:</p><p><a href="${link}">Confirm my subscription</a></p><p>Until you do, we will not send you anything. If you did not sign up, ignore this message.</p><p>${SITE.name}</p>`,
    });
    return { email, alreadyConfirmed: false };
  });
}

/** Opens a confirmation link: true when it confirmed a sign-up. */
export async function confirmNewsletterSignup(db: Db, token: string): Promise<boolean> {
  const confirmed = await db
    .update(emailSubscriptions)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(and(eq(emailSubscriptions.confirmTokenHash, hashToken(token)), isNull(emailSubscriptions.confirmedAt)))
    .returning({ id: emailSubscriptions.id });
  return confirmed.length > 0;
}
