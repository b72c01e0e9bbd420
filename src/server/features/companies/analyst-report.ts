/**
 * The analyst report shown in the company page's frame to signed-in users:
 * consensus, price targets and the ratings they come from, as one
 * self-contained HTML page served from this site.
 */
import { count, eq } from 'drizzle-orm';
import { formatDollars } from '../../../lib/format.ts';
import { escapeHtml } from '../../../lib/markup.ts';
import type { Db } from '../../platform/db/client.ts';
import { requireCompany, type CompanyRow } from './records.ts';
import { analystCoverage } from './research.ts';
import { analystRatings } from './tables.ts';

/** Report URLs for a symbol: none when no analyst covers the company. */
export async function analystReportUrls(db: Db, symbol: string): Promise<string[]> {
  const company = await requireCompany(db, symbol);
  const [row] = await db
    .select({ n: count() })
    .from(analystRatings)
    .where(eq(analystRatings.companySymbol, company.symbol));
  return Number(row?.n ?? 0) > 0 ? [`/api/stock/analyst-report/${company.symbol}`] : [];
}

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

export async function analystReportHtml(db: Db, company: CompanyRow): Promise<string> {
  // The cards summarize the very rows listed beneath them.
  const { ratings, summary } = await analystCoverage(db, company);
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
small{display:block;opacity:.7}p.note{opacity:.7;font-size:12px}
</style></head><body>
<h1>Analyst Insights: ${escapeHtml(company.name)} (${escapeHtml(company.symbol)})</h1>
<div class="cards">
<div class="card">Consensus<b>${consensus}</b><div class="bar" aria-hidden="true"><span style="width:${pct(counts.Buy, total)}%;background:#16a34a"></span><span style="width:${pct(counts.Hold, total)}%;background:#f59e0b"></span><span style="width:${pct(counts.Sell, total)}%;background:#dc2626"></span></div>
<small>${counts.Buy} Buy · ${counts.Hold} Hold · ${counts.Sell} Sell</small></div>
<div class="card">Average price target<b>${formatDollars(summary.priceTarget)}</b><small>${upside === null ? '' : `${upside > 0 ? '+' : ''}${upside.toFixed(2)}% from the last price`}</small></div>
<div class="card">Target range<b>${summary.lowPriceTarget === null ? '—' : `${formatDollars(summary.lowPriceTarget)} – ${formatDollars(summary.highPriceTarget)}`}</b><small>${total} analyst${total === 1 ? '' : 's'}</small></div>
</div>
<table><thead><tr><th>Date</th><th>Analyst</th><th>Rating</th><th>Target</th><th>Rank</th><th>Success</th></tr></thead><tbody>${rows}</tbody></table>
<p class="note">Demo analyst data generated for demonstration. Ratings are opinions of the analysts named, not advice.</p>
</body></html>`;
}
