/**
 * The live part of a company header (docs/product.md §9.2): price, day change, volume and
 * the market-status line, which ticks every second in New York time.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useSyncExternalStore } from 'react';
import { dataProvenance } from '../../lib/data-sources.ts';
import { describeChange, formatDollars, formatPrice, formatShares } from '../../lib/format.ts';
import { marketStatusLine } from '../../lib/market-status.ts';
import { $quote, quotePendingText, watchQuote, type Quote } from '../../stores/company.ts';

/** A clock that ticks every second; the server render has no time of its own. */
const everySecond = (tick: () => void) => {
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
};

export function MarketStatus() {
  const line = useSyncExternalStore(
    everySecond,
    () => marketStatusLine(new Date()),
    () => '\u00a0',
  );
  return (
    <p className="min-h-5 text-xs text-muted" data-testid="market-status" aria-live="off">
      {line}
    </p>
  );
}

export default function QuoteHeader({ symbol, compact = false }: { symbol: string; compact?: boolean }) {
  const state = useStore($quote);
  useEffect(() => watchQuote(symbol), [symbol]);
  const quote = state.status === 'loading' ? undefined : state.quote;
  if (!quote) {
    return (
      <div className="flex min-h-[4.5rem] flex-col justify-center" data-testid="quote-header">
        <p className="text-sm text-muted" role="status">
          {quotePendingText(state)}
        </p>
        <MarketStatus />
      </div>
    );
  }
  const change = describeChange(quote.change_pre);
  const color = change.direction === 'up' ? 'text-up' : 'text-down';
  return (
    <div className="flex min-h-[4.5rem] flex-col justify-center gap-0.5" data-testid="quote-header">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className={`${compact ? 'text-2xl' : 'text-3xl'} font-extrabold tabular-nums`} data-testid="quote-price">
          {formatDollars(quote.last_sale)}
        </span>
        <span className={`font-semibold tabular-nums ${color}`} data-testid="quote-change">
          {quote.net_change !== null && `${quote.net_change > 0 ? '+' : ''}${formatPrice(quote.net_change)} `}(
          {change.text})
        </span>
        {!compact && (
          <span className="text-sm text-muted tabular-nums">
            Volume <b className="text-fg">{formatShares(quote.volume)}</b>
          </span>
        )}
      </div>
      <MarketStatus />
      {!compact && <Provenance quote={quote} />}
    </div>
  );
}

/** Where imported figures come from and their day; whether the company is still listed. Nothing for demo records. */
function Provenance({ quote }: { quote: Pick<Quote, 'data_source' | 'prices_as_of' | 'active'> }) {
  const line = dataProvenance(quote.data_source, quote.prices_as_of);
  if (!line && quote.active) return null;
  return (
    <p className="text-xs text-muted" data-testid="data-provenance">
      {!quote.active && 'No longer in the imported market universe; figures are the last imported. '}
      {line}
    </p>
  );
}
