/**
 * Insider transactions (docs/product.md §9.2): paged in the browser, 5 per page by default. A row
 * read from a Form 4 or 5 shows its code with what it means, so a grant or an option exercise is
 * never read as a purchase, and marks a trade made under a Rule 10b5-1 plan.
 */
import { useState } from 'react';
import { COMPANY_TEXT, PAGE_SIZES } from '../../lib/company.ts';
import type { InsiderRecordData } from '../../lib/content-records.ts';
import { formatDollars, formatShares } from '../../lib/format.ts';
import { insiderCodeMeaning, insiderTrade } from '../../lib/insider-codes.ts';
import PagedTable, { type Column } from './PagedTable.tsx';

function Transaction({ r }: { r: InsiderRecordData }) {
  const trade = insiderTrade(r.code ?? null, r.is_buy);
  const tone = trade === 'buy' ? 'text-up' : trade === 'sell' ? 'text-down' : 'text-ink';
  if (!r.code) return <span className={`font-semibold ${tone}`}>{r.is_buy ? 'Buy' : 'Sell'}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <abbr title={insiderCodeMeaning(r.code) ?? ''} className={`font-semibold no-underline ${tone}`}>
        {r.code}
      </abbr>
      <span className="text-xs text-muted">{insiderCodeMeaning(r.code)}</span>
      {r.trading_plan && (
        <span
          className="rounded border border-line px-1 text-xs font-semibold text-ink"
          title="Made under a Rule 10b5-1 trading plan set up in advance"
        >
          10b5-1
        </span>
      )}
    </span>
  );
}

const columns: readonly Column<InsiderRecordData>[] = [
  { header: 'Date', cell: (r) => r.date_of_purchase },
  {
    header: 'Insider',
    wrap: true,
    cell: (r) => (
      <span className="flex flex-col">
        {r.filing_url ? (
          <a href={r.filing_url} className="text-primary hover:underline" rel="noopener" target="_blank">
            {r.purchaser}
          </a>
        ) : (
          r.purchaser
        )}
        {r.relationship && <span className="text-xs text-muted">{r.relationship}</span>}
      </span>
    ),
  },
  { header: 'Transaction', wrap: true, cell: (r) => <Transaction r={r} /> },
  { header: 'Shares', cell: (r) => formatShares(r.amount_purchased), align: 'right' },
  { header: 'Price', cell: (r) => (r.price ? formatDollars(r.price) : '—'), align: 'right' },
  {
    header: 'Owned after',
    cell: (r) => (r.shares_after === null || r.shares_after === undefined ? '—' : formatShares(r.shares_after)),
    align: 'right',
  },
];

export default function InsiderTable({ records }: { records: InsiderRecordData[] }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES.insider.default);
  if (records.length === 0) return <p className="text-sm text-muted">{COMPANY_TEXT.noInsider}</p>;
  return (
    <PagedTable
      caption="Insider transactions"
      testId="insider-table"
      columns={columns}
      rows={records.slice((page - 1) * size, page * size)}
      rowKey={(r) =>
        `${r.date_of_purchase}:${r.purchaser}:${r.amount_purchased}:${r.is_buy}:${r.code ?? ''}:${r.security ?? ''}`
      }
      page={page}
      pageSize={size}
      pageSizes={PAGE_SIZES.insider.options}
      total={records.length}
      onPage={setPage}
      onPageSize={(s) => {
        setSize(s);
        setPage(1);
      }}
    />
  );
}
