/** The weekly newsletter: what the composition uses (its job, its renderer, its console routes). */
export { newsletterIssues } from './tables.ts';
export { NEWSLETTER_JOB, issueRenderer, jobs, runNewsletterSending } from './sending.ts';
export { newsletterStaffRoutes } from './staff-routes.ts';
export { actOnIssue, composeDraft } from './service.ts';
