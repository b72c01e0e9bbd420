/**
 * The session a day's figures are from: on a weekend, a holiday or before
 * the open, RedChat names the last session instead of calling its figures
 * today's; during the session they are today's. The test universe is seeded
 * as of Friday, Nov 20, 2026, and each question is asked at a fixed instant.
 */
import { and, asc, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChange, formatDollars } from '../../../../../src/lib/format.ts';
import { researchContext } from '../../../../../src/server/features/chat/answer/context.ts';
import { systemPrompt } from '../../../../../src/server/features/chat/answer/model.ts';
import { runTool } from '../../../../../src/server/features/chat/answer/model-tools.ts';
import { companies, dailyPrices } from '../../../../../src/server/schema.ts';
import { TEST_AS_OF, createTestApp, type TestApp } from '../../../../helpers/app.ts';
import { askBuiltin } from '../../../../helpers/chat.ts';

/** Saturday, Nov 21, 2026, 10:00 AM in New York. */
const SATURDAY = new Date('2026-11-21T15:00:00Z');
/** Thanksgiving Day, Thursday, Nov 26, 2026, 11:00 AM in New York. */
const THANKSGIVING = new Date('2026-11-26T16:00:00Z');
/** Monday, Nov 23, 2026, 8:00 AM in New York, before the open. */
const MONDAY_BEFORE_OPEN = new Date('2026-11-23T13:00:00Z');
/** The seeded Friday at 2:00 PM in New York, during the session. */
const FRIDAY_SESSION = new Date(`${TEST_AS_OF}T19:00:00Z`);

let t: TestApp;
let s: typeof companies.$inferSelect;
/** A company whose day's fields the 3:30am reset cleared. */
let r: typeof companies.$inferSelect;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 40 });
  const traded = await t.database.db
    .select()
    .from(companies)
    .where(and(eq(companies.isClient, false), isNotNull(companies.changePercent), gt(companies.volume, 0)))
    .orderBy(asc(companies.symbol))
    .limit(2);
  [s, r] = traded as [typeof s, typeof r];
  // What the market-data job does at 3:30am on a trading day: the last price becomes the previous close.
  await t.database.db
    .update(companies)
    .set({
      preClose: r.lastSale,
      open: null,
      dayHigh: null,
      dayLow: null,
      volume: null,
      netChange: null,
      changePercent: null,
    })
    .where(eq(companies.symbol, r.symbol));
});
afterAll(() => t.close());

describe('on a weekend', () => {
  it('names Friday’s session for a quote and its volume, and never says today', async () => {
    const price = await askBuiltin(t, `${s.symbol} price`, { now: SATURDAY });
    expect(price.text).toContain(
      `last traded at **${formatDollars(s.lastSale)}**, ${describeChange(s.changePercent).text}`,
    );
    expect(price.text).toContain('on Fri, Nov 20 (the last session)');
    expect(price.text).not.toMatch(/\btoday\b/i);

    const volume = await askBuiltin(t, `${s.symbol} volume`, { now: SATURDAY });
    expect(volume.text).toContain('shares on Fri, Nov 20 (the last session)');
    expect(volume.text).not.toMatch(/\btoday\b/i);
  });

  it('gives the top gainers of Friday’s session, and says the market is closed', async () => {
    const a = await askBuiltin(t, 'Top gainers today', { now: SATURDAY });
    expect(a.text).toContain('The market is closed for the weekend; the last session was Fri, Nov 20.');
    expect(a.text).toContain('Top gainers of the session of Fri, Nov 20');
    expect(a.text).not.toContain("Today's");
  });

  it('says a screen on the day’s change is on Friday’s', async () => {
    const a = await askBuiltin(t, 'tech gainers', { now: SATURDAY });
    expect(a.text).toContain('up on Fri, Nov 20 (the last session)');
    expect(a.text).not.toMatch(/\btoday\b/i);
  });

  it('labels the session’s move by its day among the periods of a performance answer', async () => {
    const a = await askBuiltin(t, `${s.symbol} performance`, { now: SATURDAY });
    expect(a.text).toContain(`- Last session (Fri, Nov 20): ${describeChange(s.changePercent).text}`);
    expect(a.text).not.toContain('- Today:');
  });
});

describe('on a holiday', () => {
  it('names the session before it, and the holiday', async () => {
    const price = await askBuiltin(t, `${s.symbol} price`, { now: THANKSGIVING });
    expect(price.text).toContain('on Wed, Nov 25 (the last session)');
    const market = await askBuiltin(t, 'how are small caps doing today?', { now: THANKSGIVING });
    expect(market.text).toContain('The market is closed today for Thanksgiving Day; the last session was Wed, Nov 25.');
    expect(market.text).toContain('Biggest losers of the session of Wed, Nov 25');
  });
});

describe('before the open', () => {
  it('gives the last session’s close, and its move from the daily closes once the day’s change is cleared', async () => {
    const price = await askBuiltin(t, `${r.symbol} price`, { now: MONDAY_BEFORE_OPEN });
    expect(price.text).toContain(`last traded at **${formatDollars(r.lastSale)}** on Fri, Nov 20 (the last session)`);
    expect(price.text).not.toContain('—');

    const [thursday] = await t.database.db
      .select({ close: dailyPrices.close })
      .from(dailyPrices)
      .where(and(eq(dailyPrices.symbol, r.symbol), lte(dailyPrices.date, '2026-11-19')))
      .orderBy(desc(dailyPrices.date))
      .limit(1);
    const moved = await askBuiltin(t, `is ${r.symbol} up today?`, { now: MONDAY_BEFORE_OPEN });
    expect(moved.text).toContain(
      `${describeChange((r.lastSale! / thursday!.close - 1) * 100).text} from the previous close of ${formatDollars(thursday!.close)} on Fri, Nov 20 (the last session)`,
    );

    const volume = await askBuiltin(t, `${r.symbol} volume`, { now: MONDAY_BEFORE_OPEN });
    expect(volume.text).toContain(`No ${r.symbol} shares have traded yet today`);
  });

  it('says when the market opens above the last session’s movers', async () => {
    const a = await askBuiltin(t, 'top losers', { now: MONDAY_BEFORE_OPEN });
    expect(a.text).toContain('The market opens at 9:30 AM ET today; the last session was Fri, Nov 20.');
  });
});

describe('during the session', () => {
  it('calls the day’s figures today’s', async () => {
    const price = await askBuiltin(t, `${s.symbol} price`, { now: FRIDAY_SESSION });
    expect(price.text).toContain(describeChange(s.changePercent).text);
    expect(price.text).toMatch(/\) today \[\d+\]\./);
    const market = await askBuiltin(t, 'top gainers', { now: FRIDAY_SESSION });
    expect(market.text).toContain("Today's top gainers");
    expect(market.text).not.toContain('The market is closed');
  });
});

describe('with a model', () => {
  it('tells the model which session the day’s figures are from, and its tools say so', async () => {
    const research = await researchContext(t.database.db, t.snapshots, null, SATURDAY);
    const prompt = systemPrompt({
      question: 'top gainers',
      history: [],
      subject: null,
      research,
      signal: new AbortController().signal,
    });
    expect(prompt).toContain('The market is closed for the weekend; the last session was Fri, Nov 20.');
    expect(prompt).toContain('never call them today');
    const quote = (await runTool('get_quote', JSON.stringify({ symbol: s.symbol }), {
      ctx: research,
      cite: () => 1,
      looked: () => {},
    })) as { session: string };
    expect(quote.session).toBe('on Fri, Nov 20 (the last session)');
    const market = (await runTool('get_market_overview', '{}', { ctx: research, cite: () => 1, looked: () => {} })) as {
      session: string;
    };
    expect(market.session).toBe('on Fri, Nov 20 (the last session)');
  });
});
