/**
 * The company page's live market record: fetched once when the first island
 * asks, then every 15 minutes (docs/product.md §21.3), shared by the header and the stats
 * table. Plain fetch keeps the page light: these are public reads.
 */
import { atom } from 'nanostores';
import { COMPANY_TEXT, MARKET_DATA_REFRESH_MS } from '../lib/company.ts';

export interface Quote {
  name: string;
  symbol: string;
  last_sale: number | null;
  open: number | null;
  pre_close: number | null;
  volume: number | null;
  volume_avg: number | null;
  market_cap: number | null;
  daylow: number | null;
  dayhigh: number | null;
  week52low: number | null;
  week52high: number | null;
  shares_outstanding: number | null;
  net_change: number | null;
  change_pre: number | null;
  market: string;
  sector_name: string;
  industry: string;
  ipo_year: number | null;
  country: string;
  quote_updated_at: string | null;
  data_source: string;
  prices_as_of: string | null;
  active: boolean;
}

export type QuoteState = { status: 'loading' } | { status: 'ready'; quote: Quote } | { status: 'error'; quote?: Quote };

export const $quote = atom<QuoteState>({ status: 'loading' });

/** What a section shows before it has figures: loading, or the failure. */
export const quotePendingText = (state: QuoteState) =>
  state.status === 'error' ? COMPANY_TEXT.marketDataUnavailable : COMPANY_TEXT.loadingMarketData;

/** GET a JSON body from the API; throws with the status on failure. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`/api/${path}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  return (await response.json()) as T;
}

let started: string | null = null;

async function refresh(symbol: string): Promise<void> {
  try {
    const { data } = await getJson<{ data: Quote }>(`stock/company/${encodeURIComponent(symbol)}`);
    $quote.set({ status: 'ready', quote: data });
  } catch {
    // A failed refresh keeps the last figures on screen.
    const current = $quote.get();
    $quote.set({ status: 'error', quote: current.status === 'loading' ? undefined : current.quote });
  }
}

/** Starts the page's market data (once per page, whichever island asks first). */
export function watchQuote(symbol: string): void {
  if (started === symbol) return;
  started = symbol;
  void refresh(symbol);
  setInterval(() => void refresh(symbol), MARKET_DATA_REFRESH_MS);
}
