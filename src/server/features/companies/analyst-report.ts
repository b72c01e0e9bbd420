/**
 * The analyst report shown in the company page's frame to signed-in users:
 * staff's uploaded PDF when there is one (analyst-report-files.ts), else a
 * page generated here, self-contained HTML served from this site: consensus,
 * price targets and the ratings they come from, or, for a company without
 * ratings of its own, the provider's consensus and where it comes from.
 */
import { count, eq } from 'drizzle-orm';
import { formatDollars } from '../../../lib/format.ts';
import { escapeHtml } from '../../../lib/markup.ts';
import type { Db } from '../../platform/db/client.ts';
import { requireCompany, type CompanyRow } from './records.ts';
import { analystReportVersion } from './analyst-report-files.ts';
import { analystCoverage, consensusOf } from './research.ts';
import { analystRatings } from './tables.ts';

/** Where staff's uploaded report of a company is served; its version in the address, so the frame loads a new one at once. */
export const analystReportFileUrl = (symbol: string, version: number) =>
  `/api/stock/analyst-report/${encodeURIComponent(symbol)}/file?v=${version}`;

/**
 * Report URLs for a symbol: staff's uploaded report when there is one, else the generated report
 * when analysts cover the company (its own ratings or a provider's consensus); none otherwise.
 */
export async function analystReportUrls(db: Db, symbol: string): Promise<string[]> {
  const company = await requireCompany(db, symbol);
  const version = await analystReportVersion(db, company.symbol);
  if (version !== null) return [analystReportFileUrl(company.symbol, version)];
  const [row] = await db
    .select({ n: count() })
    .from(analystRatings)
    .where(eq(analystRatings.companySymbol, company.symbol));
  const covered = Number(row?.n ?? 0) > 0 || (await consensusOf(db, company.symbol)) !== null;
  return covered ? [`/api/stock/analyst-report/${company.symbol}`] : [];
}

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

export async function analystReportHtml(db: Db, company: CompanyRow): Promise<string> {
  // The cards summarize the very rows listed beneath them (or the provider's consensus named beneath).
  const { ratings, summary, consensus: provided } = await analystCoverage(db, company);
  const counts = { Buy: summary.buyRatings, Hold: summary.holdRatings, Sell: summary.sellRatings };
  const total = summary.totalAnalysts;
  const consensus =
    total === 0
      ? 'No consensus'
      : counts.Buy >= counts.Hold && counts.Buy >= counts.Sell
        ? counts.Buy / total >= 0.7
          ? 'Strong Buy'
          : 'Moderate Buy'
        : counts.Sell > counts.Hold
          ? 'Sell'
          : 'Hold';
  const upside = summary.priceTargetUpside;
  const rows = ratings
    .map(
      (
        r,
      ) => `<tr><td>${escapeHtml(r.recommendationDate)}</td><td>${escapeHtml(r.analystName)}<small>${escapeHtml(r.firmName)}</small></td>
<td class="${r.recommendation.toLowerCase()}">${escapeHtml(r.recommendation)}</td><td>${formatDollars(r.priceTarget)}</td>
<td>${r.analystRank === null ? '—' : `#${r.analystRank.toLocaleString('en-US')}`}</td><td>${r.successRate === null ? '—' : `${Math.round(r.successRate * 100)}%`}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Analyst Insights: ${escapeHtml(company.name)} (${escapeHtml(company.symbol)})</title>
<style>
:root{color-scheme:light dark;font-family:Inter,Segoe UI,Arial,sans-serif;font-size:14px}
body{margin:0;padding:16px;background:Canvas;color:CanvasText}
h1{font-size:18px;margin:0 0 12px}.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin-bottom:16px}
.card{border:1px solid #8884;border-radius:10px;padding:12px}.card b{display:block;font-size:20px;margin-top:4px}
.bar{display:flex;height:10px;border-radius:5px;overflow:hidden;margin-top:8px;background:#8883}.bar span{display:block}
.buy{color:#15803d}.hold{color:#b45309}.sell{color:#b91c1c}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #8883;vertical-align:top}
small{display:block;opacity:.7}p.note{opacity:.7;font-size:12px}p.source{margin:0 0 8px}
</style></head><body>
<h1>Analyst Insights: ${escapeHtml(company.name)} (${escapeHtml(company.symbol)})</h1>
<div class="cards">
<div class="card">Consensus<b>${consensus}</b><div class="bar" aria-hidden="true"><span style="width:${pct(counts.Buy, total)}%;background:#16a34a"></span><span style="width:${pct(counts.Hold, total)}%;background:#f59e0b"></span><span style="width:${pct(counts.Sell, total)}%;background:#dc2626"></span></div>
<small>${counts.Buy} Buy · ${counts.Hold} Hold · ${counts.Sell} Sell</small></div>
<div class="card">Average price target<b>${formatDollars(summary.priceTarget)}</b><small>${upside === null ? '' : `${upside > 0 ? '+' : ''}${upside.toFixed(2)}% from the last price`}</small></div>
<div class="card">Target range<b>${summary.lowPriceTarget === null ? '—' : `${formatDollars(summary.lowPriceTarget)} – ${formatDollars(summary.highPriceTarget)}`}</b><small>${total} analyst${total === 1 ? '' : 's'}</small></div>
</div>
${
  provided
    ? `<p class="source">${escapeHtml(provided.line)} No rating by a named analyst is held of this company: the figures are the provider's count of recommendations (strong buys counted as buys, strong sells as sells) and its price targets.</p>
<p class="note">Recommendations and targets are opinions of the analysts the provider counts, not advice.</p>`
    : `<table><thead><tr><th>Date</th><th>Analyst</th><th>Rating</th><th>Target</th><th>Rank</th><th>Success</th></tr></thead><tbody>${rows}</tbody></table>
<p class="note">${ratings.some((r) => r.source === 'demo') ? 'Demo analyst data generated for demonstration. ' : ''}Ratings are opinions of the analysts named, not advice.</p>`
}
</body></html>`;
}
