/**
 * The records of the staff console (spec 002 §3), one definition for both
 * sides: the tools API documents and answers them, and the console reads
 * them. Every record staff edit carries its `version`: an edit sends back
 * the version it was based on.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_KINDS, NOTIFICATION_OBJECT_TYPES } from './tools.ts';

/** An article as the console lists and edits it. */
export const newsEditRecord = z.object({
  id: z.number(),
  version: z.number(),
  title: z.string(),
  company_symbol: z.string().nullable(),
  published_at: z.string(),
  newsLetterURL: z.string().nullable(),
  thumbnail: z.string().nullable(),
  summary: z.string().nullable(),
  description: z.string(),
  source: z.string().nullable(),
  url: z.string().nullable(),
  rc_newsletter: z.boolean(),
  updated_at: z.string(),
});
export type NewsEditRecord = z.infer<typeof newsEditRecord>;

/** A webinar or conference session as the console lists and edits it. */
export const eventEditRecord = z.object({
  id: z.number(),
  version: z.number(),
  title: z.string(),
  company_symbol: z.string().nullable(),
  upcoming_date: z.string(),
  isActive: z.boolean(),
  archived: z.boolean(),
  archive_url: z.string().nullable(),
  Zoom_url: z.string().nullable(),
  form_url: z.string().nullable(),
  zoom_id: z.string().nullable(),
  image_url: z.string().nullable(),
  agenda: z.string().nullable(),
  updated_at: z.string(),
});
export type EventEditRecord = z.infer<typeof eventEditRecord>;

/** A video as the console lists and edits it (disabled ones included). */
export const videoEditRecord = z.object({
  id: z.number(),
  version: z.number(),
  name: z.string(),
  description: z.string(),
  youtubeId: z.string(),
  thumbnail_url: z.string().nullable(),
  type: z.string(),
  published: z.string().nullable(),
  company_symbol: z.string().nullable(),
  exclusive: z.boolean(),
  disabled: z.boolean(),
  thirtysecs: z.boolean(),
  videoFeatured: z.boolean(),
  updated_at: z.string(),
});
export type VideoEditRecord = z.infer<typeof videoEditRecord>;

/** A client company (002 §3); the SNS topic is only said to be set or not. */
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

/** The landing page's fields (002 §3) by kind, in the editor's order. Its specialist is the client's assigned one. */
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

const text = z.string().nullable();

/** A company landing page as staff edit it. */
export const landingEditRecord = z.object({
  company_symbol: z.string(),
  version: z.number(),
  active: z.boolean(),
  title: text,
  subtitle: text,
  seo: text,
  valueprop_title: text,
  presentation_title: text,
  extra_title: text,
  extra_title_two: text,
  askceo_title: text,
  jumbo_video: text,
  overview: text,
  value_prop: text,
  investment_highlights: text,
  highlights: text,
  extra_info: text,
  extra_info_two: text,
  letter: text,
  presentation: text,
  website_url: text,
  podcast_link: text,
  jumbotron_title_color: text,
  jumbotron_subtitle_color: text,
  jumbotron_gradient_opacity: z.number().nullable(),
  custom_style: text,
  updated_at: z.string(),
});
export type LandingEditRecord = z.infer<typeof landingEditRecord>;

/** A leader (002 §3 Leader/management) as staff edit it. */
export const leaderEditRecord = z.object({
  id: z.number(),
  version: z.number(),
  company_symbol: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  headshot_url: z.string().nullable(),
  sort_order: z.number(),
});
export type LeaderEditRecord = z.infer<typeof leaderEditRecord>;

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
