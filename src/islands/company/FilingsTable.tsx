/**
 * SEC filings (docs/product.md §9.2): type-group checkboxes and a 'filed on or before'
 * date, 10 per page by default (5, 10, 20), each row linking to the filing.
 */
import { useId, useState } from 'react';
import { COMPANY_TEXT, FILING_GROUP_NAMES, PAGE_SIZES } from '../../lib/company.ts';
import type { FilingRecord } from '../../lib/content-records.ts';
import PagedTable, { type Column } from './PagedTable.tsx';
import { useServerPages } from './useServerPages.ts';

const columns: readonly Column<FilingRecord>[] = [
  { header: 'Date', cell: (r) => r.date_as_of_change },
  { header: 'Form', cell: (r) => <span className="font-semibold">{r.filing_type}</span> },
  {
    header: 'Description',
    wrap: true,
    cell: (r) => (
      <a href={r.raw_text_link} target="_blank" rel="noopener" className="text-primary hover:underline">
        {r.description}
      </a>
    ),
  },
  { header: 'Documents', cell: (r) => r.document_count, align: 'right' },
];

interface Props {
  symbol: string;
  initial: { data: FilingRecord[]; totalItems: number };
}

export default function FilingsTable({ symbol, initial }: Props) {
  const id = useId();
  const [groups, setGroups] = useState<string[]>([]);
  const [date, setDate] = useState('');
  const filterKey = `${groups.join(',')}|${date}`;
  const pages = useServerPages<FilingRecord>(
    { rows: initial.data, total: initial.totalItems, pageSize: PAGE_SIZES.filings.default },
    (page, pageSize) => {
      const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (groups.length) q.set('types', groups.join(','));
      if (date) q.set('date', date);
      return `stock/filings/${encodeURIComponent(symbol)}?${q}`;
    },
    (body) => {
      const b = body as { data: FilingRecord[]; totalItems: number };
      return { rows: b.data, total: b.totalItems };
    },
    filterKey,
  );
  const toggle = (group: string) =>
    setGroups((g) => (g.includes(group) ? g.filter((x) => x !== group) : [...g, group]));

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Filter filings</legend>
        {FILING_GROUP_NAMES.map((group) => (
          <label
            key={group}
            className={`cursor-pointer rounded-full border px-3 py-1 text-xs font-semibold ${groups.includes(group) ? 'chip-active' : 'border-line hover:bg-surface-2'}`}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={groups.includes(group)}
              onChange={() => toggle(group)}
            />
            {group}
          </label>
        ))}
        <label htmlFor={`${id}-date`} className="ml-auto text-xs text-muted">
          Filed on or before
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className="rounded border border-line bg-surface px-2 py-1 text-sm"
        />
        {(groups.length > 0 || date) && (
          <button
            type="button"
            className="text-xs font-semibold text-primary hover:underline"
            onClick={() => {
              setGroups([]);
              setDate('');
            }}
          >
            Clear filters
          </button>
        )}
      </fieldset>
      {pages.failed && (
        <p className="text-sm text-down" role="alert">
          {COMPANY_TEXT.loadFailed}
        </p>
      )}
      {!pages.failed && pages.total === 0 ? (
        <p className="text-sm text-muted">{COMPANY_TEXT.noFilings}</p>
      ) : (
        <PagedTable
          caption="SEC filings"
          testId="filings-table"
          columns={columns}
          rows={pages.rows}
          rowKey={(r) => r.accession_key}
          page={pages.page}
          pageSize={pages.pageSize}
          pageSizes={PAGE_SIZES.filings.options}
          total={pages.total}
          onPage={pages.setPage}
          onPageSize={pages.setPageSize}
          busy={pages.busy}
        />
      )}
    </div>
  );
}
