/**
 * News alerts for a client company: the address gets a confirmation link;
 * alerts start only once it is opened. Asking again sends a fresh link.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { escapeHtml } from '../../../../lib/markup.ts';
import { SITE } from '../../../../lib/site.ts';
import { transaction, type Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { enqueue } from '../../../platform/outbox/enqueue.ts';
import { enforceAll } from '../../../platform/rate-limit.ts';
import { hashToken, newSessionToken } from '../../../platform/secrets.ts';
import { companiesView } from '../../companies/index.ts';
import { newsAlertSubscriptions } from '../tables.ts';

export async function requestNewsAlert(
  db: Db,
  input: { email: string; symbol: string },
  from: { siteUrl: string; ip: string },
): Promise<{ email: string; symbol: string; alreadyConfirmed: boolean }> {
  const email = input.email.trim().toLowerCase();
  const symbol = input.symbol.trim().toUpperCase();
  await enforceAll(db, [
    { key: `news-alert:email:${email}`, max: 5, windowSeconds: 3600 },
    { key: `news-alert:ip:${from.ip}`, max: 20, windowSeconds: 3600 },
  ]);
  const [company] = await db
    .select({ name: companiesView.name, isClient: companiesView.isClient })
    .from(companiesView)
    .where(eq(companiesView.symbol, symbol));
  if (!company?.isClient) throw notFound(`No news alerts for ${symbol}`);
  const token = newSessionToken();
  return transaction(db, async (t) => {
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
    const link = `${from.siteUrl}/api/news-alerts/confirm?token=${token}`;
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
