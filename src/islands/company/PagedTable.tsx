/**
 * A small accessible table with a page-size select and previous/next
 * buttons, for the company page's sections (AG Grid is far too heavy here).
 */
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** Long text may wrap; dates and figures stay on one line. */
  wrap?: boolean;
}

interface Props<T> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  busy?: boolean;
  testId: string;
}

export default function PagedTable<T>(props: Props<T>) {
  const { columns, rows, page, pageSize, total } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-col gap-2" data-testid={props.testId}>
      {/* On a phone the table scrolls sideways: the region takes focus so the arrow keys can scroll it. */}
      <div
        className="overflow-x-auto rounded-lg border border-line"
        role="region"
        aria-label={props.caption}
        tabIndex={0}
      >
        <table className="w-full min-w-[32rem] text-sm" aria-busy={props.busy ?? false}>
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-surface-2 text-left text-xs text-muted uppercase">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${c.align === 'right' ? 'text-right' : ''}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={props.busy ? 'opacity-60' : ''}>
            {rows.map((row, i) => (
              <tr key={`${props.rowKey(row)}:${i}`} className="border-t border-line">
                {columns.map((c) => (
                  <td
                    key={c.header}
                    className={`px-3 py-2 ${c.align === 'right' ? 'text-right tabular-nums' : ''} ${c.wrap ? '' : 'whitespace-nowrap'}`}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 text-sm text-muted">
        <label className="flex items-center gap-2">
          Rows per page
          <select
            className="rounded border border-line bg-surface px-2 py-1 text-fg"
            value={pageSize}
            onChange={(e) => props.onPageSize(Number(e.target.value))}
          >
            {props.pageSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span aria-live="polite">
          {from}–{to} of {formatCount(total)}
        </span>
        <span className="flex gap-1">
          <button
            type="button"
            className="rounded border border-line px-2 py-1 disabled:opacity-40"
            disabled={page <= 1 || props.busy}
            onClick={() => props.onPage(page - 1)}
            aria-label="Previous page"
          >
            ‹
          </button>
          <button
            type="button"
            className="rounded border border-line px-2 py-1 disabled:opacity-40"
            disabled={page >= pages || props.busy}
            onClick={() => props.onPage(page + 1)}
            aria-label="Next page"
          >
            ›
          </button>
        </span>
      </div>
    </div>
  );
}
