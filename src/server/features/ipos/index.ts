/** The IPO calendar: what other parts may use (the table, for the demo generator). */
export { ipos } from './tables.ts';
