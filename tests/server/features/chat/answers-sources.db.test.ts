/**
 * RedChat on what the public sources add to a company (docs/product.md §9.13, §9.14): its short
 * interest with the settlement date, share of the shares outstanding, days to cover and change,
 * citing the page's Short Interest section; its trials with their conditions, citing each trial's
 * page on ClinicalTrials.gov; and the IPO calendar, citing it and the listing's filing.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShares } from '../../../../src/lib/format.ts';
import { bioPhases, ipos, shortInterest } from '../../../../src/server/schema.ts';
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

describe('RedChat on the IPO calendar', () => {
  it('lists the coming and latest listings, citing the calendar, and says where they come from', async () => {
    const { data } = (await t.call('GET', '/api/stock/ipo?pageSize=50')).body as {
      data: { company_name: string; status: string }[];
    };
    // The soonest of the listings to come leads (the calendar runs newest first).
    const coming = data.findLast((r) => r.status === 'Expected')!;
    const a = await asked('what IPOs are coming up?');
    expect(a.text).toContain("The IPO calendar's coming and latest listings");
    expect(a.text).toMatch(new RegExp(`listings \\[\\d+\\]:\\n- ${coming.company_name} \\(`));
    expect(a.text).toContain('Source: Demo data: generated listings, not real offerings.');
    cites(a, '/stocks/IPO');
  });

  it('answers about one listing named by its proposed symbol, with its filing', async () => {
    await t.database.db.insert(ipos).values({
      companyName: 'CAMP4 Therapeutics Corporation',
      symbol: 'CAMP',
      exchange: 'NASDAQ',
      sharesOffered: 6_820_000,
      offerPrice: 11,
      expectedDate: '2024-10-11',
      pricedOn: '2024-10-11',
      status: 'Priced',
      source: 'edgar',
      cik: 1736730,
      filings: [
        {
          form: '424B4',
          accession: '0001104659-24-107981',
          filedOn: '2024-10-11',
          url: 'https://www.sec.gov/Archives/edgar/data/1736730/000110465924107981/0001104659-24-107981-index.htm',
        },
      ],
    });
    const a = await asked('when did the CAMP IPO price?');
    expect(a.text).toContain("On RedCap's IPO calendar");
    expect(a.text).toContain(
      'CAMP4 Therapeutics Corporation (CAMP on NASDAQ): Priced, priced at $11.00, 6.82M shares offered, priced 2024-10-11',
    );
    cites(a, 'https://www.sec.gov/Archives/edgar/data/1736730/000110465924107981/0001104659-24-107981-index.htm');
  });
});
