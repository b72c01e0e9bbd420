/**
 * Listed companies: the industry lookup, each company's identity and market
 * snapshot, its price history, and what a company page shows beyond the
 * snapshot (docs/product.md §9.2, §19.5), filled by importers (demo: the
 * generator). Favorite companies live here too.
 */
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { searchVector, tsvector } from '../../platform/db/full-text.ts';
import { users } from '../accounts/tables.ts';

/** The industry lookup: SIC code to sector, subdivision and description. */
export const industries = pgTable('industries', {
  sicCode: smallint('sic_code').primaryKey(),
  sector: text('sector').notNull(),
  subdivision: text('subdivision').notNull(),
  description: text('description').notNull(),
});

/**
 * One row per listed company: its identity and the latest market snapshot
 * the screener reads (docs/product.md §19.4). Snapshot fields are null after the
 * 3:30am ET reset until the day's first quote arrives.
 */
export const companies = pgTable(
  'companies',
  {
    symbol: text('symbol').primaryKey(),
    /** A stable number for the symbol: the content changes feed keys entities by number. */
    id: serial('id').notNull(),
    name: text('name').notNull(),
    sicCode: smallint('sic_code').notNull(),
    sectorName: text('sector_name').notNull(),
    industry: text('industry').notNull(),
    market: text('market').notNull(),
    country: text('country').notNull(),
    ipoYear: smallint('ipo_year'),
    logo: text('logo'),
    isClient: boolean('is_client').notNull().default(false),
    lastSale: doublePrecision('last_sale'),
    preClose: doublePrecision('pre_close'),
    open: doublePrecision('open'),
    dayHigh: doublePrecision('day_high'),
    dayLow: doublePrecision('day_low'),
    netChange: doublePrecision('net_change'),
    changePercent: doublePrecision('change_pre'),
    volume: bigint('volume', { mode: 'number' }),
    volumeAvg: bigint('volume_avg', { mode: 'number' }),
    marketCap: doublePrecision('market_cap'),
    week52Low: doublePrecision('week52_low'),
    week52High: doublePrecision('week52_high'),
    sharesOutstanding: bigint('shares_outstanding', { mode: 'number' }),
    floatShares: bigint('float_shares', { mode: 'number' }),
    freeFloat: doublePrecision('free_float'),
    latestRsi: doublePrecision('latest_rsi'),
    latestEma: doublePrecision('latest_ema'),
    latestSma: doublePrecision('latest_sma'),
    latestMacd: doublePrecision('latest_macd'),
    institutionalBuying: doublePrecision('institutional_buying'),
    institutionalOwnership: doublePrecision('institutional_ownership'),
    yearOverYearRevenue: doublePrecision('year_over_year_revenue'),
    quarterOverQuarterRevenue: doublePrecision('quarter_over_quarter_revenue'),
    bioPhasePipelines: text('bio_phase_pipelines'),
    insiderOwnershipPercent: doublePrecision('insider_ownership_percent'),
    insiderTransactions: integer('insider_transactions'),
    priceTarget: doublePrecision('price_target'),
    highPriceTarget: doublePrecision('high_price_target'),
    lowPriceTarget: doublePrecision('low_price_target'),
    priceTargetUpside: doublePrecision('price_target_upside'),
    buyRatings: smallint('buy_ratings').notNull().default(0),
    holdRatings: smallint('hold_ratings').notNull().default(0),
    sellRatings: smallint('sell_ratings').notNull().default(0),
    totalAnalysts: smallint('total_analysts').notNull().default(0),
    quoteUpdatedAt: timestamp('quote_updated_at', { withTimezone: true }),
    /** False once the company left the imported universe: its pages and history stay, the screener leaves it out. */
    active: boolean('active').notNull().default(true),
    /** The SEC's Central Index Key (from the SEC's ticker list): links the company to its filings. */
    cik: integer('cik'),
    /** Where the record and its prices come from: 'demo' (the generator) or an importer's source (see DATA_SOURCES). */
    dataSource: text('data_source').notNull().default('demo'),
    /** The trading day whose close the imported prices are (null for demo records: the demo seed's day). */
    pricesAsOf: date('prices_as_of'),
  },
  (t) => [
    index('companies_sic_code_idx').on(t.sicCode),
    index('companies_cik_idx').on(t.cik),
    index('companies_market_cap_idx').on(t.marketCap),
    index('companies_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('companies_id_idx').on(t.id),
  ],
);

/** One year (or more) of daily bars per company. */
export const dailyPrices = pgTable(
  'daily_prices',
  {
    symbol: text('symbol').notNull(),
    date: date('date').notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] })],
);

/** Companies a user follows (the screener's heart, the favorites page). */
export const favoriteCompanies = pgTable(
  'favorite_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.symbol] }),
    // A company's followers in reader order: alerts reach them a statement's worth at a time.
    index('favorite_companies_symbol_idx').on(t.symbol, t.userId),
  ],
);

/**
 * The company's own words: the description and web site. The description is the demo's, or the
 * opening of the business section of the company's latest annual report (10-K Item 1, 20-F Item 4),
 * with that filing named so the page can link to it.
 */
export const companyProfiles = pgTable('company_profiles', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  websiteUrl: text('website_url'),
  headquarters: text('headquarters'),
  employees: integer('employees'),
  source: text('source', { enum: ['demo', '10-K', '20-F'] })
    .notNull()
    .default('demo'),
  /** The annual report the description was read from: accession, filing day and the document's address. */
  accession: text('accession'),
  filedOn: date('filed_on'),
  filingUrl: text('filing_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The officers and directors named in a company's ownership filings (Forms 3, 4 and 5): each
 * reporting owner related to the company as a director or an officer, with the title of their
 * latest filing and the day of their first. The Leadership tab lists them where staff have
 * written no team.
 */
export const companyOfficers = pgTable(
  'company_officers',
  {
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    ownerCik: integer('owner_cik').notNull(),
    name: text('name').notNull(),
    /** 'Director', 'Chief Financial Officer', 'Director, Chief Executive Officer', … as the filing says. */
    title: text('title').notNull(),
    isDirector: boolean('is_director').notNull(),
    isOfficer: boolean('is_officer').notNull(),
    firstFiled: date('first_filed').notNull(),
    lastFiled: date('last_filed').notNull(),
    lastAccession: text('last_accession'),
  },
  (t) => [primaryKey({ columns: [t.companySymbol, t.ownerCik] })],
);

/**
 * Insiders' transactions (Forms 4 and 5), newest first on the page. Every row of a form is kept:
 * purchases and sales, and grants, exercises, tax withholding and gifts, told apart by `code`
 * (src/lib/insider-codes.ts); `isBuy` is true only for a purchase. Rows read from EDGAR carry the
 * filing they came from (`accession`, `rowKey` = accession and the row's place in it, so a row is
 * stored once however often its filing is read); the demo's rows have no code and no filing.
 */
export const insiderTransactions = pgTable(
  'insider_transactions',
  {
    id: serial('id').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    purchaser: text('purchaser').notNull(),
    /** Shares bought, sold, granted or exercised: the transaction's number of shares. */
    amountPurchased: bigint('amount_purchased', { mode: 'number' }).notNull(),
    dateOfPurchase: date('date_of_purchase').notNull(),
    isBuy: boolean('is_buy').notNull(),
    ownerCik: integer('owner_cik'),
    /** How the insider is related to the company: 'Director', 'Chief Financial Officer', '10% owner', … */
    relationship: text('relationship'),
    /** The transaction code (P, S, A, M, F, G, …); null on rows made before codes were kept. */
    code: text('code'),
    price: doublePrecision('price'),
    acquiredDisposed: text('acquired_disposed', { enum: ['A', 'D'] }),
    sharesAfter: bigint('shares_after', { mode: 'number' }),
    ownership: text('ownership', { enum: ['D', 'I'] }),
    natureOfOwnership: text('nature_of_ownership'),
    /** Made under a Rule 10b5-1 trading plan: true, false, or null when the filing does not say. */
    tradingPlan: boolean('trading_plan'),
    security: text('security'),
    derivative: boolean('derivative').notNull().default(false),
    accession: text('accession'),
    rowKey: text('row_key'),
    filedOn: date('filed_on'),
  },
  (t) => [
    index('insider_transactions_symbol_idx').on(t.companySymbol, t.dateOfPurchase),
    uniqueIndex('insider_transactions_row_key_idx').on(t.rowKey),
    index('insider_transactions_accession_idx').on(t.accession),
  ],
);

/** SEC filings from EDGAR; `accession_key` is EDGAR's accession number. */
export const secFilings = pgTable(
  'sec_filings',
  {
    accessionKey: text('accession_key').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    filingType: text('filing_type').notNull(),
    description: text('description').notNull(),
    rawTextLink: text('raw_text_link').notNull(),
    documentCount: smallint('document_count').notNull(),
    dateAsOfChange: date('date_as_of_change').notNull(),
    /** Kept by the database for RedChat's full-text search over what a filing is. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        searchVector([
          { text: sql`filing_type`, weight: 'A' },
          { text: sql`description`, weight: 'B' },
        ]),
      ),
  },
  (t) => [
    index('sec_filings_symbol_date_idx').on(t.companySymbol, t.dateAsOfChange),
    index('sec_filings_search_idx').using('gin', t.search),
  ],
);

/**
 * Which listed company a CUSIP is of, for 13F holdings: staff's map (`npm run import -- cusip-map
 * FILE.csv`), which always wins, and the CUSIPs placed by their issuer's name by an import before,
 * kept so that a company keeps its CUSIP whatever one filer calls the issuer.
 */
export const cusipSymbols = pgTable('cusip_symbols', {
  cusip: text('cusip').primaryKey(),
  symbol: text('symbol')
    .notNull()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  source: text('source', { enum: ['staff', 'issuer name'] })
    .notNull()
    .default('staff'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Drug-trial milestones of life-science companies (docs/product.md §9.2, §9.13): staff's and the
 * demo's milestones, and the trials ClinicalTrials.gov lists with the company as lead sponsor or
 * collaborator (`source` 'clinicaltrials.gov', one row per company and NCT number, `stage` its phase
 * and status so the bio-phase groups place it, `date` the day it started for the order).
 */
export const bioPhases = pgTable(
  'bio_phases',
  {
    id: serial('id').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    drugName: text('drug_name').notNull(),
    date: date('date'),
    rawTextLink: text('raw_text_link'),
    source: text('source', { enum: ['staff', 'demo', 'clinicaltrials.gov'] })
      .notNull()
      .default('staff'),
    nctId: text('nct_id'),
    title: text('title'),
    /** The registry's overall status (RECRUITING, COMPLETED, TERMINATED, …). */
    status: text('status'),
    whyStopped: text('why_stopped'),
    conditions: jsonb('conditions').$type<string[]>().notNull().default([]),
    /** The registry's partial dates as written: yyyy, yyyy-MM or yyyy-MM-dd. */
    startDate: text('start_date'),
    completionDate: text('completion_date'),
    sponsorRole: text('sponsor_role', { enum: ['lead', 'collaborator'] }),
    /** When the registry last posted a change of the trial. */
    registryUpdatedOn: date('registry_updated_on'),
  },
  (t) => [
    index('bio_phases_symbol_idx').on(t.companySymbol),
    uniqueIndex('bio_phases_trial_idx')
      .on(t.companySymbol, t.nctId)
      .where(sql`${t.nctId} is not null`),
  ],
);

/**
 * Analyst ratings (signed-in users only): one analyst's rating of a company at a date, with the price
 * target and, where the source gives it, the analyst's track record (rank, success rate). Staff enter
 * and edit them (versioned, audited), an import reads a provider's export, the demo generates them;
 * every analyst figure (counts, average target, range) is derived from them (research.ts).
 */
export const analystRatings = pgTable(
  'analyst_ratings',
  {
    id: serial('id').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    analystName: text('analyst_name').notNull(),
    firmName: text('firm_name').notNull(),
    recommendation: text('recommendation', { enum: ['Buy', 'Hold', 'Sell'] }).notNull(),
    recommendationDate: date('recommendation_date').notNull(),
    priceTarget: doublePrecision('price_target'),
    analystRank: integer('analyst_rank'),
    successRate: doublePrecision('success_rate'),
    source: text('source', { enum: ['demo', 'staff', 'import'] })
      .notNull()
      .default('staff'),
    /** Bumped by every staff edit: an edit based on an older version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analyst_ratings_symbol_idx').on(t.companySymbol, t.recommendationDate)],
);

/**
 * A provider's consensus for a company (features/analyst-providers): the month's count of
 * recommendations by kind and the price targets' spread. It stands for the analysts' figures only
 * where no analyst's own rating is held; it is never turned into ratings of named analysts.
 */
export const analystConsensus = pgTable('analyst_consensus', {
  companySymbol: text('company_symbol')
    .primaryKey()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** The month the counts are of (its first day). */
  period: date('period').notNull(),
  strongBuy: smallint('strong_buy').notNull(),
  buy: smallint('buy').notNull(),
  hold: smallint('hold').notNull(),
  sell: smallint('sell').notNull(),
  strongSell: smallint('strong_sell').notNull(),
  targetMean: doublePrecision('target_mean'),
  targetMedian: doublePrecision('target_median'),
  targetHigh: doublePrecision('target_high'),
  targetLow: doublePrecision('target_low'),
  targetAnalysts: smallint('target_analysts'),
  targetUpdatedOn: date('target_updated_on'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The PDF bytes of a file kept in the database. */
const pdfBytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A company's analyst report as staff uploaded it (a PDF), shown in the analyst report frame instead of the generated one. */
export const analystReportFiles = pgTable('analyst_report_files', {
  companySymbol: text('company_symbol')
    .primaryKey()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  fileName: text('file_name').notNull(),
  content: pdfBytes('content').notNull(),
  bytes: integer('bytes').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** The investor-relations specialists assigned to client companies. */
export const specialists = pgTable('specialists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
});

/** Client companies of the investor-relations firm (docs/product.md §19.11). */
export const clients = pgTable('clients', {
  companySymbol: text('company_symbol')
    .primaryKey()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  contract: text('contract'),
  /** Sanitized HTML. */
  disclosure: text('disclosure'),
  assignedSpecialistId: integer('assigned_specialist_id').references(() => specialists.id, { onDelete: 'set null' }),
  topicArn: text('topic_arn'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by every staff edit: an edit based on an older version is refused (optimistic concurrency). */
  version: integer('version').notNull().default(1),
});

/** A client company's landing page (docs/product.md §19.12). HTML fields are stored sanitized. */
export const companyLandingPages = pgTable('company_landing_pages', {
  companySymbol: text('company_symbol')
    .primaryKey()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  title: text('title'),
  seo: text('seo'),
  subtitle: text('subtitle'),
  overview: text('overview'),
  valuepropTitle: text('valueprop_title'),
  valueProp: text('value_prop'),
  investmentHighlights: text('investment_highlights'),
  highlights: text('highlights'),
  presentation: text('presentation'),
  presentationTitle: text('presentation_title'),
  extraTitle: text('extra_title'),
  extraInfo: text('extra_info'),
  extraTitleTwo: text('extra_title_two'),
  extraInfoTwo: text('extra_info_two'),
  jumboVideo: text('jumbo_video'),
  jumbotronGradientOpacity: doublePrecision('jumbotron_gradient_opacity'),
  jumbotronTitleColor: text('jumbotron_title_color'),
  jumbotronSubtitleColor: text('jumbotron_subtitle_color'),
  letter: text('letter'),
  askceoTitle: text('askceo_title'),
  customStyle: text('custom_style'),
  websiteUrl: text('website_url'),
  podcastLink: text('podcast_link'),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by every staff edit: an edit based on an older version is refused (optimistic concurrency). */
  version: integer('version').notNull().default(1),
});

/** A client company's management team (docs/product.md §19.13). */
export const companyLeaders = pgTable(
  'company_leaders',
  {
    id: serial('id').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    description: text('description').notNull().default(''),
    headshotUrl: text('headshot_url'),
    sortOrder: smallint('sort_order').notNull().default(0),
    /** Bumped by every staff edit: an edit based on an older version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('company_leaders_symbol_idx').on(t.companySymbol, t.sortOrder)],
);
