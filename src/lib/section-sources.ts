/**
 * The line under a company page's section that says where its records come from and how fresh
 * they are (docs/product.md §9.11): demo data says so; records from EDGAR name the SEC's filings
 * and the date of the newest one the site holds, which is when the section last changed (the page is
 * rebuilt whenever the sync stores a new record of the company).
 */
import { formatNewYorkDate } from './time-format.ts';

export type EdgarSection = 'insider' | 'filings';

const SOURCES: Record<EdgarSection, string> = {
  insider: 'SEC EDGAR, Forms 3, 4 and 5',
  filings: 'SEC EDGAR',
};

/** 'Source: SEC EDGAR, Forms 3, 4 and 5. Updated with the filing of Jan 10, 2025.' */
export function sectionSourceLine(section: EdgarSection, dataSource: string, newest: string | null): string {
  if (dataSource === 'demo') return 'Demo data generated for demonstration.';
  const when = newest ? ` Updated with the filing of ${formatNewYorkDate(new Date(`${newest}T12:00:00Z`))}.` : '';
  return `Source: ${SOURCES[section]}.${when}`;
}

/**
 * The line under Bio Phases: the registry's trials name ClinicalTrials.gov and the newest change it
 * posted of them; the demo's say so; staff's milestones need no line.
 */
export function bioPhasesSourceLine(
  phases: readonly { source: string; registry_updated_on: string | null }[],
): string | undefined {
  if (phases.some((p) => p.source === 'demo')) return 'Demo data generated for demonstration.';
  const trials = phases.filter((p) => p.source === 'clinicaltrials.gov');
  if (!trials.length) return undefined;
  const newest = newestDate(trials.map((p) => p.registry_updated_on));
  const when = newest ? ` Updated ${formatNewYorkDate(new Date(`${newest}T12:00:00Z`))}.` : '';
  return `Source: ClinicalTrials.gov, trials the company sponsors or collaborates on.${when}`;
}

/** The line under Short Interest: FINRA's report and its settlement date, or the demo's. */
export function shortInterestSourceLine(source: 'finra' | 'demo', settlementDate: string): string {
  if (source === 'demo') return 'Demo data generated for demonstration.';
  return `Source: FINRA equity short interest, reported twice a month. Settlement date ${formatNewYorkDate(new Date(`${settlementDate}T12:00:00Z`))}.`;
}

/** The newest date of a list of YYYY-MM-DD dates (nulls ignored). */
export const newestDate = (dates: readonly (string | null | undefined)[]): string | null =>
  dates.reduce<string | null>((newest, d) => (d && (!newest || d > newest) ? d : newest), null);

/** Where a company's description comes from (docs/product.md §9.2): the demo's, or an annual report's business section. */
export interface DescriptionSource {
  source: 'demo' | '10-K' | '20-F';
  filed_on: string | null;
  filing_url: string | null;
}

/**
 * The line under the description: 'From the business section of the 10-K filed Nov 1, 2024.', linking
 * to the report on sec.gov, or the demo's line; none for a description of no known source.
 */
export function descriptionSourceLine(source: DescriptionSource | null): { text: string; href: string | null } | null {
  if (!source) return null;
  if (source.source === 'demo') return { text: 'Demo data generated for demonstration.', href: null };
  const filed = source.filed_on ? ` filed ${formatNewYorkDate(new Date(`${source.filed_on}T12:00:00Z`))}` : '';
  return { text: `From the business section of the ${source.source}${filed}.`, href: source.filing_url };
}
