/**
 * The shapes of content records, one definition for both sides: the API
 * documents and answers them, and the site's content collections check what
 * the build reads from it.
 */
import { z } from 'zod';
import { companyFinancialsRecord } from './financial-records.ts';
import { ALERT_KIND_IDS, EMAIL_MODES, type Alert, type AlertSettings, type CompanyAlertRule } from './alerts.ts';

/** What the content changes feed names: the build's collections and the events lists. */
export const CONTENT_KINDS = ['news', 'video', 'event', 'company'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export type ChangeOp = 'upsert' | 'delete';

/** One entry of the changes feed (/api/content/changes). */
export interface ContentChange {
  id: number;
  kind: ContentKind;
  entityId: number;
  op: ChangeOp;
  changedAt: string;
}

/** A page of the changes feed: the changes after a cursor, the new cursor, and whether more follow. */
export interface ChangesPage {
  changes: ContentChange[];
  cursor: number;
  hasMore: boolean;
}

export const companyOfRecord = z
  .object({
    name: z.string(),
    sector_name: z.string(),
    is_client: z.boolean(),
    client: z.object({ active: z.boolean(), news_alert_form_url: z.string().nullable() }).nullable(),
  })
  .nullable();

/** Who wrote a news item: the site's editors, or the company itself (a press release filed with an 8-K). */
export const NEWS_KINDS = ['editorial', 'company-release'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** The filing a company release comes from. */
export const releaseFilingRecord = z.object({
  accession: z.string().describe('The accession number of the 8-K the release was filed with (one item per filing)'),
  form: z
    .string()
    .describe("The form of the filing its text comes from: '8-K', or '8-K/A' once an amendment replaced it"),
  items: z
    .array(z.string())
    .describe("The 8-K's items, by number ('2.02' results of operations, '5.02' officers and directors, …)"),
  filing_url: z
    .string()
    .describe("The filing on EDGAR (its index page on sec.gov); a demo release links to its demo filing's text"),
});
export type ReleaseFilingRecord = z.infer<typeof releaseFilingRecord>;

/** An article or newsletter as lists show it. */
export const newsItemRecord = z.object({
  id: z.number(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  summary: z.string().nullable(),
  published_at: z.string(),
  company_symbol: z.string().nullable(),
  source: z.string().nullable(),
  url: z.string().nullable(),
  rc_newsletter: z.boolean(),
  newsLetterURL: z.string().nullable(),
  Company: companyOfRecord,
  kind: z
    .enum(NEWS_KINDS)
    .describe(
      "'editorial': written by the site's editors; 'company-release': the company's own press release as filed with the SEC, published at the filing's acceptance time",
    ),
  release: releaseFilingRecord.nullable().describe("A company release's filing; null for the site's own articles"),
});

export type NewsItemRecord = z.infer<typeof newsItemRecord>;

/** An article with its body (sanitized HTML). */
export const newsArticleRecord = newsItemRecord.extend({
  description: z.string(),
  updated_at: z.string(),
});
export type NewsArticleRecord = z.infer<typeof newsArticleRecord>;

/** The kinds of video in the library (docs/product.md §19.3). */
export const VIDEO_TYPES = ['Interview', 'Overview', 'Presentation', 'Webinar', 'Commercial', 'TV Show'] as const;

export const videoRecord = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  youtubeId: z.string(),
  thumbnail_url: z.string().nullable(),
  type: z.string(),
  published: z.string().nullable(),
  company_symbol: z.string().nullable(),
  company_name: z.string().nullable(),
  sic_code: z.number().nullable(),
  exclusive: z.boolean(),
  disabled: z.boolean(),
  thirtysecs: z.boolean(),
  videoFeatured: z.boolean(),
  updated_at: z.string(),
});
export type VideoRecord = z.infer<typeof videoRecord>;

/**
 * An insider's transaction. The first five fields are the record as the company page always had it
 * (`is_buy` true only for a purchase); the rest come with rows read from EDGAR's Forms 4 and 5 and
 * are null on rows that never had them (src/lib/insider-codes.ts words the codes).
 */
export const insiderRecord = z.object({
  amount_purchased: z.number(),
  purchaser: z.string(),
  date_of_purchase: z.string(),
  company_symbol: z.string(),
  is_buy: z.boolean(),
  owner_cik: z.number().nullable().optional(),
  relationship: z.string().nullable().optional(),
  code: z.string().nullable().optional(),
  price: z.number().nullable().optional(),
  acquired_disposed: z.enum(['A', 'D']).nullable().optional(),
  shares_after: z.number().nullable().optional(),
  ownership: z.enum(['D', 'I']).nullable().optional(),
  nature_of_ownership: z.string().nullable().optional(),
  trading_plan: z.boolean().nullable().optional(),
  security: z.string().nullable().optional(),
  derivative: z.boolean().optional(),
  filed_on: z.string().nullable().optional(),
  /** The filing on EDGAR. */
  filing_url: z.string().nullable().optional(),
});
export type InsiderRecordData = z.infer<typeof insiderRecord>;

export const filingRecord = z.object({
  accession_key: z.string(),
  company_symbol: z.string(),
  filing_type: z.string(),
  description: z.string(),
  raw_text_link: z.string(),
  document_count: z.number(),
  date_as_of_change: z.string(),
});
export type FilingRecord = z.infer<typeof filingRecord>;

export const holdingRecord = z.object({
  id: z.number(),
  institutionName: z.string(),
  /** Of the company's shares outstanding (0 when those are not known). */
  sharesHeldPercentage: z.number(),
  sharesHeld: z.number(),
  /** Dollars, at the end of the quarter reported. */
  marketValue: z.number(),
  filingDate: z.string(),
  /** The manager's CIK (Form 13F holders; null for the demo's). */
  managerCik: z.number().nullable(),
  /** The quarter's last day the holding is reported for. */
  reportPeriod: z.string().nullable(),
  /** Shares the manager's report for the quarter before held: 0 when it held none, null when there is no such report. */
  previousShares: z.number().nullable(),
  /** Shares bought (positive) or sold since the quarter before; null when that is not known. */
  changeShares: z.number().nullable(),
  /** Whether the manager's report for the quarter before held none. */
  newPosition: z.boolean(),
  /** The 13F filing on EDGAR the holding is from (its latest, when several count). */
  accession: z.string().nullable(),
});
export type HoldingRecord = z.infer<typeof holdingRecord>;

export const bioPhaseRecord = z.object({
  id: z.number(),
  company_symbol: z.string(),
  stage: z.string(),
  drug_name: z.string(),
  date: z.string().nullable(),
  raw_text_link: z.string().nullable(),
  /** Staff's milestone, the demo's, or a trial ClinicalTrials.gov lists (docs/product.md §9.13). */
  source: z.enum(['staff', 'demo', 'clinicaltrials.gov']),
  /** A trial's: its NCT number (the registry's trials only), title, status, conditions and dates. */
  nct_id: z.string().nullable(),
  title: z.string().nullable(),
  status: z.string().nullable(),
  why_stopped: z.string().nullable(),
  conditions: z.array(z.string()),
  start_date: z.string().nullable(),
  completion_date: z.string().nullable(),
  sponsor_role: z.enum(['lead', 'collaborator']).nullable(),
  registry_updated_on: z.string().nullable(),
});
export type BioPhaseRecord = z.infer<typeof bioPhaseRecord>;

export const webinarRecord = z.object({
  id: z.number(),
  title: z.string(),
  replayLink: z.string().nullable(),
  upcoming_date: z.string(),
  company_symbol: z.string().nullable(),
  archived: z.boolean(),
  form_url: z.string().nullable(),
  zoom_id: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type WebinarRecord = z.infer<typeof webinarRecord>;

export const teamMemberRecord = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  headshot_url: z.string().nullable(),
  description: z.string(),
});
export type TeamMemberRecord = z.infer<typeof teamMemberRecord>;

/** An officer or director named in the company's SEC ownership filings (company-officers.ts). */
export const officerRecord = z.object({
  owner_cik: z.number(),
  /** As filed ('Garascia Jessica A.'). */
  name: z.string(),
  /** 'Director', 'Chief Financial Officer', 'Director, Chief Executive Officer', as their latest filing says. */
  title: z.string(),
  /** The first and the latest ownership filing naming them (YYYY-MM-DD). */
  first_filed: z.string(),
  last_filed: z.string(),
});
export type OfficerRecord = z.infer<typeof officerRecord>;

/** An analyst's rating of a company with the analyst's track record (signed-in users). */
export const analystRatingRecord = z.object({
  companySymbol: z.string(),
  analystName: z.string(),
  firmName: z.string(),
  recommendation: z.string(),
  recommendationDate: z.string(),
  priceTarget: z.number().nullable(),
  /** The analyst's rank and success rate, where the source gives them. */
  analystRank: z.number().nullable(),
  successRate: z.number().nullable(),
});
export type AnalystRatingRecord = z.infer<typeof analystRatingRecord>;

/** Where a company's analyst figures come from when no rating of its own is held: a provider's consensus. */
export const analystConsensusSourceRecord = z.object({
  /** The provider's key ('finnhub'). */
  provider: z.string(),
  /** The month the counts are of (its first day). */
  period: z.string(),
  analysts: z.number(),
  /** 'Consensus of 46 analysts, Finnhub, November 2021.' */
  line: z.string(),
});
export type AnalystConsensusSourceRecord = z.infer<typeof analystConsensusSourceRecord>;

/** One daily bar of a company's price history. */
export const priceBarRecord = z.object({
  date: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type PriceBarRecord = z.infer<typeof priceBarRecord>;

/** A webinar or conference session as the events lists show it. */
export const eventRecord = z.object({
  id: z.number(),
  title: z.string(),
  company_symbol: z.string().nullable(),
  Company: z.object({ name: z.string() }).nullable(),
  upcoming_date: z.string(),
  isActive: z.boolean(),
  archived: z.boolean(),
  archive_url: z.string().nullable(),
  Zoom_url: z.string().nullable(),
  form_url: z.string().nullable(),
  zoom_id: z.string().nullable(),
  /** The card picture. */
  image_url: z.string().nullable(),
});
export type EventRecord = z.infer<typeof eventRecord>;

/** A small-cap benchmark index with its latest close. */
export const indexSummaryRecord = z.object({
  symbol: z.string(),
  name: z.string(),
  description: z.string(),
  last: z.number().nullable(),
  change: z.number().nullable(),
  changePercent: z.number().nullable(),
  asOf: z.string().nullable(),
});
export type IndexSummaryRecord = z.infer<typeof indexSummaryRecord>;

/** One daily close of an index. */
export const pricePointRecord = z.object({ date: z.string(), close: z.number() });
export type PricePointRecord = z.infer<typeof pricePointRecord>;

/** A client company's landing page as its company pages show it. */
export const landingPageRecord = z.object({
  title: z.string().nullable(),
  seo: z.string().nullable(),
  subtitle: z.string().nullable(),
  jumbo_video: z.string().nullable(),
  letter: z.string().nullable(),
  website_url: z.string().nullable(),
  overview: z.string().nullable(),
  extra_title: z.string().nullable(),
  extra_info: z.string().nullable(),
  extra_title_two: z.string().nullable(),
  extra_info_two: z.string().nullable(),
  presentation: z.string().nullable(),
  presentation_title: z.string().nullable(),
  valueprop_title: z.string().nullable(),
  value_prop: z.string().nullable(),
  highlights: z.string().nullable(),
  disclosure: z.string().nullable(),
  podcast_link: z.string().nullable(),
  askceo_title: z.string().nullable(),
  jumbotron_gradient_opacity: z.number().nullable(),
  jumbotron_title_color: z.string().nullable(),
  jumbotron_subtitle_color: z.string().nullable(),
  specialist: z.object({ name: z.string(), title: z.string(), email: z.string(), phone: z.string() }).nullable(),
});
export type LandingPageRecord = z.infer<typeof landingPageRecord>;

/** One short-interest report of a company as its page shows it (docs/product.md §9.14; short-interest.ts). */
export const shortInterestRecord = z.object({
  settlement_date: z.string(),
  short_position: z.number(),
  percent_of_shares: z.number().nullable(),
  days_to_cover: z.number().nullable(),
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
});
export type ShortInterestRecord = z.infer<typeof shortInterestRecord>;

/** What a company page is built from (the build feed /api/content/companies). */
export const companyPageRecord = z.object({
  id: z.number(),
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  sector_name: z.string(),
  industry: z.string(),
  sic_code: z.number(),
  country: z.string(),
  ipo_year: z.number().nullable(),
  logo: z.string().nullable(),
  is_client: z.boolean(),
  /** Where the company's records come from ('demo', 'nasdaq-screener', …): the sections say it. */
  data_source: z.string(),
  description: z.string().nullable(),
  /** Where the description comes from: the demo's, or an annual report (its form, filing day and document). */
  description_source: z
    .object({
      source: z.enum(['demo', '10-K', '20-F']),
      filed_on: z.string().nullable(),
      filing_url: z.string().nullable(),
    })
    .nullable(),
  website_url: z.string().nullable(),
  insider: z.array(insiderRecord),
  filings: z.object({ data: z.array(filingRecord), totalItems: z.number() }),
  bio_phases: z.array(bioPhaseRecord),
  /** Its financial statements and key figures (financial-records.ts); null while none are held. */
  financials: companyFinancialsRecord.nullable(),
  /** Its short-interest reports, newest first (a year of them); null while none are held. */
  short_interest: z.object({ source: z.enum(['finra', 'demo']), reports: z.array(shortInterestRecord) }).nullable(),
  client: z
    .object({
      landing: landingPageRecord,
      team: z.array(teamMemberRecord),
      /** Where staff have written no team: the officers and directors its ownership filings name lately. */
      officers: z.array(officerRecord),
      webinars: z.array(webinarRecord),
    })
    .nullable(),
});
export type CompanyPageData = z.infer<typeof companyPageRecord>;

/** A source a RedChat answer cites: what it is and where it can be read. */
export const chatCitationRecord = z.object({ label: z.string(), href: z.string() });
export type ChatCitation = z.infer<typeof chatCitationRecord>;

/** One turn of a RedChat conversation. */
export const chatMessageRecord = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** The sources of an answer; `[n]` in its text points at the n-th (from 1). */
  citations: z.array(chatCitationRecord),
  /** Said to the reader above an answer, such as the model having fallen back to the built-in engine. */
  notice: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessageRecord = z.infer<typeof chatMessageRecord>;

/** A saved conversation as the chat history lists it (docs/product.md §19.10). */
export const chatHistoryRecord = z.object({
  thread_id: z.string(),
  symbol: z.string().nullable(),
  company_name: z.string().nullable(),
  chat_title: z.string(),
  created_at: z.string(),
});
export type ChatHistoryRecord = z.infer<typeof chatHistoryRecord>;

/** A reader's saved screen (docs/product.md §7.8). */
export const savedScreenRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The screener's link query for the screen (`sector=manufacturing&sort=change_pre&dir=desc`), without `?`. */
  query: z.string(),
  /** The grid's columns (in the grid's own order). */
  columns: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedScreenRecord = z.infer<typeof savedScreenRecord>;

/** A reader's alert (docs/product.md §19.16). */
export const alertRecord = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KIND_IDS),
  symbol: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** An absolute path on the site, or the filing's sec.gov address. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
}) satisfies z.ZodType<Alert>;

/** A followed company's alert rule (docs/product.md §15.7). */
export const companyAlertRuleRecord = z.object({
  symbol: z.string(),
  name: z.string(),
  followed: z.boolean(),
  custom: z.boolean(),
  kinds: z.array(z.enum(ALERT_KIND_IDS)),
  priceThreshold: z.number().int(),
}) satisfies z.ZodType<CompanyAlertRule>;

/** A reader's alert settings (docs/product.md §15.7). */
export const alertSettingsRecord = z.object({
  kinds: z.array(z.enum(ALERT_KIND_IDS)),
  priceThreshold: z.number().int(),
  email: z.enum(EMAIL_MODES),
  digestHour: z.number().int(),
  sms: z.boolean(),
  smsKinds: z.array(z.enum(ALERT_KIND_IDS)),
  push: z.boolean(),
  quietHours: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
  companies: z.array(companyAlertRuleRecord),
  screens: z.array(z.object({ id: z.number().int(), name: z.string(), alert: z.boolean() })),
}) satisfies z.ZodType<AlertSettings>;
