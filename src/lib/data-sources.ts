/**
 * Where a company's record and prices come from, and how the site names the
 * source next to the data (the screener, company pages, CSV exports). Demo
 * records come from the generator; the others from the importers
 * (`npm run import`) or a quote provider.
 */
export const DATA_SOURCES = {
  demo: 'demo data generated for demonstration',
  'nasdaq-screener': 'Nasdaq screener export',
  'daily-bars': 'daily price files',
  polygon: 'Polygon.io quotes',
} as const;

/** Sources that quote during the session (their day is not a close). */
const LIVE_SOURCES: ReadonlySet<string> = new Set(['polygon']);

export type DataSource = keyof typeof DATA_SOURCES;

/** The name shown for a source (an unknown one is shown as stored). */
export const dataSourceLabel = (source: string): string => (DATA_SOURCES as Record<string, string>)[source] ?? source;

/** 'Prices as of 2021-03-29 close, source: Nasdaq screener export', or null for demo records. */
export function dataProvenance(source: string, asOf: string | null): string | null {
  if (source === 'demo') return null;
  const when = asOf ? `Prices as of ${asOf}${LIVE_SOURCES.has(source) ? '' : ' close'}, ` : '';
  return `${when}source: ${dataSourceLabel(source)}`;
}
