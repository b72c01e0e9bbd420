/**
 * Demo company-page data, coherent with each company's snapshot: the
 * description, insider transactions, SEC filings, institutional holdings,
 * bio phases of life-science companies, analyst ratings, and for client
 * companies their landing page, management team, specialist and podcast.
 * Pure and deterministic for a seed.
 */
import type { Recommendation } from '../../lib/analysts.ts';
import { filingGroupOf, presentationPath } from '../../lib/company.ts';
import { escapeHtml } from '../../lib/markup.ts';
import { addDays, isTradingDay } from '../../lib/market-calendar.ts';
import { createRandom, type Random } from './random.ts';
import { roundPrice } from './universe.ts';
import {
  ANALYST_FIRMS,
  DRUG_PREFIXES,
  FILING_DESCRIPTIONS,
  FIRST_NAMES,
  FUND_KINDS,
  FUND_WORDS,
  INDICATIONS,
  INSIDER_ROLES,
  LAST_NAMES,
  LEADER_TITLES,
  STAGE_TEXTS,
} from './words/company-pages.ts';
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
  specialists,
} from '../schema.ts';

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
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const personName = (r: Random) => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES).replace('OBrien', "O'Brien")}`;
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

function describe(c: DemoCompanySource, r: Random): string {
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
      'bringing its lead programme to market and partnering the rest of its pipeline',
      'disciplined capital allocation and expansion into adjacent markets',
      'operational efficiency and a conservative balance sheet',
      'proprietary technology licensed to larger partners',
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

/** Form types weighted as small caps file them. */
function filingTypesFor(c: DemoCompanySource): (readonly [string, number])[] {
  const foreign = c.country !== 'United States';
  return [
    ['8-K', 30],
    ['8-K/A', 2],
    [foreign ? '20-F' : '10-K', 4],
    ...(foreign ? ([['6-K', 16]] as const) : ([['10-Q', 10]] as const)),
    ['4', 24],
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
  for (const c of companies) {
    const r = random.fork(`company:${c.symbol}`);
    const price = c.lastSale ?? 1;
    const shares = c.sharesOutstanding ?? 10_000_000;
    const domain = `${slug(c.name)}.example.com`;
    out.profiles.push({
      symbol: c.symbol,
      description: describe(c, r),
      websiteUrl: `https://www.${domain}`,
      headquarters: c.country,
      employees: Math.max(4, Math.round(r.logBetween(8, 4000))),
    });

    // Insider transactions: as many as the screener counts, over the last year.
    const insiders = Array.from({ length: r.int(2, 6) }, () => `${personName(r)} (${r.pick(INSIDER_ROLES)})`);
    for (let k = 0; k < (c.insiderTransactions ?? 0); k++) {
      out.insider.push({
        companySymbol: c.symbol,
        purchaser: r.pick(insiders),
        amountPurchased: Math.max(
          100,
          Math.round((r.logBetween(500, 400_000) * Math.min(1, shares / 5e7)) / 100) * 100,
        ),
        dateOfPurchase: tradingDayOnOrBefore(addDays(asOf, -r.int(0, 364))),
        isBuy: r.chance(0.45),
      });
    }

    // SEC filings over two years.
    const filingCount = r.int(8, 40);
    const types = filingTypesFor(c);
    for (let k = 0; k < filingCount; k++) {
      const type = r.weighted(types);
      const date = tradingDayOnOrBefore(addDays(asOf, -r.int(0, 729)));
      const key = accession(r, date, ++accessionSerial);
      out.filings.push({
        accessionKey: key,
        companySymbol: c.symbol,
        filingType: type,
        description: FILING_DESCRIPTIONS[type] ?? filingGroupOf(type) ?? type,
        rawTextLink: `/api/stock/filing/${key}.txt`,
        documentCount: type === '10-K' || type === '20-F' ? r.int(6, 24) : type === '4' ? 1 : r.int(1, 6),
        dateAsOfChange: date,
      });
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

    // Bio phases: life-science companies with a pipeline stage in the screener.
    if (c.bioPhasePipelines) {
      const programmes = r.int(1, 5);
      for (let k = 0; k < programmes; k++) {
        const group = k === 0 ? groupOfScreenerStage(c.bioPhasePipelines) : r.pick(Object.keys(STAGE_TEXTS));
        const drug = `${r.pick(DRUG_PREFIXES)}-${r.int(100, 999)}`;
        out.bioPhases.push({
          companySymbol: c.symbol,
          stage: `${r.pick(STAGE_TEXTS[group]!)} in ${r.pick(INDICATIONS)}`,
          drugName: drug,
          date: r.chance(0.9) ? addDays(asOf, -r.int(0, 500)) : null,
          rawTextLink: null,
        });
      }
    }

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

    if (c.isClient) clientData(c, r, asOf, domain, out);
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

function groupOfScreenerStage(stage: string): string {
  if (stage === 'Failed') return 'Failed';
  if (stage === 'Approved' || stage === 'Phase 4') return 'Completed';
  if (['Phase 3', 'Phase 2/3', 'NDA', 'sNDA', 'BLA', 'PDUFA'].includes(stage)) return 'Phase 3';
  if (stage.startsWith('Phase 2') || stage === 'Phase 1/2') return 'Phase 2';
  return 'Phase 1';
}

function clientData(c: DemoCompanySource, r: Random, asOf: string, domain: string, out: DemoCompanyData): void {
  const specialist = out.specialists[r.int(0, out.specialists.length - 1)]!;
  out.clients.push({
    companySymbol: c.symbol,
    active: true,
    contract: `Investor-relations programme, 12 months from ${addDays(asOf, -r.int(30, 300))}`,
    disclosure:
      `<p>RedCap Research has been compensated by ${escapeHtml(c.name)} for investor-relations services, including ` +
      `this company page, for a period of twelve months. Nothing on this page is investment advice. ` +
      `See our <a href="/terms">terms</a> for our full disclosure policy.</p><p>Demo disclosure generated for demonstration.</p>`,
    assignedSpecialistId: specialist.id,
    topicArn: r.chance(0.6) ? `arn:aws:sns:us-east-1:000000000000:news-${c.symbol.toLowerCase()}` : null,
  });
  const highlights = [
    `A clear path to ${r.pick(['profitability', 'cash-flow break-even', 'commercial launch', 'a larger addressable market'])} within ${r.int(12, 36)} months`,
    `${r.pick(['Recurring', 'Contracted', 'Growing'])} revenue up ${r.int(12, 80)}% year over year`,
    `Management and directors own ${r.int(5, 35)}% of the shares`,
    `Cash runway into ${Number(asOf.slice(0, 4)) + r.int(1, 3)}`,
    `${r.int(2, 9)} catalysts expected over the next twelve months`,
  ];
  const hasExtra = r.chance(0.5);
  out.landingPages.push({
    companySymbol: c.symbol,
    title: `${c.name} (${c.symbol})`,
    seo: `${c.name} (${c.symbol}): company overview, investor presentation, management and news.`,
    subtitle: `A ${c.sectorName.toLowerCase()} company building value in ${c.industry.toLowerCase()}`,
    overview:
      `<p>${escapeHtml(c.name)} operates in ${escapeHtml(c.industry.toLowerCase())}. ` +
      `The company serves customers across ${r.pick(['North America', 'the United States and Europe', 'more than twenty countries'])} and employs a focused team of specialists.</p>` +
      `<p>${r.pick(['Over the last year', 'Since its listing', 'In the most recent quarter'])} the company has ${r.pick(['expanded its margins', 'signed new long-term agreements', 'advanced its lead programme', 'strengthened its balance sheet'])}.</p>`,
    valuepropTitle: 'Value Proposition',
    valueProp: r.chance(0.9)
      ? `<p>${escapeHtml(c.name)} offers investors exposure to ${escapeHtml(c.industry.toLowerCase())} at an early stage of its growth, with ${r.pick(['a differentiated technology platform', 'a de-risked late-stage pipeline', 'a capital-light operating model', 'assets valued well below replacement cost'])}.</p>`
      : null,
    investmentHighlights: r.chance(0.92)
      ? `<ul>${highlights.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>`
      : null,
    highlights: null,
    presentation: presentationPath(c.symbol),
    presentationTitle: `${c.name} Investor Presentation`,
    extraTitle: hasExtra ? r.pick(['Recent Milestones', 'Market Opportunity', 'Competitive Position']) : null,
    extraInfo: hasExtra
      ? `<p>${escapeHtml(c.name)} reached ${r.int(2, 6)} milestones this year, ahead of its published timeline.</p>`
      : null,
    extraTitleTwo: r.chance(0.3) ? 'Environmental, Social and Governance' : null,
    extraInfoTwo: null,
    jumboVideo: null,
    jumbotronGradientOpacity: 0.55,
    jumbotronTitleColor: '#ffffff',
    jumbotronSubtitleColor: '#f3f4f6',
    letter: null,
    askceoTitle: `Ask the CEO of ${c.name}`,
    customStyle: null,
    websiteUrl: `https://www.${domain}`,
    podcastLink: r.chance(0.6) ? `https://open.spotify.com/embed/episode/${podcastId(r)}` : null,
    active: true,
  });
  // extra_info_two follows its title.
  const page = out.landingPages[out.landingPages.length - 1]!;
  if (page.extraTitleTwo)
    page.extraInfoTwo = `<p>${escapeHtml(c.name)} publishes an annual sustainability report and has a majority-independent board.</p>`;

  const team = r.int(3, 6);
  for (let k = 0; k < team; k++) {
    const name = personName(r);
    const title = LEADER_TITLES[k]!;
    out.leaders.push({
      companySymbol: c.symbol,
      name,
      title,
      description:
        `<p>${escapeHtml(name)} joined ${escapeHtml(c.name)} in ${Number(asOf.slice(0, 4)) - r.int(1, 12)} as ${escapeHtml(title)}.</p>` +
        `<p>Before that, ${escapeHtml(name.split(' ')[0]!)} spent ${r.int(6, 22)} years at ${r.pick(['a global investment bank', 'a large-cap peer', 'a leading consultancy', 'an early-stage venture fund'])}, ` +
        `where ${r.pick(['they led', 'they built', 'they ran'])} ${r.pick(['corporate development', 'the operations group', 'the research programme', 'finance and strategy'])}.</p>` +
        `<ul><li>${r.pick(['MBA', 'PhD', 'JD', 'MSc'])}, ${r.pick(['Stanford University', 'University of Chicago', 'Columbia University', 'Duke University', 'University of Michigan'])}</li></ul>`,
      headshotUrl: `/api/covers/headshot.svg?name=${encodeURIComponent(name)}`,
      sortOrder: k,
    });
  }
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const podcastId = (r: Random) => Array.from({ length: 22 }, () => r.pick([...ID_ALPHABET])).join('');
