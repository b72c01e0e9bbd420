/**
 * The weekly newsletter as staff compose it and the console shows it
 * (docs/product.md §17.4): one definition of its records for the console
 * API and the console, and the console's texts.
 */
import { z } from 'zod';

/**
 * An issue is a `draft` until staff schedule it (`scheduled`); from its time
 * it is `sending`, can be `paused` and resumed, and ends `sent` (every
 * message went or was given up) or `cancelled` (what had not gone never will).
 */
export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** Statuses whose content can still change. */
export const EDITABLE_STATUSES: readonly NewsletterStatus[] = ['draft', 'scheduled'];

export const newsletterItemRecord = z.object({
  /** The article it points at (its page is /news/{newsId}). */
  newsId: z.number().int().positive(),
  title: z.string().min(1).max(300),
  summary: z.string().max(2000).nullable(),
  /** A company ticker shown beside the title. */
  symbol: z.string().max(12).nullable(),
});
export type NewsletterItem = z.infer<typeof newsletterItemRecord>;

export const newsletterSectionRecord = z.object({
  heading: z.string().trim().min(1, 'Section heading is required').max(120, 'Section heading is too long'),
  items: z.array(newsletterItemRecord).max(30, 'A section holds at most 30 articles'),
});
export type NewsletterSection = z.infer<typeof newsletterSectionRecord>;

/** How far an issue's sending got, counted from its messages. */
export const newsletterProgressRecord = z.object({
  audience: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  suppressed: z.number(),
  unsubscribed: z.number(),
});
export type NewsletterProgress = z.infer<typeof newsletterProgressRecord>;

export const newsletterIssueRecord = z.object({
  id: z.number(),
  version: z.number(),
  weekOf: z.string(),
  subject: z.string(),
  intro: z.string(),
  sections: z.array(newsletterSectionRecord),
  status: z.enum(NEWSLETTER_STATUSES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The archive's article (/news/{articleId}) once sending started. */
  articleId: z.number().nullable(),
  progress: newsletterProgressRecord,
  updatedAt: z.string(),
});
export type NewsletterIssueRecord = z.infer<typeof newsletterIssueRecord>;

export const suppressionRecord = z.object({
  email: z.string(),
  reason: z.enum(['hard-bounce', 'soft-bounces', 'complaint']),
  detail: z.string(),
  source: z.enum(['sns', 'smtp']),
  createdAt: z.string(),
});
export type SuppressionRecord = z.infer<typeof suppressionRecord>;

export const SUPPRESSION_REASONS: Record<SuppressionRecord['reason'], string> = {
  'hard-bounce': 'Bounced (permanent)',
  'soft-bounces': 'Bounced repeatedly',
  complaint: 'Marked as spam',
};

export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const NEWSLETTER_TEXTS = {
  tab: 'Newsletter',
  issues: 'Issues',
  newDraft: 'Compose this week’s issue',
  noIssues: 'No issues yet. Compose this week’s issue to start.',
  subject: 'Subject',
  intro: 'Introduction',
  sections: 'Sections',
  addSection: 'Add a section',
  sectionHeading: 'Section heading',
  removeSection: 'Remove section',
  moveUp: 'Move up',
  moveDown: 'Move down',
  removeItem: 'Remove',
  emptySection: 'No articles in this section.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved the issue.',
  saveFailed: 'Failed to save the issue',
  loadFailed: 'Failed to load newsletter issues',
  preview: 'Preview',
  desktop: 'Desktop',
  phone: 'Phone',
  light: 'Light',
  dark: 'Dark',
  testSend: 'Send a test to me',
  testSending: 'Sending a test…',
  testSent: 'A test is on its way to {email}.',
  testFailed: 'Failed to send a test',
  scheduleAt: 'Send at (Eastern Time)',
  schedule: 'Schedule',
  /** `{time}` is an event time (lib/time-format.ts), which names the Eastern zone in force itself. */
  scheduled: 'Scheduled for {time}.',
  sendNow: 'Send now',
  confirmSendNow: 'Send this issue to {audience} now?',
  sendingNow: 'Sending to {audience} now.',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel sending',
  confirmCancel: 'Cancel this issue? Messages not sent yet will never be sent.',
  unschedule: 'Back to draft',
  actionFailed: 'Failed to change the issue',
  stale:
    'This issue was changed by someone else after you opened it. Reload it to see their changes, then make yours again.',
  viewArchive: 'View in the archive',
  suppressions: 'Suppressed addresses',
  suppressionsIntro: 'No bulk email goes to these addresses. Lift a suppression only when the reader asks for it.',
  noSuppressions: 'No suppressed addresses.',
  suppressionsFailed: 'Failed to load the suppressed addresses',
  lift: 'Lift',
  lifted: 'Lifted the suppression of {email}.',
  liftFailed: 'Failed to lift the suppression',
  searchSuppressions: 'Search addresses',
  noPostalAddress:
    'Bulk email needs the sender’s postal address in its footer: set MAIL_POSTAL_ADDRESS before sending to readers.',
} as const;
