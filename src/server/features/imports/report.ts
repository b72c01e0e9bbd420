/**
 * What an import did, for the report at its end: rows read, records added,
 * updated, left unchanged or marked inactive, and the rows skipped, by
 * reason, with the lines of the malformed ones.
 */
import { shown } from './text.ts';

/**
 * An import that cannot go on: its message says why, and nothing was
 * changed. The message quotes the file (its name, a header, a value), so
 * its unprintable characters are shown escaped, never raw.
 */
export class ImportError extends Error {
  override name = 'ImportError';
  constructor(message: string) {
    super(shown(message));
  }
}

/** Lines listed per reason in a report; the count covers them all. */
const LINES_SHOWN = 20;

export interface SkipReason {
  count: number;
  /** Where the rows are, when they are malformed (line numbers or file names), the first ones only. */
  where: string[];
}

export interface ImportReport {
  /** What was imported ('universe', 'sec-tickers', ...). */
  kind: string;
  /** Rows (or files, or records) read from the input. */
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Records no longer in the input, marked inactive (kept with their pages and history). */
  deactivated: number;
  skipped: Record<string, SkipReason>;
  /** Further facts worth a line (unmapped industries, filings loaded...). */
  notes: string[];
  dryRun: boolean;
  ms: number;
}

export function emptyReport(kind: string, dryRun: boolean): ImportReport {
  return { kind, read: 0, added: 0, updated: 0, unchanged: 0, deactivated: 0, skipped: {}, notes: [], dryRun, ms: 0 };
}

/** Counts a skipped row under its reason; `where` names it when it is worth finding (a malformed row). */
export function skip(report: ImportReport, reason: string, where?: string): void {
  const entry = (report.skipped[reason] ??= { count: 0, where: [] });
  entry.count++;
  if (where !== undefined && entry.where.length < LINES_SHOWN) entry.where.push(where);
}

const n = (value: number) => value.toLocaleString('en-US');

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const skippedTotal = Object.values(report.skipped).reduce((sum, s) => sum + s.count, 0);
  const lines = [
    `${report.dryRun ? 'Dry run (nothing was changed): ' : ''}${report.kind} import finished in ${(report.ms / 1000).toFixed(1)} s`,
    `  read:        ${n(report.read)}`,
    `  added:       ${n(report.added)}`,
    `  updated:     ${n(report.updated)}`,
    `  unchanged:   ${n(report.unchanged)}`,
    `  inactive:    ${n(report.deactivated)} (no longer in the input; pages and history kept)`,
    `  skipped:     ${n(skippedTotal)}`,
  ];
  for (const [reason, entry] of Object.entries(report.skipped).sort((a, b) => b[1].count - a[1].count)) {
    const more = entry.count > entry.where.length && entry.where.length > 0 ? ', ...' : '';
    const where = entry.where.length ? ` (${entry.where.join(', ')}${more})` : '';
    lines.push(`    ${n(entry.count).padStart(7)}  ${reason}${where}`);
  }
  for (const note of report.notes) lines.push(`  ${note}`);
  // Reasons, places and notes quote the input (entry keys, file names, industry names).
  return `${lines.map(shown).join('\n')}\n`;
}
