/**
 * The IPO calendar: what other parts may use (the registrants' rows found, added
 * and changed, for the EDGAR sync's step that reads registrations into it; the calendar's rows as
 * readers see them, for RedChat; the demo's calendar given up, for the imports).
 */
export { listIpos } from './service.ts';
export {
  addIpo,
  ipoNameTaken,
  ipoOfRegistrant,
  updateIpo,
  type IpoRow,
  type IpoRowChanges,
  type NewIpoRow,
} from './calendar-rows.ts';
export { removeDemoIpos } from './demo-retirement.ts';
