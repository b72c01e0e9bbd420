/** Insider transactions (docs/product.md §9.2): paged in the browser, 5 per page by default. */
import { useState } from 'react';
import { COMPANY_TEXT, PAGE_SIZES } from '../../lib/company.ts';
import type { InsiderRecordData } from '../../lib/content-records.ts';
import { formatShares } from '../../lib/format.ts';
import PagedTable, { type Column } from './PagedTable.tsx';

const columns: readonly Column<InsiderRecordData>[] = [
  { header: 'Date', cell: (r) => r.date_of_purchase },
  { header: 'Insider', wrap: true, cell: (r) => r.purchaser },
  {
    header: 'Type',
    cell: (r) => (
      <span className={r.is_buy ? 'font-semibold text-up' : 'font-semibold text-down'}>
        {r.is_buy ? 'Buy' : 'Sell'}
      </span>
    ),
  },
  { header: 'Shares', cell: (r) => formatShares(r.amount_purchased), align: 'right' },
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
      rowKey={(r) => `${r.date_of_purchase}:${r.purchaser}:${r.amount_purchased}:${r.is_buy}`}
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
