import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/build/sanitize.ts';
import { formatNewYorkDate } from '../../../src/lib/time-format.ts';
import { generateCompanyData } from '../../../src/server/demo/company-data.ts';
import { generateContent, HOSTILE_SNIPPETS } from '../../../src/server/demo/content.ts';
import { generateUniverse } from '../../../src/server/demo/universe.ts';
import { demoCompanySources } from '../../helpers/demo-companies.ts';

const SEED = 'smallcap-demo-1';
const ASOF = '2026-11-20';
// The default demo universe's first names and sectors (some with '&'), over two years of news.
const universe = generateUniverse({ seed: SEED, asOf: ASOF, count: 600 });
const companies = demoCompanySources(universe);
const companyData = generateCompanyData(SEED, ASOF, companies);
const ratings = companyData.analysts.map((a) => ({
  companySymbol: a.companySymbol,
  analystName: a.analystName,
  firmName: a.firmName,
  recommendation: a.recommendation,
  recommendationDate: a.recommendationDate,
  priceTarget: a.priceTarget ?? null,
}));
const content = generateContent(SEED, ASOF, companies, ratings, companyData.filings);

describe('demo articles', () => {
  it('are written as the sanitizer writes staff HTML, all but the few that carry hostile markup', () => {
    const changed = content.news.filter((row) => sanitizeHtml(row.description ?? '') !== row.description);
    expect(changed.filter((row) => !content.hostile.has(row)).map((row) => row.title)).toEqual([]);
    // The hostile ones are the ones the seed sanitizes, and each carries one of the snippets.
    expect(new Set(changed)).toEqual(content.hostile);
    expect(content.hostile.size).toBeGreaterThan(10);
    for (const row of content.hostile) expect(HOSTILE_SNIPPETS.some((s) => row.description?.includes(s))).toBe(true);
  });

  it('report an analyst initiating coverage only on the day of a rating the company’s Analyst Reports list', () => {
    const initiations = content.news.filter((row) => /Initiates Coverage/.test(row.title!));
    expect(initiations.length).toBeGreaterThan(5);
    const reported = new Set<(typeof ratings)[number]>();
    for (const row of initiations) {
      const day = formatNewYorkDate(row.publishedAt as Date);
      const rating = ratings.find(
        (r) =>
          r.companySymbol === row.companySymbol &&
          formatNewYorkDate(new Date(`${r.recommendationDate}T12:00:00Z`)) === day &&
          row.title!.startsWith(`${r.firmName} Initiates Coverage of `) &&
          row.title!.endsWith(` with ${r.recommendation} Rating`) &&
          row.summary!.includes(r.analystName),
      );
      expect(rating, `${row.companySymbol} ${day}: ${row.title}`).toBeDefined();
      expect(reported.has(rating!), `${row.title} reported twice`).toBe(false);
      reported.add(rating!);
    }
  });
});

describe('demo company releases', () => {
  const releases = content.news.filter((row) => row.kind === 'company-release');
  const eightKs = new Map(companyData.filings.filter((f) => f.filingType === '8-K').map((f) => [f.accessionKey, f]));

  it('are each filed with one of the company’s 8-Ks of the last 120 days, published that day and linking to it', () => {
    expect(releases.length).toBeGreaterThanOrEqual(3);
    expect(new Set(releases.map((r) => r.accession)).size).toBe(releases.length);
    for (const row of releases) {
      const filing = eightKs.get(row.accession!);
      expect(filing, row.title).toBeDefined();
      expect(filing!.companySymbol).toBe(row.companySymbol);
      expect(filing!.dateAsOfChange >= '2026-07-23').toBe(true);
      expect(formatNewYorkDate(row.publishedAt as Date)).toBe(
        formatNewYorkDate(new Date(`${filing!.dateAsOfChange}T12:00:00Z`)),
      );
      expect(row).toMatchObject({ url: filing!.rawTextLink, filingForm: '8-K', rcNewsletter: false });
      expect(row.filingItems).toContain('9.01');
      expect(row.source).toBe(companies.find((c) => c.symbol === row.companySymbol)!.name);
    }
  });

  it('say they are demo content, and are written as the sanitizer writes them', () => {
    for (const row of releases) {
      expect(row.description).toContain('This press release is demo content generated for demonstration');
      expect(sanitizeHtml(row.description!)).toBe(row.description);
    }
  });

  it('are a few of the 8-Ks, not most of them', () => {
    const recent = [...eightKs.values()].filter((f) => f.dateAsOfChange >= '2026-07-23');
    expect(releases.length).toBeLessThan(recent.length / 10);
  });
});
