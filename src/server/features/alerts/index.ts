/**
 * Reader alerts (docs/product.md §15.7, §18.15, §19.16): what other parts may
 * use. The tables, raising alerts from market data and from what is
 * published (the job), raising them for the filings an import stored, and
 * the name of the job that delivers raised alerts.
 */
export { alertCompanyRules, alertSettings, alerts, pushSubscriptions, ALERT_DELIVERY_STATES } from './tables.ts';
export { ALERT_RAISING_JOB, jobs, type AlertJobDeps } from './jobs.ts';
export { createMarketAlerts, sessionDateOf, type MarketAlerts, type MarketEvaluation } from './market.ts';
export { createContentWatch, filingAlertKind, raiseFilingAlerts, type NewFiling } from './content.ts';
export { raiseCompanyAlerts, type CompanyCause } from './raise.ts';

/**
 * The job that delivers raised alerts by their channels: woken after alerts
 * were raised (a name no job has wakes nothing).
 */
export const ALERT_DELIVERY_JOB = 'alert-delivery';
