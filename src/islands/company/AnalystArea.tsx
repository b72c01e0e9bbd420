/**
 * Analyst reports (docs/product.md §9.8): signed-in users see the report frame (staff's uploaded
 * PDF, or the generated report) and the analyst rankings, or, for a company whose figures are a
 * provider's consensus, where they come from; others see 'Please login to access Analyst Insights
 * and stock data.' with a link to /login.
 */
import { useEffect, useState } from 'react';
import { COMPANY_TEXT, PAGE_SIZES } from '../../lib/company.ts';
import { formatCount, formatDollars } from '../../lib/format.ts';
import { useBrowserValue } from '../forms/useBrowserValue.ts';
import { getJson } from '../../stores/company.ts';
import PagedTable, { type Column } from './PagedTable.tsx';
import type { AnalystConsensusSourceRecord, AnalystRatingRecord } from '../../lib/content-records.ts';
import { useSession } from '../use-session.ts';

type Rating = AnalystRatingRecord;

const columns: readonly Column<Rating>[] = [
  { header: 'Date', cell: (r) => r.recommendationDate },
  {
    header: 'Analyst',
    wrap: true,
    cell: (r) => (
      <>
        <span className="font-semibold">{r.analystName}</span>
        <span className="block text-xs text-muted">{r.firmName}</span>
      </>
    ),
  },
  {
    header: 'Rating',
    cell: (r) => (
      <span className={r.recommendation === 'Buy' ? 'text-up' : r.recommendation === 'Sell' ? 'text-down' : ''}>
        {r.recommendation}
      </span>
    ),
  },
  {
    header: 'Price Target',
    cell: (r) => formatDollars(r.priceTarget),
    align: 'right',
  },
  { header: 'Rank', cell: (r) => (r.analystRank === null ? '—' : `#${formatCount(r.analystRank)}`), align: 'right' },
  {
    header: 'Success Rate',
    cell: (r) => (r.successRate === null ? '—' : `${Math.round(r.successRate * 100)}%`),
    align: 'right',
  },
];

type View =
  { kind: 'pending' } | { kind: 'guest' } | { kind: 'failed' } | { kind: 'empty' } | { kind: 'ready'; url: string };

function LoginWarning() {
  return (
    <p className="rounded-lg border border-line bg-surface-2 p-4 text-sm" role="note" data-testid="analyst-login">
      {COMPANY_TEXT.analystLogin}{' '}
      <a href="/login" className="font-semibold text-primary hover:underline">
        Log in
      </a>
    </p>
  );
}

export default function AnalystArea({ symbol, name }: { symbol: string; name: string }) {
  const session = useSession();
  // The build knows nobody: who is signed in is the browser's to say.
  const mounted = useBrowserValue(() => true, false);
  const [view, setView] = useState<View>({ kind: 'pending' });
  const [ratings, setRatings] = useState<{
    rows: Rating[];
    total: number;
    page: number;
    pageSize: number;
    consensus: AnalystConsensusSourceRecord | null;
  } | null>(null);
  const [busy, setBusy] = useState(false);

  const loadRatings = (page: number, pageSize: number) => {
    setBusy(true);
    getJson<{ data: Rating[]; total: number; consensus?: AnalystConsensusSourceRecord | null }>(
      `stock/analysts/${encodeURIComponent(symbol)}?page=${page}&pageSize=${pageSize}`,
    )
      .then((body) =>
        setRatings({ rows: body.data, total: body.total, page, pageSize, consensus: body.consensus ?? null }),
      )
      .catch(() => setView({ kind: 'failed' }))
      .finally(() => setBusy(false));
  };
  useEffect(() => {
    if (!mounted || !session) return;
    let live = true;
    getJson<{ urls: string[] }>(`tipranks?symbol=${encodeURIComponent(symbol)}`)
      .then((body) => {
        if (!live) return;
        setView(body.urls[0] ? { kind: 'ready', url: body.urls[0] } : { kind: 'empty' });
        if (body.urls[0]) loadRatings(1, PAGE_SIZES.analysts.default);
      })
      .catch((error: { status?: number }) => live && setView({ kind: error.status === 401 ? 'guest' : 'failed' }));
    return () => {
      live = false;
    };
    // loadRatings only sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mounted, session, symbol]);

  if (!mounted) return <div className="min-h-24" aria-busy="true" />;
  if (!session) return <LoginWarning />;
  if (view.kind === 'pending') return <div className="min-h-24" aria-busy="true" />;
  if (view.kind === 'guest') return <LoginWarning />;
  if (view.kind === 'failed')
    return (
      <p className="text-sm text-down" role="alert">
        {COMPANY_TEXT.loadFailed}
      </p>
    );
  if (view.kind === 'empty') return <p className="text-sm text-muted">{COMPANY_TEXT.noTipRanks}</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="analyst-area">
      <iframe
        src={view.url}
        title={`Analyst Insights: ${name}`}
        className="h-[28rem] w-full rounded-lg border border-line bg-surface"
        loading="lazy"
      />
      <h3 className="text-base font-bold">Analyst Rankings</h3>
      {ratings?.consensus && ratings.total === 0 ? (
        // No analyst's own rating is held: the figures are a provider's count, said as such.
        <p className="text-sm text-muted" data-testid="analyst-consensus">
          {ratings.consensus.line}
        </p>
      ) : ratings ? (
        <PagedTable
          caption="Analyst rankings"
          testId="analyst-table"
          columns={columns}
          rows={ratings.rows}
          rowKey={(r) => `${r.analystName}:${r.recommendationDate}`}
          page={ratings.page}
          pageSize={ratings.pageSize}
          pageSizes={PAGE_SIZES.analysts.options}
          total={ratings.total}
          onPage={(p) => loadRatings(p, ratings.pageSize)}
          onPageSize={(s) => loadRatings(1, s)}
          busy={busy}
        />
      ) : (
        <p className="text-sm text-muted" role="status">
          Loading analyst rankings...
        </p>
      )}
    </div>
  );
}
