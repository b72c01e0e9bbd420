/** Reader alerts (docs/product.md §15.7, §15.8): what the composition and other features use. */
export { alertCompanyRules, alertSettings, alerts, pushSubscriptions } from './tables.ts';
export { ALERT_DELIVERY_JOB, ALERT_DIGEST_JOB, jobs as alertDeliveryJobs } from './delivery/jobs.ts';
export { buildDueDigests } from './delivery/digest.ts';
export { deliverAlerts } from './delivery/service.ts';
export { createPushTransport, vapidSubject } from './push/transport.ts';
export { vapidKeys } from './push/keys.ts';
