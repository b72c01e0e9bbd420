/** Cell renderers shared by the stock grids. */
import type { ICellRendererParams } from 'ag-grid-community';
import { describeChange } from '../../lib/format.ts';

/** The ticker, linking to the company page. */
export function SymbolCell({ data }: ICellRendererParams<{ symbol: string }>) {
  if (!data) return null;
  return (
    <a className="font-bold text-primary hover:underline" href={`/stocks/${encodeURIComponent(data.symbol)}`}>
      {data.symbol}
    </a>
  );
}

/** Percent change: green ▲ above 0, otherwise red ▼ (docs/product.md §21.4). */
export function ChangeCell({ value }: ICellRendererParams<unknown, number | null>) {
  if (value === null || value === undefined) return <span className="text-muted">—</span>;
  const change = describeChange(value);
  return <span className={change.direction === 'up' ? 'text-up' : 'text-down'}>{change.text}</span>;
}
