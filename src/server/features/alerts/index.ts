/**
 * Reader alerts (docs/product.md §15.7, §15.8, §18.15, §19.16): what other
 * parts may use. Raising alerts from market data and from what is
 * published (the job), raising them for the filings an import stored, and
 * delivering raised alerts by their channels (the delivery and digest jobs).
 */
export { ALERT_RAISING_JOB, jobs, type AlertJobDeps } from './jobs.ts';
export { createMarketAlerts, type MarketAlerts, type MarketEvaluation } from './market.ts';
export { createContentWatch, filingAlertKind, raiseFilingAlerts, raiseNewsAlerts, type NewArticle } from './content.ts';
export { raiseCompanyAlerts, type CompanyCause } from './raise.ts';
export { ALERT_DELIVERY_JOB, ALERT_DIGEST_JOB, jobs as alertDeliveryJobs } from './delivery/jobs.ts';
export { buildDueDigests } from './delivery/digest.ts';
export { deliverAlerts } from './delivery/service.ts';
export { createPushTransport, vapidSubject } from './push/transport.ts';
export { vapidKeys } from './push/keys.ts';
