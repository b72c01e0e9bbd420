/**
 * Company pages (docs/product.md §9, §21): the fixed groups, tabs, page sizes
 * and texts shared by the API, the generated pages and their islands.
 */

/** The eight filing-type groups of the SEC filings filter, with the EDGAR form types each covers. */
export const FILING_GROUPS = [
  { name: '8K-related', types: ['8-K', '8-K/A', '8-K12B', '8-K12G3', '8-K15D5'] },
  {
    name: 'Annual reports',
    types: ['10-K', '10-K/A', '10-KT', '10-KT/A', '10-K405', '20-F', '20-F/A', '40-F', '40-F/A', 'ARS'],
  },
  { name: 'Quarterly Reports', types: ['10-Q', '10-Q/A', '10-QT', '10-QT/A'] },
  {
    name: 'Insider transactions',
    // EDGAR writes beneficial-ownership reports 'SC 13D' until 2024 and 'SCHEDULE 13D' since.
    types: [
      '3',
      '3/A',
      '4',
      '4/A',
      '5',
      '5/A',
      '144',
      '144/A',
      'SC 13D',
      'SC 13D/A',
      'SC 13G',
      'SC 13G/A',
      'SCHEDULE 13D',
      'SCHEDULE 13D/A',
      'SCHEDULE 13G',
      'SCHEDULE 13G/A',
    ],
  },
  {
    name: 'Proxies and info statements',
    types: [
      'DEF 14A',
      'DEFA14A',
      'DEFM14A',
      'DEFR14A',
      'PRE 14A',
      'PREM14A',
      'PRER14A',
      'DEF 14C',
      'DEFM14C',
      'PRE 14C',
    ],
  },
  {
    name: 'Registration statements',
    types: [
      'S-1',
      'S-1/A',
      'S-3',
      'S-3/A',
      'S-3ASR',
      'S-4',
      'S-4/A',
      'S-8',
      'S-8 POS',
      'F-1',
      'F-1/A',
      'F-3',
      'F-3/A',
      'POS AM',
      '424B1',
      '424B2',
      '424B3',
      '424B4',
      '424B5',
      '424B7',
    ],
  },
  { name: 'Comment letters', types: ['UPLOAD', 'CORRESP'] },
  { name: 'Form 6-K', types: ['6-K', '6-K/A'] },
] as const;

export type FilingGroupName = (typeof FILING_GROUPS)[number]['name'];
export const FILING_GROUP_NAMES: readonly FilingGroupName[] = FILING_GROUPS.map((g) => g.name);

/** The group a form type belongs to, or null for forms outside the eight groups. */
export function filingGroupOf(filingType: string): FilingGroupName | null {
  const type = filingType.trim().toUpperCase();
  return FILING_GROUPS.find((g) => (g.types as readonly string[]).includes(type))?.name ?? null;
}

/** Every form type of the named groups (the API filters on these). */
export function filingTypesOf(groups: readonly string[]): string[] {
  return FILING_GROUPS.filter((g) => groups.includes(g.name)).flatMap((g) => g.types);
}

/**
 * Bio-phase groups (docs/product.md §22.6): a stage text containing one of a group's
 * variants belongs to it. Checked in this order, so 'Phase 2/3' is a Phase 3
 * trial and 'Phase 1/2' a Phase 2 trial, and a failed or finished trial is
 * never counted as running.
 */
export const BIO_PHASE_GROUPS = [
  {
    name: 'Failed',
    variants: ['failed', 'discontinued', 'terminated', 'withdrawn', 'complete response letter', 'crl'],
  },
  { name: 'Completed', variants: ['approved', 'completed', 'phase 4', 'phase iv', 'marketed', 'launched'] },
  {
    name: 'Phase 3',
    variants: ['phase 2/3', 'phase 3', 'phase iii', 'pivotal', 'snda', 'nda', 'bla', 'pdufa'],
  },
  { name: 'Phase 2', variants: ['phase 1/2', 'phase 2', 'phase ii', 'proof of concept'] },
  { name: 'Phase 1', variants: ['phase 1', 'phase i', 'ind', 'first-in-human'] },
] as const;

export type BioPhaseGroupName = (typeof BIO_PHASE_GROUPS)[number]['name'];
/** The order groups are shown in: the pipeline from first to last, then the ends. */
export const BIO_PHASE_GROUP_ORDER: readonly BioPhaseGroupName[] = [
  'Phase 1',
  'Phase 2',
  'Phase 3',
  'Completed',
  'Failed',
];

export function bioPhaseGroupOf(stage: string): BioPhaseGroupName | null {
  const text = stage.toLowerCase();
  for (const group of BIO_PHASE_GROUPS) {
    if (group.variants.some((v) => (ACRONYMS.has(v) ? new RegExp(`\\b${v}\\b`).test(text) : text.includes(v))))
      return group.name;
  }
  return null;
}

/** Short variants match as whole words only ('ind' is not inside 'findings'). */
const ACRONYMS = new Set(['nda', 'bla', 'crl', 'ind']);

/** Groups bio phases in display order; stages outside the five groups come last under 'Other'. */
export function groupBioPhases<T extends { stage: string }>(phases: readonly T[]): { group: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const phase of phases) {
    const group = bioPhaseGroupOf(phase.stage) ?? 'Other';
    groups.set(group, [...(groups.get(group) ?? []), phase]);
  }
  return [...BIO_PHASE_GROUP_ORDER, 'Other']
    .filter((g) => groups.has(g))
    .map((group) => ({ group, items: groups.get(group)! }));
}

/** Client company tabs (docs/product.md §9.3), in tab-bar order, with their labels. */
export const COMPANY_TABS = [
  { slug: 'about', label: 'About' },
  { slug: 'marketdata', label: 'Market Data' },
  { slug: 'financials', label: 'Financials' },
  { slug: 'news', label: 'News' },
  { slug: 'analyst-reports', label: 'Analyst Reports' },
  { slug: 'team', label: 'Leadership' },
  { slug: 'secfilings', label: 'SEC Filings' },
  { slug: 'videos', label: 'Videos' },
  { slug: 'webinar', label: 'Webinar Archive' },
  { slug: 'bio', label: 'Bio Phase' },
  { slug: 'podcast', label: 'Podcast' },
] as const;

export type CompanyTab = (typeof COMPANY_TABS)[number]['slug'];

/**
 * The tabs of a company that is not a client: its stock page and its financials. Every company has
 * a Financials tab (docs/product.md §9.12); a null slug is the stock page itself, /stocks/{symbol}.
 */
export const STOCK_TABS = [
  { slug: null, label: 'Overview' },
  { slug: 'financials', label: 'Financials' },
] as const satisfies readonly { slug: CompanyTab | null; label: string }[];

/** The tabs a client company shows: Bio Phase only when it has bio phases. */
export const tabsFor = (hasBioPhases: boolean) => COMPANY_TABS.filter((t) => t.slug !== 'bio' || hasBioPhases);

/** Page sizes of the company page tables (docs/product.md §21.1). */
export const PAGE_SIZES = {
  insider: { options: [5, 10, 20], default: 5 },
  /** The insider transactions call (`/stock/insiders/{symbol}`): larger pages for readers of the API. */
  insiderPages: { options: [10, 25, 50, 100], default: 25 },
  filings: { options: [5, 10, 20], default: 10 },
  institutional: { options: [5, 10, 25], default: 25 },
  analysts: { options: [10, 25, 50], default: 10 },
} as const;

/** Company market data is fetched again every 15 minutes (docs/product.md §21.3). */
export const MARKET_DATA_REFRESH_MS = 15 * 60 * 1000;

/** Price chart ranges. */
export const CHART_RANGES = ['1M', '3M', '6M', '1Y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const CHART_RANGE_DAYS: Record<ChartRange, number> = { '1M': 31, '3M': 92, '6M': 183, '1Y': 366 };

/** The texts of company pages (docs/product.md §20.5). */
export const COMPANY_TEXT = {
  loadingMarketData: 'Loading market data...',
  marketDataUnavailable: 'Market data is unavailable right now.',
  noInsider: 'No insider transactions available.',
  noNews: 'No news available.',
  noBioPhases: 'No bio phases available.',
  noTipRanks: 'No TipRanks data available.',
  loadFailed: 'Failed to load data. Please try again.',
  institutionalFailed: 'Failed to load data.',
  analystLogin: 'Please login to access Analyst Insights and stock data.',
  noValueProp: 'No value proposition available.',
  noHighlights: 'No Investment highlights.',
  noDisclosure: 'No disclosure.',
  noWebinar: 'No webinar available for this company.',
  podcastSoon: 'COMING SOON...',
  noFilings: 'No filings match these filters.',
  noHoldings: 'No institutional holdings reported.',
  /** Above the holders read from Form 13F: the quarter their latest reports are of. */
  holdingsAsOf: (quarterEnd: string) =>
    `As reported on Form 13F, latest report of each holder (quarter ended ${quarterEnd}).`,
  /** The change of a holder that held none at the quarter before. */
  newPosition: 'New',
  noVideos: 'No videos available for this company yet.',
  noTeam: 'No leadership profiles yet.',
} as const;

/** Where a company's generated documents are served (docs/product.md §9.10: cloud-stored assets). */
export const factSheetPath = (symbol: string) => `/Reports/${symbol.toUpperCase()}_FactSheet.pdf`;
export const presentationPath = (symbol: string) => `/Reports/${symbol.toUpperCase()}_Presentation.pdf`;

/** Paths no ticker may take: the /stocks pages that are not companies. */
export const RESERVED_STOCK_PATHS = new Set(['SCREENER', 'IPO', 'LEADERS', 'LAGGARDS']);

/** The sections of a company page that facts can be linked to (their element ids). */
export type CompanySection =
  | 'description'
  | 'chart'
  | 'market-stats'
  | 'insider'
  | 'filings'
  | 'institutional'
  | 'short-interest'
  | 'bio-phases'
  | 'analyst-reports'
  | 'news';

/**
 * Where a section of a company's page is: on the page itself, or for a
 * client company on its Market Data tab, which holds every stock section
 * (a redirect keeps the fragment if the company's page has no tabs).
 */
export function companySectionPath(symbol: string, section: CompanySection, isClient: boolean): string {
  const page = `/stocks/${encodeURIComponent(symbol.toUpperCase())}`;
  return `${isClient ? `${page}/marketdata` : page}#${section}`;
}
