/**
 * The one database schema, shared by the embedded PGlite and PostgreSQL.
 * Migrations in /drizzle are generated from this file by drizzle-kit.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/** Small key/value facts about the database itself (demo seed, versions). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The industry lookup: SIC code to sector, subdivision and description. */
export const industries = pgTable('industries', {
  sicCode: smallint('sic_code').primaryKey(),
  sector: text('sector').notNull(),
  subdivision: text('subdivision').notNull(),
  description: text('description').notNull(),
});

/**
 * One row per listed company: its identity and the latest market snapshot
 * the screener reads (spec 002 §3). Snapshot fields are null after the
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
  },
  (t) => [
    index('companies_sic_code_idx').on(t.sicCode),
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

/** The small-cap benchmark indices shown on the home page. */
export const marketIndices = pgTable('market_indices', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  sortOrder: smallint('sort_order').notNull(),
});

export const indexPrices = pgTable(
  'index_prices',
  {
    indexSymbol: text('index_symbol').notNull(),
    date: date('date').notNull(),
    close: doublePrecision('close').notNull(),
  },
  (t) => [primaryKey({ columns: [t.indexSymbol, t.date] })],
);

/**
 * Newsletter sign-ups: the footer and home page form (email only), and the
 * newsletter page's form, which is confirmed by a link sent to the address.
 */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    source: text('source').notNull().default('site'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /** SHA-256 of the confirmation link's token, until it is used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_subscriptions_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const USER_ROLES = ['user', 'staff'] as const;
export const CODE_PURPOSES = ['verify', 'reset', 'change'] as const;

/** Accounts. Emails are unique case-insensitively; phones are stored in E.164. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    messagePreference: text('message_preference', { enum: ['email', 'phone'] })
      .notNull()
      .default('email'),
    verified: boolean('verified').notNull().default(false),
    googleSubject: text('google_subject'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_subject_idx').on(t.googleSubject),
    index('users_phone_idx').on(t.phone),
  ],
);

/** Sign-in sessions. Only a hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time codes sent by email or SMS, bound to one purpose, stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Messages waiting to be delivered. Written in the same transaction as what
 * caused them (a code, a confirmation), delivered by the outbox job.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/** Fixed-window counters for rate limits, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

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
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

/** The IPO calendar: recent and upcoming listings. */
export const ipos = pgTable(
  'ipos',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    symbol: text('symbol').notNull(),
    exchange: text('exchange').notNull(),
    sector: text('sector').notNull(),
    priceLow: doublePrecision('price_low').notNull(),
    priceHigh: doublePrecision('price_high').notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    expectedDate: date('expected_date').notNull(),
    status: text('status', { enum: ['Expected', 'Priced', 'Withdrawn'] }).notNull(),
    leadUnderwriter: text('lead_underwriter').notNull(),
  },
  (t) => [uniqueIndex('ipos_company_name_idx').on(t.companyName), index('ipos_expected_date_idx').on(t.expectedDate)],
);

/**
 * News articles and newsletters (spec 002 §3, 001 §3). `description` is the
 * article body as sanitized HTML; newsletters carry `rc_newsletter` and the
 * address of the newsletter itself.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary'),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    companySymbol: text('company_symbol').references(() => companies.symbol, { onDelete: 'set null' }),
    source: text('source'),
    url: text('url'),
    rcNewsletter: boolean('rc_newsletter').notNull().default(false),
    newsletterUrl: text('newsletter_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt, t.id),
    index('news_company_idx').on(t.companySymbol, t.publishedAt),
    index('news_newsletter_idx').on(t.rcNewsletter, t.publishedAt),
  ],
);

export const VIDEO_TYPES = ['Interview', 'Overview', 'Presentation', 'Webinar', 'Commercial', 'TV Show'] as const;

/** The video library (spec 002 §3): interviews, overviews, webinars, the sponsored TV show. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    youtubeId: text('youtube_id').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    type: text('type', { enum: VIDEO_TYPES }).notNull(),
    published: timestamp('published', { withTimezone: true }),
    companySymbol: text('company_symbol').references(() => companies.symbol, { onDelete: 'set null' }),
    sicCode: smallint('sic_code'),
    exclusive: boolean('exclusive').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    thirtysecs: boolean('thirtysecs').notNull().default(false),
    videoFeatured: boolean('video_featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_published_idx').on(t.published, t.id),
    index('videos_company_idx').on(t.companySymbol),
    index('videos_sic_idx').on(t.sicCode),
  ],
);

/** Webinars and virtual-conference sessions (spec 000 §3). */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    companySymbol: text('company_symbol').references(() => companies.symbol, { onDelete: 'set null' }),
    upcomingDate: timestamp('upcoming_date', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    archiveUrl: text('archive_url'),
    zoomUrl: text('zoom_url'),
    formUrl: text('form_url'),
    zoomId: text('zoom_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_date_idx').on(t.upcomingDate)],
);

export const favoriteNews = pgTable(
  'favorite_news',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] })],
);

export const favoriteVideos = pgTable(
  'favorite_videos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export const CONTENT_KINDS = ['news', 'video', 'event', 'company'] as const;

/**
 * Every change to published content, in order: the feed incremental site
 * builds read (what was created, updated or deleted since a cursor). Written
 * in the same transaction as the change itself.
 */
export const contentChanges = pgTable(
  'content_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    entityId: integer('entity_id').notNull(),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_changes_entity_idx').on(t.kind, t.entityId)],
);

/** News alerts for one company, confirmed by a link emailed to the address (spec 002 §2). */
export const newsAlertSubscriptions = pgTable(
  'news_alert_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('news_alert_email_symbol_idx').on(sql`lower(${t.email})`, t.companySymbol)],
);

/* ---------------------------------------------------------------------------
 * Company pages (spec 001 §2–§3, 002 §2–§3): what a company page shows beyond
 * the market snapshot. Filled by importers (demo: the generator).
 * ------------------------------------------------------------------------- */

/** The company's own words: the description and web site. */
export const companyProfiles = pgTable('company_profiles', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  websiteUrl: text('website_url'),
  headquarters: text('headquarters'),
  employees: integer('employees'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Insider purchases and sales (Form 4), newest first on the page. */
export const insiderTransactions = pgTable(
  'insider_transactions',
  {
    id: serial('id').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    purchaser: text('purchaser').notNull(),
    amountPurchased: bigint('amount_purchased', { mode: 'number' }).notNull(),
    dateOfPurchase: date('date_of_purchase').notNull(),
    isBuy: boolean('is_buy').notNull(),
  },
  (t) => [index('insider_transactions_symbol_idx').on(t.companySymbol, t.dateOfPurchase)],
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
  },
  (t) => [index('sec_filings_symbol_date_idx').on(t.companySymbol, t.dateAsOfChange)],
);

/** 13F holdings: who owns how much of the company. */
export const institutionalHoldings = pgTable(
  'institutional_holdings',
  {
    id: serial('id').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    institutionName: text('institution_name').notNull(),
    sharesHeldPercentage: doublePrecision('shares_held_percentage').notNull(),
    sharesHeld: bigint('shares_held', { mode: 'number' }).notNull(),
    marketValue: doublePrecision('market_value').notNull(),
    filingDate: date('filing_date').notNull(),
  },
  (t) => [index('institutional_holdings_symbol_idx').on(t.companySymbol, t.sharesHeld)],
);

/** Drug-trial milestones of life-science companies. */
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
  },
  (t) => [index('bio_phases_symbol_idx').on(t.companySymbol)],
);

/** Analyst ratings with the analyst's track record (signed-in users only). */
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
    analystRank: integer('analyst_rank').notNull(),
    successRate: doublePrecision('success_rate').notNull(),
  },
  (t) => [index('analyst_ratings_symbol_idx').on(t.companySymbol, t.recommendationDate)],
);

/** The investor-relations specialists assigned to client companies. */
export const specialists = pgTable('specialists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
});

/** Client companies of the investor-relations firm (002 §3). */
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
});

/** A client company's landing page (002 §3). HTML fields are stored sanitized. */
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
});

/** A client company's management team (002 §3 "Leader/management"). */
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
  },
  (t) => [index('company_leaders_symbol_idx').on(t.companySymbol, t.sortOrder)],
);

/** Webinars a user keeps (the webinar cards' heart). */
export const favoriteEvents = pgTable(
  'favorite_events',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);
