/**
 * The seeded universe the built-in engine's answer tests ask about: a
 * company with analysts, insider trades and institutional holders, another
 * to compare it with, a life-science company with a drug pipeline, a client
 * company, a signed-in reader and two names that differ only by their legal
 * form; and the checks those tests share.
 */
import { and, asc, count, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { expect } from 'vitest';
import { companySectionPath, type CompanySection } from '../../../../src/lib/company.ts';
import { describeChange, formatDollars } from '../../../../src/lib/format.ts';
import { monthsBefore } from '../../../../src/lib/market-calendar.ts';
import { bioPhases, companies, dailyPrices, insiderTransactions } from '../../../../src/server/schema.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { TEST_AS_OF, createTestApp, type TestApp } from '../../../helpers/app.ts';
import { ask, type StreamedAnswer } from '../../../helpers/chat.ts';

export type Company = typeof companies.$inferSelect;

export interface AnswersUniverse {
  t: TestApp;
  reader: Record<string, string>;
  /** A company with analysts, insider trades and institutional holders. */
  s: Company;
  /** Another one, for comparisons. */
  u: Company;
  /** A life-science company with a drug pipeline. */
  b: Company;
  /** A client company (team, webinars). */
  c: Company;
}

/**
 * The instant these tests ask at: 2:00 PM in New York on the day the universe
 * is seeded as of (a Friday), during its session, so the seeded quotes are
 * today's.
 */
export const ASKED_AT = new Date(`${TEST_AS_OF}T19:00:00Z`);

export async function seedAnswersUniverse(): Promise<AnswersUniverse> {
  const t = await createTestApp({ seedCompanies: 200, chatClock: () => ASKED_AT });
  const db = t.database.db;
  const withEverything = await db
    .select({ company: companies })
    .from(companies)
    .where(and(eq(companies.isClient, false), gte(companies.totalAnalysts, 2), isNotNull(companies.lastSale)))
    .orderBy(asc(companies.symbol));
  const traded = async (symbol: string) =>
    (await db.select({ n: count() }).from(insiderTransactions).where(eq(insiderTransactions.companySymbol, symbol)))[0]!
      .n > 0;
  const candidates = [];
  for (const row of withEverything) if (await traded(row.company.symbol)) candidates.push(row.company);
  const [s, u] = candidates as [Company, Company];
  const [bio] = await db
    .select({ symbol: bioPhases.companySymbol })
    .from(bioPhases)
    .orderBy(asc(bioPhases.companySymbol))
    .limit(1);
  const b = (await db.select().from(companies).where(eq(companies.symbol, bio!.symbol)))[0]!;
  const c = (await db.select().from(companies).where(eq(companies.isClient, true)).orderBy(asc(companies.symbol)))[0]!;
  const reader = bearer(await verifiedUser(t, 'reader.answers@example.com'));
  // Two names that differ only by their legal form.
  const twin = {
    sicCode: 7372,
    sectorName: 'Technology',
    industry: 'Prepackaged software',
    market: 'NASDAQ',
    country: 'United States',
  };
  await db.insert(companies).values([
    { ...twin, symbol: 'ZWID', name: 'Zephyrine Widgets Inc.' },
    { ...twin, symbol: 'ZWIL', name: 'Zephyrine Widgets Ltd.' },
  ]);
  return { t, reader, s, u, b, c };
}

/** The citation number of a link, which the answer's text must use. */
export function cites(answer: StreamedAnswer, href: string) {
  const n = answer.citations.findIndex((citation) => citation.href === href) + 1;
  expect(n, `${href} among ${JSON.stringify(answer.citations)}`).toBeGreaterThan(0);
  expect(answer.text).toContain(`[${n}]`);
}
export const section = (company: Company, name: CompanySection) =>
  companySectionPath(company.symbol, name, company.isClient);
export const price = formatDollars;
export const change = (p: number | null) => describeChange(p).text;

/** Asking, and reading the database, in the app a test file seeded. */
export function answerHelpers(app: () => TestApp) {
  return {
    async asked(question: string, options: Parameters<typeof ask>[2] = {}) {
      const answer = await ask(app(), question, options);
      expect(answer.status, `${question}: ${JSON.stringify(answer.error)}`).toBe(200);
      expect(answer.events.at(-1)?.event).toBe('done');
      return answer;
    },
    async closeOnOrBefore(symbol: string, date: string) {
      const [bar] = await app()
        .database.db.select({ close: dailyPrices.close })
        .from(dailyPrices)
        .where(and(eq(dailyPrices.symbol, symbol), lte(dailyPrices.date, date)))
        .orderBy(desc(dailyPrices.date))
        .limit(1);
      return bar!.close;
    },
  };
}

/** The New York date `months` before the day the tests ask on. */
export const monthsAgo = (months: number) => monthsBefore(TEST_AS_OF, months);

export const quoteChecks = (a: StreamedAnswer, co: Company) => {
  expect(a.text).toContain(price(co.lastSale));
  expect(a.text).toContain(change(co.changePercent));
  cites(a, section(co, 'market-stats'));
  expect(a.subject?.symbol).toBe(co.symbol);
};
