/**
 * Institutional ownership (docs/product.md §9.2): largest holders first, 25 per page by
 * default (5, 10, 25), read from the API when the section comes into view. Holders read from
 * Form 13F also show their change in shares since the quarter before, and the quarter their
 * latest reports are of.
 */
import { COMPANY_TEXT, PAGE_SIZES } from '../../lib/company.ts';
import type { HoldingRecord } from '../../lib/content-records.ts';
import { formatMoney, formatShares } from '../../lib/format.ts';
import PagedTable, { type Column } from './PagedTable.tsx';
import { useServerPages } from './useServerPages.ts';

/** A change in shares: '+12.50K', '-800', 'New' for a position the quarter before did not hold, '—' unknown. */
function change(r: HoldingRecord): string {
  if (r.newPosition) return COMPANY_TEXT.newPosition;
  if (r.changeShares === null || r.changeShares === undefined) return '—';
  if (r.changeShares === 0) return '0';
  return `${r.changeShares > 0 ? '+' : '-'}${formatShares(Math.abs(r.changeShares))}`;
}

const institution: Column<HoldingRecord> = { header: 'Institution', wrap: true, cell: (r) => r.institutionName };
const rest: readonly Column<HoldingRecord>[] = [
  { header: '% of Shares', cell: (r) => `${r.sharesHeldPercentage.toFixed(2)}%`, align: 'right' },
  { header: 'Market Value', cell: (r) => formatMoney(r.marketValue), align: 'right' },
  { header: 'Filed', cell: (r) => r.filingDate },
];
const shares: Column<HoldingRecord> = {
  header: 'Shares Held',
  cell: (r) => formatShares(r.sharesHeld),
  align: 'right',
};
const changeColumn: Column<HoldingRecord> = { header: 'Change', cell: change, align: 'right' };

const demoColumns = [institution, shares, ...rest];
const formColumns = [institution, shares, changeColumn, ...rest];

export default function HoldingsTable({ symbol }: { symbol: string }) {
  const pages = useServerPages<HoldingRecord>(
    { rows: [], total: 0, pageSize: PAGE_SIZES.institutional.default, loaded: false },
    (page, pageSize) => `stock/institutional/${encodeURIComponent(symbol)}?page=${page}&pageSize=${pageSize}`,
    (body) => {
      const b = body as { data: HoldingRecord[]; totalItems: number };
      return { rows: b.data, total: b.totalItems };
    },
  );
  if (!pages.loaded)
    return (
      <p className="min-h-24 text-sm text-muted" role="status">
        {pages.failed ? <span className="sr-only">{COMPANY_TEXT.institutionalFailed}</span> : 'Loading holders...'}
      </p>
    );
  if (pages.total === 0) return <p className="text-sm text-muted">{COMPANY_TEXT.noHoldings}</p>;
  // Holders read from Form 13F carry their quarter; the demo's do not.
  const quarter = pages.rows.reduce<string | null>(
    (latest, r) => (r.reportPeriod && (!latest || r.reportPeriod > latest) ? r.reportPeriod : latest),
    null,
  );
  return (
    <div className="flex flex-col gap-2">
      {/* docs/product.md §20.5: this failure is not shown, only announced to assistive technology. */}
      {pages.failed && (
        <p className="sr-only" role="status">
          {COMPANY_TEXT.institutionalFailed}
        </p>
      )}
      {quarter && <p className="text-xs text-muted">{COMPANY_TEXT.holdingsAsOf(quarter)}</p>}
      <PagedTable
        caption="Institutional ownership"
        testId="holdings-table"
        columns={quarter ? formColumns : demoColumns}
        rows={pages.rows}
        rowKey={(r) => r.id}
        page={pages.page}
        pageSize={pages.pageSize}
        pageSizes={PAGE_SIZES.institutional.options}
        total={pages.total}
        onPage={pages.setPage}
        onPageSize={pages.setPageSize}
        busy={pages.busy}
      />
    </div>
  );
}
