/** Webinars and conference sessions: what other features may use (a company page's webinars). */
export { events, favoriteEvents } from './tables.ts';
export { webinarsForBuild } from './service.ts';
