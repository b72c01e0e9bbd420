/**
 * The generated company documents (docs/product.md §9.10: Reports/{ticker}_FactSheet.pdf
 * and the investor presentation): gathered from the company's data, drawn
 * by pdf/, and kept for a while since they change at most daily.
 */
import { htmlToText } from '../../../build/sanitize.ts';
import { formatDollars, formatMoney, formatShares } from '../../../lib/format.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { companyDescription, landingPageIfAny, recentCloses, requireCompany, teamOf } from '../companies/index.ts';
import type { CompanyDocumentInput } from './pdf/document.ts';

export type ReportKind = 'FactSheet' | 'Presentation';

/** List items of an HTML list as plain text; a paragraph counts as one item. */
function htmlItems(html: string | null): string[] {
  if (!html) return [];
  const items = [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => htmlToText(m[1]!).trim());
  return (items.length ? items : [htmlToText(html).trim()]).filter(Boolean);
}

async function documentInput(db: Db, symbol: string, kind: ReportKind): Promise<CompanyDocumentInput> {
  const c = await requireCompany(db, symbol);
  // A company without a landing page still has a fact sheet.
  const landing = await landingPageIfAny(db, c.symbol);
  if (kind === 'Presentation' && !landing) throw notFound(`${c.symbol} has no investor presentation.`);
  const closes = await recentCloses(db, c.symbol, 252);
  const leaders = (await teamOf(db, c.symbol)).map(({ name, title }) => ({ name, title }));
  return {
    symbol: c.symbol,
    name: c.name,
    market: c.market,
    sectorName: c.sectorName,
    industry: c.industry,
    country: c.country,
    ipoYear: c.ipoYear,
    websiteUrl: landing?.website_url ?? null,
    description: (await companyDescription(db, c.symbol)) ?? '',
    valueProp: landing?.value_prop ? htmlToText(landing.value_prop).trim() : null,
    highlights: htmlItems(landing?.highlights ?? null),
    stats: [
      { label: 'Last Price', value: formatDollars(c.lastSale) },
      { label: 'Market Cap', value: formatMoney(c.marketCap) },
      { label: '52-Week Range', value: `${formatDollars(c.week52Low)} – ${formatDollars(c.week52High)}` },
      { label: 'Shares Outstanding', value: formatShares(c.sharesOutstanding) },
      { label: 'Average Volume', value: formatShares(c.volumeAvg) },
      {
        label: 'Institutional Ownership',
        value: c.institutionalOwnership === null ? '—' : `${c.institutionalOwnership.toFixed(2)}%`,
      },
      { label: 'Analyst Price Target', value: formatDollars(c.priceTarget) },
      { label: 'Sector', value: c.sectorName },
    ],
    closes,
    management: leaders,
    specialist: landing?.specialist ?? null,
    disclosure: landing?.disclosure ? htmlToText(landing.disclosure).trim() : null,
    asOf: closes[closes.length - 1]?.date ?? new Date().toISOString().slice(0, 10),
    dataSource: c.dataSource,
  };
}

const CACHE_SIZE = 64;
const CACHE_MS = 10 * 60 * 1000;
type RenderedDocuments = Map<string, { at: number; bytes: Uint8Array }>;
/** Documents per database: two databases in one process (tests, tools) never answer with each other's. */
const cacheByDb = new WeakMap<Db, RenderedDocuments>();

/** The PDF for a symbol and kind; rendered at most once per ten minutes. */
export async function companyReport(db: Db, symbol: string, kind: ReportKind): Promise<Uint8Array> {
  let cache = cacheByDb.get(db);
  if (!cache) cacheByDb.set(db, (cache = new Map()));
  const key = `${symbol.toUpperCase()}:${kind}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.bytes;
  const input = await documentInput(db, symbol, kind);
  // pdf-lib loads on the first document asked for, not with every start of the server.
  const bytes =
    kind === 'FactSheet'
      ? await (await import('./pdf/fact-sheet.ts')).renderFactSheet(input)
      : await (await import('./pdf/presentation.ts')).renderPresentation(input);
  cache.delete(key);
  cache.set(key, { at: Date.now(), bytes });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return bytes;
}
