/**
 * The records of the staff console (docs/product.md §19), one definition for both
 * sides: the console API documents and answers them, and the console reads
 * them. Every record staff edit carries its `version`: an edit sends back
 * the version it was based on.
 */
import { z } from 'zod';
import { eventRecord, landingPageRecord, newsArticleRecord, teamMemberRecord, videoRecord } from './content-records.ts';
import { AUDIT_ACTIONS, AUDIT_KINDS, NOTIFICATION_OBJECT_TYPES } from './console.ts';

/** Every record staff edit carries the version an edit must be based on. */
const versioned = { version: z.number() };

/** An article as the console lists and edits it: the public article without its company (or its filing), with its version. */
export const newsEditRecord = newsArticleRecord.omit({ Company: true, kind: true, release: true }).extend(versioned);
export type NewsEditRecord = z.infer<typeof newsEditRecord>;

/** A webinar or conference session as the console lists and edits it: the listed event with its agenda. */
export const eventEditRecord = eventRecord.omit({ Company: true }).extend({
  ...versioned,
  agenda: z.string().nullable(),
  updated_at: z.string(),
});
export type EventEditRecord = z.infer<typeof eventEditRecord>;

/** A video as the console lists and edits it (disabled ones included), without what it takes from its company. */
export const videoEditRecord = videoRecord.omit({ company_name: true, sic_code: true }).extend(versioned);
export type VideoEditRecord = z.infer<typeof videoEditRecord>;

/** A client company (docs/product.md §19.11); the SNS topic is only said to be set or not. */
export const clientRecord = z.object({
  company_symbol: z.string(),
  version: z.number(),
  active: z.boolean(),
  contract: z.string().nullable(),
  disclosure: z.string().nullable(),
  assignedSpecialistId: z.number().nullable(),
  companyName: z.string(),
  Company: z.object({ name: z.string(), logo: z.string().nullable() }),
  topicArnSet: z.boolean(),
  hasLandingPage: z.boolean(),
  updated_at: z.string(),
});
export type ClientRecord = z.infer<typeof clientRecord>;

/** An investor-relations specialist who may be assigned to clients. */
export const specialistRecord = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
});
export type SpecialistRecord = z.infer<typeof specialistRecord>;

/**
 * The landing page's fields (docs/product.md §19.12) by kind, in the editor's order. Its specialist is the client's
 * assigned one.
 */
export const LANDING_TEXT_FIELDS = [
  'title',
  'subtitle',
  'seo',
  'valueprop_title',
  'presentation_title',
  'extra_title',
  'extra_title_two',
  'askceo_title',
  'jumbo_video',
] as const;
export const LANDING_HTML_FIELDS = [
  'overview',
  'value_prop',
  'investment_highlights',
  'highlights',
  'extra_info',
  'extra_info_two',
  'letter',
] as const;
export const LANDING_LINK_FIELDS = ['presentation', 'website_url', 'podcast_link'] as const;
export const LANDING_COLOR_FIELDS = ['jumbotron_title_color', 'jumbotron_subtitle_color'] as const;

/**
 * A company landing page as staff edit it: every field the company pages
 * show (the disclosure and specialist come from the client record), with
 * those only staff see.
 */
export const landingEditRecord = landingPageRecord.omit({ disclosure: true, specialist: true }).extend({
  company_symbol: z.string(),
  ...versioned,
  active: z.boolean(),
  investment_highlights: z.string().nullable(),
  custom_style: z.string().nullable(),
  updated_at: z.string(),
});
export type LandingEditRecord = z.infer<typeof landingEditRecord>;

/** A leader (docs/product.md §19.13) as staff edit it: the team member with its company and place. */
export const leaderEditRecord = teamMemberRecord.extend({
  ...versioned,
  company_symbol: z.string(),
  sort_order: z.number(),
});
export type LeaderEditRecord = z.infer<typeof leaderEditRecord>;

/** An analyst's rating of a company as staff enter and edit it (docs/product.md §9.8, §18.13). */
export const analystRatingEditRecord = z.object({
  ...versioned,
  id: z.number(),
  company_symbol: z.string(),
  analyst_name: z.string(),
  firm_name: z.string(),
  recommendation: z.enum(['Buy', 'Hold', 'Sell']),
  recommendation_date: z.string(),
  price_target: z.number().nullable(),
  /** Who entered it: staff, an import of a provider's export, or the demo. */
  source: z.enum(['demo', 'staff', 'import']),
});
export type AnalystRatingEditRecord = z.infer<typeof analystRatingEditRecord>;

/** Staff's uploaded analyst report of a company (a PDF), shown in the analyst report frame (docs/product.md §9.8). */
export const analystReportFileRecord = z.object({
  ...versioned,
  company_symbol: z.string(),
  title: z.string(),
  file_name: z.string(),
  bytes: z.number(),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
});
export type AnalystReportFileRecord = z.infer<typeof analystReportFileRecord>;

/** The figures of an IPO calendar row staff may correct (docs/product.md §8.3, §18.13). */
export const IPO_CORRECTABLE_FIELDS = [
  'company_name',
  'symbol',
  'exchange',
  'sector',
  'price_low',
  'price_high',
  'offer_price',
  'shares_offered',
  'expected_date',
  'status',
  'lead_underwriter',
] as const;
export type IpoCorrectableField = (typeof IPO_CORRECTABLE_FIELDS)[number];
export const IPO_STATUSES = ['Filed', 'Expected', 'Priced', 'Withdrawn'] as const;
const ipoFigure = z.union([z.string(), z.number()]).nullable();
export type IpoCorrections = Partial<Record<IpoCorrectableField, string | number | null>>;

/** An IPO calendar row as staff see it: the filings' figures and staff's corrections apart, and the filings. */
export const ipoEditRecord = z.object({
  ...versioned,
  id: z.number(),
  source: z.enum(['demo', 'edgar', 'staff']),
  cik: z.number().nullable(),
  /** The figures as the filings (or the demo) give them. */
  filed: z.record(z.enum(IPO_CORRECTABLE_FIELDS), ipoFigure),
  /** Staff's corrections, shown instead of the filings' figures. */
  corrections: z.partialRecord(z.enum(IPO_CORRECTABLE_FIELDS), ipoFigure),
  filed_date: z.string().nullable(),
  priced_date: z.string().nullable(),
  listed_date: z.string().nullable(),
  filings: z.array(z.object({ form: z.string(), accession: z.string(), filedOn: z.string(), url: z.string() })),
});
export type IpoEditRecord = z.infer<typeof ipoEditRecord>;

/** One entry of the audit log. */
export const auditEntryRecord = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  kind: z.enum(AUDIT_KINDS),
  key: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryRecord = z.infer<typeof auditEntryRecord>;

/** A broadcast as staff see it: the notification with how many messages are queued and when delivery finished. */
export const broadcastRecord = z.object({
  id: z.number(),
  message: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  link: z.string(),
  createdAt: z.string(),
  queued: z.number(),
  deliveredAt: z.string().nullable(),
});
export type BroadcastRecord = z.infer<typeof broadcastRecord>;

/** A global notification as the reader's bell lists it. */
export const notificationRecord = z.object({
  id: z.number(),
  message: z.string(),
  objectType: z.enum(NOTIFICATION_OBJECT_TYPES),
  objectId: z.string(),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;
