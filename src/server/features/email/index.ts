/**
 * Email, all of it: the transports (SMTP, its pool, MIME and DKIM, files,
 * texts), the outbox's delivery jobs, bulk mail with its list links and
 * footers, readers' preferences, bounces and suppressions. What other
 * features and the composition use.
 */
export { mailSuppressionsView } from './read-models.ts';
export { preferencesOf, setPreferences, unsubscribe, type EmailPreferences } from './preferences.ts';
export { recordFeedback } from './suppressions.ts';
export { startBounceReceiver, type BounceReceiver } from './bounce-receiver.ts';
export { createCertificateFetcher } from './sns.ts';
export { emailRoutes, type EmailRouteDeps } from './routes.ts';
export { suppressionStaffRoutes } from './staff-routes.ts';
export type { MailFeedback } from './feedback.ts';
export { BULK_MAIL_JOB, OUTBOX_JOB, jobs, type OutboxJobDeps } from './jobs.ts';
export { asBulk } from './bulk/bulk-mail.ts';
export type { TemplateRenderer } from './bulk/bulk-worker.ts';
export { mailLinkSecret, readToken, signToken, storedMailLinkSecret } from './list-links.ts';
export { NEWSLETTER_JOB, issueRenderer, jobs as newsletterJobs, runNewsletterSending } from './newsletter/sending.ts';
export { newsletterStaffRoutes } from './newsletter/staff-routes.ts';
export { actOnIssue, composeDraft } from './newsletter/service.ts';
