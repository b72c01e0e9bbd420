/**
 * Questions naming a period are answered with the change over that period,
 * from the daily closes to the latest price, never with one session's change
 * in its place. Asked on Saturday, Nov 21, 2026, of a universe seeded as of
 * Friday, Nov 20.
 */
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChange, formatDollars } from '../../../../../src/lib/format.ts';
import { companies, dailyPrices, favoriteCompanies, indexPrices, users } from '../../../../../src/server/schema.ts';
import { verifiedUser } from '../../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../../helpers/app.ts';
import { askBuiltin } from '../../../../helpers/chat.ts';

/** Saturday, Nov 21, 2026, 10:00 AM in New York. */
const SATURDAY = new Date('2026-11-21T15:00:00Z');
/** Monday, Nov 23, 2026, 8:00 AM in New York, before the open. */
const MONDAY_BEFORE_OPEN = new Date('2026-11-23T13:00:00Z');

let t: TestApp;
let s: typeof companies.$inferSelect;
let u: typeof companies.$inferSelect;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 40 });
  [s, u] = (await t.database.db
    .select()
    .from(companies)
    .where(and(eq(companies.isClient, false), isNotNull(companies.changePercent)))
    .orderBy(asc(companies.symbol))
    .limit(2)) as [typeof s, typeof u];
});
afterAll(() => t.close());

async function closeOnOrBefore(symbol: string, date: string) {
  const [bar] = await t.database.db
    .select({ close: dailyPrices.close })
    .from(dailyPrices)
    .where(and(eq(dailyPrices.symbol, symbol), lte(dailyPrices.date, date)))
    .orderBy(desc(dailyPrices.date))
    .limit(1);
  return bar!.close;
}

/** The change from the close on or before a day to the latest price, as answers write it. */
const changeSince = async (co: typeof s, date: string) =>
  describeChange((co.lastSale! / (await closeOnOrBefore(co.symbol, date)) - 1) * 100).text;

describe('a company over the period asked', () => {
  it('measures this week from the last close of the week before, not the session’s change', async () => {
    const a = await askBuiltin(t, `how did ${s.symbol} do this week?`, { now: SATURDAY });
    const close = await closeOnOrBefore(s.symbol, '2026-11-13');
    expect(a.text).toContain(
      `${await changeSince(s, '2026-11-13')} from ${formatDollars(close)} (close of Nov 13, 2026) this week, to ${formatDollars(s.lastSale)} (close of Fri, Nov 20)`,
    );
    expect(a.text).not.toContain(describeChange(s.changePercent).text);
  });

  it('measures the past 5 days as five sessions, this month, the year so far and the last year', async () => {
    const days = await askBuiltin(t, `${s.symbol} past 5 days`, { now: SATURDAY });
    expect(days.text).toContain(`${await changeSince(s, '2026-11-13')} from`);
    expect(days.text).toContain('over the past 5 sessions');
    const month = await askBuiltin(t, `${s.symbol} performance this month`, { now: SATURDAY });
    expect(month.text).toContain(`${await changeSince(s, '2026-10-31')} from`);
    expect(month.text).toContain('this month');
    const ytd = await askBuiltin(t, `${s.symbol} year to date`, { now: SATURDAY });
    expect(ytd.text).toContain(`${await changeSince(s, '2025-12-31')} from`);
    expect(ytd.text).toContain('so far this year');
    const year = await askBuiltin(t, `how has ${s.symbol} done over the last year?`, { now: SATURDAY });
    expect(year.text).toContain(`${await changeSince(s, '2025-11-20')} from`);
    expect(year.text).toContain('over the past year');
  });

  it('compares companies over the period asked', async () => {
    const a = await askBuiltin(t, `compare ${s.symbol} and ${u.symbol} this week`, { now: SATURDAY });
    expect(a.text).toContain(
      `- This week: ${s.symbol} ${await changeSince(s, '2026-11-13')} · ${u.symbol} ${await changeSince(u, '2026-11-13')}`,
    );
  });

  it('says plainly when the week has had no session yet', async () => {
    const a = await askBuiltin(t, `${s.symbol} this week`, { now: MONDAY_BEFORE_OPEN });
    expect(a.text).toContain('The market has had no session this week yet');
    expect(a.text).toContain(`last closed at ${formatDollars(s.lastSale)} on Fri, Nov 20`);
  });
});

describe('the market and the reader’s favorites over the period asked', () => {
  it('gives the indices’ change over the week from their daily closes', async () => {
    const a = await askBuiltin(t, 'how are small caps doing this week?', { now: SATURDAY });
    const [russell] = await t.database.db
      .select({ close: indexPrices.close })
      .from(indexPrices)
      .where(and(eq(indexPrices.indexSymbol, 'RUT'), lte(indexPrices.date, '2026-11-13')))
      .orderBy(desc(indexPrices.date))
      .limit(1);
    const [latest] = await t.database.db
      .select({ close: indexPrices.close })
      .from(indexPrices)
      .where(eq(indexPrices.indexSymbol, 'RUT'))
      .orderBy(desc(indexPrices.date))
      .limit(1);
    expect(a.text).toContain('The small-cap indices this week');
    expect(a.text).toContain(
      `**Russell 2000**: ${latest!.close.toLocaleString('en-US', { maximumFractionDigits: 2 })}, ${describeChange((latest!.close / russell!.close - 1) * 100).text} from`,
    );
    expect(a.text).toContain('(close of Nov 13, 2026)');
  });

  it('says the gainers are ranked by one session, and names that session', async () => {
    const a = await askBuiltin(t, 'top gainers this week', { now: SATURDAY });
    expect(a.text).toContain(
      "RedCap ranks gainers and losers by one session's change, so it has no ranking this week.",
    );
    expect(a.text).toContain('Top gainers of the session of Fri, Nov 20');
  });

  it('gives each favorite’s change over the period', async () => {
    await verifiedUser(t, 'reader.periods@example.com');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'reader.periods@example.com'));
    await t.database.db.insert(favoriteCompanies).values({ userId: user!.id, symbol: s.symbol });
    const a = await askBuiltin(t, 'how are my favorites doing this month?', { now: SATURDAY, userId: user!.id });
    expect(a.text).toContain('with their change this month');
    expect(a.text).toContain(`${s.name}: ${formatDollars(s.lastSale)} (${await changeSince(s, '2026-10-31')})`);
  });
});
