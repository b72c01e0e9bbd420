/**
 * Everything the screener page asks for besides the grid: symbol search,
 * filter definitions with their buckets, sector cards, leaders and laggards.
 * The CSV export is in csv.ts.
 */
import { FILTERS, quartileBuckets, type NumericField, type ScreenerRow } from '../../../lib/screener.ts';
import { SECTOR_CARDS, cardCodesText, cardContains, subSectors } from '../../../lib/sectors.ts';
import { runScreen } from './query.ts';
import type { Snapshot } from './snapshot.ts';

export interface SearchHit {
  symbol: string;
  name: string;
  market: string | null;
  sector_name: string | null;
  last_sale: number | null;
  change_pre: number | null;
  logo: string | null;
}

const hit = (r: ScreenerRow): SearchHit => ({
  symbol: r.symbol,
  name: r.name,
  market: r.market,
  sector_name: r.sector_name,
  last_sale: r.last_sale,
  change_pre: r.change_pre,
  logo: r.logo,
});

/** Ranks matches: exact symbol, symbol prefix, name word start, then anywhere in the name. */
export function searchCompanies(snapshot: Snapshot, rawQuery: string, type: 'all' | 'symbol' | 'name'): SearchHit[] {
  const query = rawQuery.trim().toLowerCase();
  if (!query) return [];
  const scored: [number, ScreenerRow][] = [];
  for (const row of snapshot.rows) {
    const symbol = row.symbol.toLowerCase();
    const name = row.name.toLowerCase();
    let score = 0;
    if (type !== 'name') {
      if (symbol === query) score = 4;
      else if (symbol.startsWith(query)) score = 3;
    }
    if (score === 0 && type !== 'symbol') {
      if (name.startsWith(query) || name.includes(` ${query}`)) score = 2;
      else if (name.includes(query)) score = 1;
    }
    if (score > 0) scored.push([score, row]);
  }
  scored.sort((a, b) => b[0] - a[0] || a[1].symbol.localeCompare(b[1].symbol));
  return scored.map(([, row]) => hit(row));
}

export interface FilterOptions {
  name: string;
  options: string[];
  active: boolean;
  group: string;
  kind: 'range' | 'values';
}

/** The filter panel: fixed buckets from docs/product.md, dynamic ones from today's data. */
export function filterOptions(snapshot: Snapshot): FilterOptions[] {
  return FILTERS.map((f) => ({
    name: f.name,
    options: f.dynamic ? quartileBuckets(Array.from(snapshot.numbers(f.field as NumericField))) : f.options,
    active: f.activeByDefault,
    group: f.group,
    kind: f.kind,
  }));
}

export function sectorCards(snapshot: Snapshot) {
  return SECTOR_CARDS.map((card) => ({
    id: card.id,
    name: card.name,
    codes: cardCodesText(card),
    companies: snapshot.rows.filter((r) => cardContains(card, r.sic_code)).length,
    subSectors: subSectors(card).map((i) => ({ code: i.code, description: i.description })),
  }));
}

/** Today's biggest gainers (leaders) or losers (laggards) by percent change. */
export function leadersLaggards(snapshot: Snapshot, order: 'leaders' | 'laggards', page: number, pageSize: number) {
  const result = runScreen(snapshot, {
    page,
    pageSize,
    filters: {},
    sortField: 'change_pre',
    sortDirection: order === 'leaders' ? 'desc' : 'asc',
  });
  // Empty values sort last; leave them out of the ranking entirely.
  const ranked = snapshot.numbers('change_pre').reduce((n, v) => (Number.isNaN(v) ? n : n + 1), 0);
  return {
    data: result.companies.filter((r) => r.change_pre !== null),
    totalItems: ranked,
    totalPages: Math.ceil(ranked / pageSize),
  };
}
