/** The market stats table (docs/product.md §9.2), from the page's live market record. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDollars, formatMoney, formatShares } from '../../lib/format.ts';
import { $quote, quotePendingText, watchQuote, type Quote } from '../../stores/company.ts';

const ROWS: readonly [string, (q: Quote) => string][] = [
  ['Open', (q) => formatDollars(q.open)],
  ['Previous Close', (q) => formatDollars(q.pre_close)],
  ["Day's Range", (q) => (q.daylow === null ? '—' : `${formatDollars(q.daylow)} – ${formatDollars(q.dayhigh)}`)],
  [
    '52-Week Range',
    (q) => (q.week52low === null ? '—' : `${formatDollars(q.week52low)} – ${formatDollars(q.week52high)}`),
  ],
  ['Volume', (q) => formatShares(q.volume)],
  ['Average Volume', (q) => formatShares(q.volume_avg)],
  ['Market Cap', (q) => formatMoney(q.market_cap)],
  ['Shares Outstanding', (q) => formatShares(q.shares_outstanding)],
  ['Exchange', (q) => q.market],
  ['Sector', (q) => q.sector_name],
  ['Industry', (q) => q.industry],
  ['IPO Year', (q) => (q.ipo_year === null ? '—' : String(q.ipo_year))],
  ['Country', (q) => q.country],
];

export default function MarketStats({ symbol }: { symbol: string }) {
  const state = useStore($quote);
  useEffect(() => watchQuote(symbol), [symbol]);
  const quote = state.status === 'loading' ? undefined : state.quote;
  return (
    // As tall while loading as the table it becomes (13 rows of 2.25rem and a border; two columns from sm), so
    // nothing below moves when the figures arrive.
    <div className="min-h-[calc(13*(2.25rem_+_1px))] sm:min-h-[calc(7*(2.25rem_+_1px))]" data-testid="market-stats">
      {!quote ? (
        <p className="py-6 text-sm text-muted" role="status">
          {quotePendingText(state)}
        </p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-8 text-sm sm:grid-cols-2">
          {ROWS.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b border-line py-2">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right font-semibold tabular-nums">{value(quote)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
