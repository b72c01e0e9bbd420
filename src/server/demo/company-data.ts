/**
 * Demo company-page data, coherent with each company's snapshot and with
 * itself: the description, insider transactions (each with its Form 4 among
 * the SEC filings), SEC filings, institutional holdings, bio phases of
 * life-science companies, analyst ratings, and for client companies their
 * landing page, management team (the insiders' officers), specialist and
 * podcast. What the texts say of a pipeline comes from the bio phases.
 * Pure and deterministic for a seed.
 */
import type { Recommendation } from '../../lib/analysts.ts';
import { filingGroupOf } from '../../lib/company.ts';
import { addDays, isTradingDay } from '../../lib/market-calendar.ts';
import type { CompanyFinancials } from '../../lib/financial-records.ts';
import { generateClientPages } from './client-pages.ts';
import { generateFinancials } from './financials.ts';
import { generateShortInterest } from './short-interest.ts';
import { insiderLabel, insidersOf, managementTeam, personName } from './people.ts';
import { generateBioPhases, pipelineStage, pipelineStrategies, type PipelineStage } from './pipeline.ts';
import { createRandom, type Random } from './random.ts';
import { roundPrice } from './universe.ts';
import { ANALYST_FIRMS, FILING_DESCRIPTIONS, FUND_KINDS, FUND_WORDS } from './words/company-pages.ts';
import type {
  analystRatings,
  bioPhases,
  clients,
  companyLandingPages,
  companyLeaders,
  companyProfiles,
  institutionalHoldings,
  insiderTransactions,
  secFilings,
  shortInterest,
  specialists,
} from '../schema.ts';

/** The demo's Form 4 rows that are not market purchases, by weight: sales most, then pay's grants and exercises. */
const DEMO_INSIDER_CODES: [string, number][] = [
  ['S', 0.55],
  ['A', 0.17],
  ['M', 0.12],
  ['F', 0.12],
  ['G', 0.04],
];

export interface DemoCompanySource {
  symbol: string;
  name: string;
  sectorName: string;
  industry: string;
  country: string;
  ipoYear: number | null;
  isClient: boolean;
  lastSale: number | null;
  sharesOutstanding: number | null;
  marketCap: number | null;
  bioPhasePipelines: string | null;
  insiderTransactions: number | null;
  institutionalOwnership: number | null;
}

export interface DemoCompanyData {
  profiles: (typeof companyProfiles.$inferInsert)[];
  insider: (typeof insiderTransactions.$inferInsert)[];
  filings: (typeof secFilings.$inferInsert)[];
  holdings: (typeof institutionalHoldings.$inferInsert)[];
  bioPhases: (typeof bioPhases.$inferInsert)[];
  analysts: (typeof analystRatings.$inferInsert)[];
  specialists: (typeof specialists.$inferInsert & { id: number })[];
  clients: (typeof clients.$inferInsert)[];
  landingPages: (typeof companyLandingPages.$inferInsert)[];
  leaders: (typeof companyLeaders.$inferInsert)[];
  financials: { symbol: string; record: CompanyFinancials }[];
  shortInterest: (typeof shortInterest.$inferInsert)[];
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/\b(inc|corp|corporation|ltd|plc|holdings|co|group|sa|nv|lp)\b\.?/g, '')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24) || 'company';

/** A trading day no later than `date`. */
function tradingDayOnOrBefore(date: string): string {
  let d = date;
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

function describe(c: DemoCompanySource, r: Random, pipeline: PipelineStage | null): string {
  const founded = c.ipoYear ? Math.max(1900, c.ipoYear - r.int(2, 25)) : null;
  const where =
    c.country === 'United States'
      ? r.pick(['Texas', 'California', 'Massachusetts', 'New York', 'Florida', 'Colorado', 'New Jersey', 'Illinois'])
      : c.country;
  const focus = c.industry.toLowerCase();
  return [
    `${c.name} is ${/^[aeiou]/i.test(c.sectorName) ? 'an' : 'a'} ${c.sectorName.toLowerCase()} company in ${focus}, headquartered in ${where}${founded ? ` and founded in ${founded}` : ''}. ` +
      `Its shares trade under the symbol ${c.symbol}${c.ipoYear ? `, listed since ${c.ipoYear}` : ''}.`,
    `${r.pick(['Its strategy centres on', 'Management is focused on', 'The business is built around'])} ${r.pick([
      'growing recurring revenue from a small number of large customers',
      'disciplined capital allocation and expansion into adjacent markets',
      'operational efficiency and a conservative balance sheet',
      'proprietary technology licensed to larger partners',
      ...pipelineStrategies(pipeline),
    ])}. ${r.pick([
      'The company reports in US dollars and files annual and quarterly reports with the SEC.',
      'Recent filings point to a multi-year investment cycle funded from cash on hand.',
      'It has raised capital through at-the-market offerings over the past two years.',
    ])}`,
    'Demo company profile generated for demonstration.',
  ].join('\n\n');
}

function accession(r: Random, date: string, n: number): string {
  const filer = String(r.int(1_000_000, 1_999_999)).padStart(10, '0');
  return `${filer}-${date.slice(2, 4)}-${String(n).padStart(6, '0')}`;
}

/** Form types weighted as small caps file them; Form 4s are the insider transactions' own, 10-Ks and 10-Qs the statements'. */
function filingTypesFor(c: DemoCompanySource): (readonly [string, number])[] {
  const foreign = c.country !== 'United States';
  return [
    ['8-K', 30],
    ['8-K/A', 2],
    // Annual and quarterly reports are filed with the company's statements (financials.ts).
    ...(foreign ? ([['6-K', 16]] as const) : []),
    ['3', 3],
    ['144', 3],
    ['SC 13G', 4],
    ['DEF 14A', 3],
    ['DEFA14A', 1],
    ['S-3', 2],
    ['S-8', 2],
    ['424B5', 3],
    ['UPLOAD', 1],
    ['CORRESP', 1],
  ];
}

export function generateCompanyData(
  seed: string,
  asOf: string,
  companies: readonly DemoCompanySource[],
): DemoCompanyData {
  const out: DemoCompanyData = {
    profiles: [],
    insider: [],
    filings: [],
    holdings: [],
    bioPhases: [],
    analysts: [],
    specialists: [],
    clients: [],
    landingPages: [],
    leaders: [],
    financials: [],
    shortInterest: [],
  };
  const random = createRandom(`${seed}:company-pages`);
  for (let i = 0; i < 6; i++) {
    const r = random.fork(`specialist:${i}`);
    const name = personName(r);
    out.specialists.push({
      id: i + 1,
      name,
      title: 'Investor Relations Specialist',
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@redcapresearch.example`,
      phone: `(212) 555-01${String(10 + i * 7).padStart(2, '0')}`,
    });
  }
  let accessionSerial = 0;
  const file = (symbol: string, r: Random, type: string, date: string, description: string) => {
    const key = accession(r, date, ++accessionSerial);
    const filing = {
      accessionKey: key,
      companySymbol: symbol,
      filingType: type,
      description,
      rawTextLink: `/api/stock/filing/${key}.txt`,
      documentCount: type === '10-K' || type === '20-F' ? r.int(6, 24) : type === '4' ? 1 : r.int(1, 6),
      dateAsOfChange: date,
    };
    out.filings.push(filing);
    return { accession: key, url: filing.rawTextLink };
  };
  for (const c of companies) {
    const r = random.fork(`company:${c.symbol}`);
    const price = c.lastSale ?? 1;
    const shares = c.sharesOutstanding ?? 10_000_000;
    const domain = `${slug(c.name)}.example.com`;
    // Bio phases first: the description and the landing page say only what they show.
    const phases = generateBioPhases(c, r, asOf);
    out.bioPhases.push(...phases);
    const pipeline = pipelineStage(phases.map((p) => p.stage));
    out.profiles.push({
      symbol: c.symbol,
      description: describe(c, r, pipeline),
      websiteUrl: `https://www.${domain}`,
      headquarters: c.country,
      employees: Math.max(4, Math.round(r.logBetween(8, 4000))),
    });

    // Insider transactions: as many as the screener counts, over the last year, by the team's officers and the
    // board; each reported on a Form 4 the same day, naming the insider as the table does.
    const team = managementTeam(r);
    const insiders = insidersOf(r, team);
    // What each Form 4 row was, from a stream of its own so the rest of the company stays as it was.
    const forms = random.fork(`insider-forms:${c.symbol}`);
    let held = Math.round(shares * forms.between(0.001, 0.02));
    for (let k = 0; k < (c.insiderTransactions ?? 0); k++) {
      const insider = r.pick(insiders);
      const purchaser = insiderLabel(insider);
      const date = tradingDayOnOrBefore(addDays(asOf, -r.int(0, 364)));
      const amount = Math.max(100, Math.round((r.logBetween(500, 400_000) * Math.min(1, shares / 5e7)) / 100) * 100);
      // Market trades first; then what officers' pay brings: grants, option exercises, shares withheld, gifts.
      const code = r.chance(0.45) ? 'P' : forms.weighted(DEMO_INSIDER_CODES);
      const acquired = code === 'P' || code === 'A' || code === 'M';
      held = Math.max(0, held + (acquired ? amount : -amount));
      out.insider.push({
        companySymbol: c.symbol,
        purchaser,
        amountPurchased: amount,
        dateOfPurchase: date,
        isBuy: code === 'P',
        code,
        // The label names the title already ('Jane Roe (Chief Financial Officer)').
        relationship: null,
        price: code === 'A' || code === 'G' ? 0 : Math.round(price * forms.between(0.9, 1.1) * 100) / 100,
        acquiredDisposed: acquired ? 'A' : 'D',
        sharesAfter: held,
        ownership: forms.chance(0.85) ? 'D' : 'I',
        natureOfOwnership: null,
        tradingPlan: code === 'S' ? forms.chance(0.4) : false,
        security: code === 'M' ? 'Stock Option (right to buy)' : 'Common Stock',
        derivative: code === 'M',
        filedOn: date,
      });
      file(c.symbol, r, '4', date, `${FILING_DESCRIPTIONS['4']}: ${purchaser}`);
    }

    // The statements, with the 10-Qs and 10-Ks (or 20-Fs) they were filed in, from a stream of their own.
    const statements = random.fork(`financials:${c.symbol}`);
    const record = generateFinancials(c, statements, asOf, (type, date) =>
      file(c.symbol, statements, type, date, FILING_DESCRIPTIONS[type] ?? type),
    );
    if (record) out.financials.push({ symbol: c.symbol, record });
    // Twice-monthly short interest, from a stream of its own.
    out.shortInterest.push(...generateShortInterest(c, random.fork(`short-interest:${c.symbol}`), asOf));

    // The other SEC filings, over two years.
    const filingCount = r.int(4, 24);
    const types = filingTypesFor(c);
    for (let k = 0; k < filingCount; k++) {
      const type = r.weighted(types);
      const date = tradingDayOnOrBefore(addDays(asOf, -r.int(0, 729)));
      file(c.symbol, r, type, date, FILING_DESCRIPTIONS[type] ?? filingGroupOf(type) ?? type);
    }

    // Institutional holders: their shares add up to the screener's ownership figure.
    const ownership = Math.max(0.5, c.institutionalOwnership ?? 10) / 100;
    const holderCount = r.int(5, 40);
    const weights = Array.from({ length: holderCount }, () => r.logBetween(0.02, 1));
    const weightSum = weights.reduce((s, w) => s + w, 0);
    const usedNames = new Set<string>();
    weights.forEach((w, k) => {
      let name = `${r.pick(FUND_WORDS)} ${r.pick(FUND_KINDS)}`;
      if (usedNames.has(name)) name = `${name} ${k + 1}`;
      usedNames.add(name);
      const held = Math.max(1000, Math.round((shares * ownership * w) / weightSum));
      out.holdings.push({
        companySymbol: c.symbol,
        institutionName: name,
        sharesHeld: held,
        sharesHeldPercentage: round((held / shares) * 100, 4),
        marketValue: Math.round(held * price),
        filingDate: tradingDayOnOrBefore(addDays(asOf, -r.int(10, 120))),
      });
    });

    // Analyst ratings: most companies above a dollar are covered, a quarter of those below. The
    // screener's analyst columns are derived from these ratings (refreshAnalystSummaries).
    if (c.lastSale !== null && r.chance(c.lastSale < 1 ? 0.25 : 0.72)) {
      const total = r.int(1, 12);
      const buy = r.int(0, total);
      const sell = r.int(0, Math.min(2, total - buy));
      const recs = [
        ...Array<Recommendation>(buy).fill('Buy'),
        ...Array<Recommendation>(total - buy - sell).fill('Hold'),
        ...Array<Recommendation>(sell).fill('Sell'),
      ];
      // Where the analysts broadly see the stock; each target spreads around it by the rating.
      const consensus = c.lastSale * Math.max(0.4, 1 + r.normal() * 0.35 + 0.3);
      for (const rec of recs) {
        const spread = rec === 'Buy' ? r.between(1, 1.4) : rec === 'Sell' ? r.between(0.5, 0.9) : r.between(0.85, 1.1);
        out.analysts.push({
          companySymbol: c.symbol,
          analystName: personName(r),
          firmName: r.pick(ANALYST_FIRMS),
          recommendation: rec,
          recommendationDate: tradingDayOnOrBefore(addDays(asOf, -r.int(0, 300))),
          priceTarget: roundPrice(consensus * spread),
          analystRank: r.int(1, 9000),
          successRate: round(r.between(0.28, 0.82), 4),
        });
      }
    }

    if (c.isClient) {
      const specialistId = out.specialists[r.int(0, out.specialists.length - 1)]!.id;
      const pages = generateClientPages(c, r, { asOf, domain, specialistId, team, pipeline });
      out.clients.push(pages.client);
      out.landingPages.push(pages.landingPage);
      out.leaders.push(...pages.leaders);
    }
  }
  // Bio phase links point at the company's newest 8-K, where the news would have been filed.
  const latest8k = new Map<string, string>();
  for (const f of out.filings) {
    if (f.filingType !== '8-K') continue;
    const prev = latest8k.get(f.companySymbol);
    if (!prev || f.rawTextLink > prev) latest8k.set(f.companySymbol, f.rawTextLink);
  }
  for (const b of out.bioPhases) b.rawTextLink = latest8k.get(b.companySymbol) ?? null;
  return out;
}
