/**
 * What every reader of Form 13F gives (the filings EDGAR serves and the SEC's quarterly data sets):
 * a filing's cover, its information table's rows as filed, and the calendar of quarters the
 * holdings are reported for.
 *
 * A row is one line of the information table: a manager lists one class of one issuer's securities
 * on several lines when the holding is split by investment discretion or by the other managers
 * sharing it, and lists options (PUT, CALL) and principal amounts (PRN, for bonds) apart from
 * shares (SH). Rows are kept as filed here; what a holding is, is decided when they are stored.
 */

/** The forms whose information table lists holdings; a notice (13F-NT) has none. */
export const HOLDINGS_FORMS = ['13F-HR', '13F-HR/A'] as const;
export type HoldingsForm = (typeof HOLDINGS_FORMS)[number];
export const isHoldingsForm = (form: string): form is HoldingsForm =>
  (HOLDINGS_FORMS as readonly string[]).includes(form);

/** How an amendment relates to what was filed before: it replaces it, or adds to it. */
export type AmendmentType = 'RESTATEMENT' | 'NEW HOLDINGS';

export interface Form13fFiling {
  accession: string;
  /** The submission type: 13F-HR, 13F-HR/A, 13F-NT, 13F-NT/A. */
  form: string;
  /** YYYY-MM-DD */
  filedOn: string;
  /** The calendar quarter's last day the holdings are reported for, YYYY-MM-DD. */
  period: string;
  managerCik: number;
  managerName: string;
  /** Set for an amendment; an amendment that names no type is read as a restatement (see store.ts). */
  amendmentType: AmendmentType | null;
  /** '13F HOLDINGS REPORT', '13F NOTICE' or '13F COMBINATION REPORT'. */
  reportType: string;
}

export type AmountType = 'SH' | 'PRN';
export type PutCall = 'PUT' | 'CALL';

export interface InfoTableRow {
  issuer: string;
  titleOfClass: string;
  /** As filed, upper case; see cusipOf for whether it is one. */
  cusip: string;
  /** The market value as filed: thousands of dollars or dollars, by when it was filed (value-units.ts). */
  value: number;
  /** Shares, or a principal amount for PRN rows. */
  amount: number;
  amountType: AmountType;
  putCall: PutCall | null;
  /** SOLE, DFND (shared-defined) or OTR (shared-other). */
  discretion: string;
  /** Where the row is in its file (1-based), for reports. */
  line: number;
}

/** A CUSIP as the SEC writes one: nine letters and digits, upper case; null for anything else. */
export function cusipOf(text: string): string | null {
  const cusip = text.trim().toUpperCase();
  return /^[0-9A-Z]{9}$/.test(cusip) ? cusip : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

export { isQuarterEnd, previousQuarterEnd } from '../../../../lib/quarters.ts';

/** A real calendar day as YYYY-MM-DD, or null. */
function calendarDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The XML documents' dates, MM-DD-YYYY ('03-31-2024'), as YYYY-MM-DD; null when it is not one. */
export function documentDate(text: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  return match ? calendarDay(Number(match[3]), Number(match[1]), Number(match[2])) : null;
}
