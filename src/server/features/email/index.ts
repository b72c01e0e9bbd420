/** Bulk email's reader side: what other features and the composition use. */
export { emailUnsubscribes } from './tables.ts';
export { preferencesOf, setPreferences, unsubscribe, type EmailPreferences } from './preferences.ts';
export { recordFeedback } from './suppressions.ts';
export { startBounceReceiver, type BounceReceiver } from './bounce-receiver.ts';
export { createCertificateFetcher } from './sns.ts';
export { emailRoutes, type EmailRouteDeps } from './routes.ts';
export { suppressionStaffRoutes } from './staff-routes.ts';
export type { MailFeedback } from './feedback.ts';
