/** A sync's report as the command prints it: an import's report, its requests, and what could not be read. */
import { formatReport } from '../imports/index.ts';
import type { SyncReport } from './sync.ts';

const PROBLEMS_SHOWN = 20;

export function formatSyncReport(report: SyncReport): string {
  const lines = [
    formatReport(report)
      .replace(/^sec import finished/, 'EDGAR sync finished')
      .trimEnd(),
    `  requests to EDGAR: ${report.requests.toLocaleString('en-US')}`,
  ];
  if (report.problems.length) {
    lines.push(`  documents that could not be read: ${report.problems.length}`);
    for (const p of report.problems.slice(0, PROBLEMS_SHOWN)) lines.push(`    ${p.document}: ${p.problem}`);
  }
  if (report.stopped) lines.push(`  stopped: ${report.stopped}`);
  return `${lines.join('\n')}\n`;
}
