/**
 * The IPO calendar: what other parts may use (the table, for the demo generator and the EDGAR
 * sync's step that reads registrations into it; the calendar's rows, for RedChat).
 */
export { iposView } from './read-models.ts';
export { listIpos } from './service.ts';
