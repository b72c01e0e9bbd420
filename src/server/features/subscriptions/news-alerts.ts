/**
 * News alerts for a client company: the address gets a confirmation link;
 * alerts start only once it is opened. Asking again sends a fresh link.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companies, newsAlertSubscriptions } from '../../schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import { SITE } from '../../../lib/site.ts';
import { enqueue, escapeHtml } from '../../platform/outbox/enqueue.ts';
import { hashToken, newSessionToken } from '../../platform/secrets.ts';

export async function requestNewsAlert(
  db: Db,
  input: { email: string; symbol: string },
  siteUrl: string,
): Promise<{ email: string; symbol: string; alreadyConfirmed: boolean }> {
  const email = input.email.trim().toLowerCase();
  const symbol = input.symbol.trim().toUpperCase();
  const [company] = await db
    .select({ name: companies.name, isClient: companies.isClient })
    .from(companies)
    .where(eq(companies.symbol, symbol));
  if (!company?.isClient) throw notFound(`No news alerts for ${symbol}`);
  const token = newSessionToken();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const where = and(
      sql`lower(${newsAlertSubscriptions.email}) = ${email}`,
      eq(newsAlertSubscriptions.companySymbol, symbol),
    );
    const [existing] = await t.select().from(newsAlertSubscriptions).where(where);
    if (existing?.confirmedAt) return { email, symbol, alreadyConfirmed: true };
    if (existing)
      await t
        .update(newsAlertSubscriptions)
        .set({ confirmTokenHash: hashToken(token) })
        .where(where);
    else
      await t
        .insert(newsAlertSubscriptions)
        .values({ email, companySymbol: symbol, confirmTokenHash: hashToken(token) });
    const link = `${siteUrl}/api/news-alerts/confirm?token=${token}`;
    await enqueue(t, {
      channel: 'email',
      recipient: email,
      subject: `${SITE.name}: confirm news alerts for ${symbol}`,
      text: `Please confirm that you want news alerts about ${company.name} (${symbol}):\n${link}\n\nUntil you do, we will not send you any. If you did not ask for them, ignore this message.\n\n${SITE.name}`,
      html: `<p>Please confirm that you want news alerts about ${escapeHtml(company.name)} (${symbol}):</p><p><a href="${link}">Confirm news alerts</a></p><p>Until you do, we will not send you any. If you did not ask for them, ignore this message.</p><p>${SITE.name}</p>`,
    });
    return { email, symbol, alreadyConfirmed: false };
  });
}

/** Opens a confirmation link: the company's symbol when it confirmed alerts, otherwise null. */
export async function confirmNewsAlert(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .update(newsAlertSubscriptions)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(
      and(eq(newsAlertSubscriptions.confirmTokenHash, hashToken(token)), isNull(newsAlertSubscriptions.confirmedAt)),
    )
    .returning({ symbol: newsAlertSubscriptions.companySymbol });
  return row?.symbol ?? null;
}
