/**
 * RedChat on what the public sources add to a company (docs/product.md §9.13, §9.14): its short
 * interest with the settlement date, share of the shares outstanding, days to cover and change,
 * citing the page's Short Interest section; its trials with their conditions, citing each trial's
 * page on ClinicalTrials.gov.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShares } from '../../../../src/lib/format.ts';
import { bioPhases, shortInterest } from '../../../../src/server/schema.ts';
import type { TestApp } from '../../../helpers/app.ts';
import { answerHelpers, cites, seedAnswersUniverse, type Company } from './answers-universe.ts';

let t: TestApp;
let s: Company, u: Company;
beforeAll(async () => {
  ({ t, s, u } = await seedAnswersUniverse());
});
afterAll(() => t.close());
const { asked } = answerHelpers(() => t);

describe('RedChat on short interest', () => {
  it('gives the latest report’s shares short, their share of the shares and days to cover, citing the section', async () => {
    const [latest] = await t.database.db
      .select()
      .from(shortInterest)
      .where(eq(shortInterest.symbol, s.symbol))
      .orderBy(desc(shortInterest.settlementDate))
      .limit(1);
    const a = await asked(`what is the short interest in ${s.symbol}?`);
    expect(a.text).toContain(`**${formatShares(latest!.shortPosition)}** shares of`);
    expect(a.text).toContain(`days to cover: ${latest!.daysToCover!.toFixed(2)}`);
    expect(a.text).toMatch(/since the report before\./);
    cites(a, `/stocks/${s.symbol}${s.isClient ? '/marketdata' : ''}#short-interest`);
  });

  it('says so of a company without a report', async () => {
    await t.database.db.delete(shortInterest).where(eq(shortInterest.symbol, u.symbol));
    const a = await asked(`how many shares of ${u.symbol} are shorted?`);
    expect(a.text).toContain('RedCap holds no short-interest report for');
  });
});

describe('RedChat on trials', () => {
  it('gives a trial with its condition and status, citing its page on ClinicalTrials.gov', async () => {
    await t.database.db.insert(bioPhases).values({
      companySymbol: s.symbol,
      stage: 'Phase 3 · Recruiting',
      drugName: 'NNZ-2591',
      date: '2025-11-12',
      rawTextLink: 'https://clinicaltrials.gov/study/NCT07281079',
      source: 'clinicaltrials.gov',
      nctId: 'NCT07281079',
      status: 'RECRUITING',
      conditions: ['Phelan-McDermid Syndrome'],
      startDate: '2025-11-12',
      sponsorRole: 'lead',
    });
    const a = await asked(`what trials does ${s.symbol} have?`);
    expect(a.text).toContain('**NNZ-2591** for Phelan-McDermid Syndrome: Phase 3 · Recruiting (started Nov 12, 2025)');
    cites(a, 'https://clinicaltrials.gov/study/NCT07281079');
  });
});
