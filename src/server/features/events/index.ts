/** Webinars and conference sessions: what other features and the server may use. */
export { eventsView } from './read-models.ts';
export {
  eventCoverFacts,
  eventPagePaths,
  refreshEventsOnChange,
  upcomingEvents,
  webinarsForBuild,
  webinarsOf,
} from './service.ts';
export { REMINDER_INTERVAL_MS, sendDueReminders } from './reminders.ts';
export { jobs } from './jobs.ts';
export { recordDemoEventsDeleted, removeDemoEvents } from './demo-retirement.ts';
