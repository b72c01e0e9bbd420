/** Suppressed addresses (docs/product.md §17.4): what bounced or complained, searched, and lifted on a reader's request. */
import { useEffect, useId, useState } from 'react';
import { NEWSLETTER_TEXTS as T, SUPPRESSION_REASONS } from '../../lib/newsletter.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { ConsoleError } from './console-api.ts';
import { liftSuppression, listSuppressions } from './newsletter-api.ts';

const PAGE = 25;

/** A page of the list as its key names it: the search and the page. */
const readPage = (key: string) => {
  const [q, page] = JSON.parse(key) as [string, number];
  return listSuppressions({ q, page, limit: PAGE });
};

export default function SuppressionList() {
  const searchId = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const wanted = JSON.stringify([q, page]);
  const [key, setKey] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setKey(wanted), 200);
    return () => clearTimeout(timer);
  }, [wanted]);
  const read = useServerRead('suppressions', key, readPage);
  // While the next page or search is read, the last one stays on screen.
  const rows = read.latest;

  const lift = async (email: string) => {
    setOutcome(null);
    try {
      await liftSuppression(email);
      setOutcome({ ok: true, text: T.lifted.replace('{email}', email) });
      read.retry();
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ConsoleError ? error.describe(T.liftFailed) : T.liftFailed });
    }
  };

  const pages = rows ? Math.max(1, Math.ceil(rows.total / PAGE)) : 1;
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${searchId}-h`} data-testid="suppressions">
      <h2 id={`${searchId}-h`} className="text-lg font-bold">
        {T.suppressions}
      </h2>
      <p className="text-sm text-muted">{T.suppressionsIntro}</p>
      <div className="flex max-w-md flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {T.searchSuppressions}
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-up' : 'text-sm text-down'}>
          {outcome.text}
        </p>
      )}
      {read.status === 'failed' ? (
        <LoadFailed text={T.suppressionsFailed} onRetry={read.retry} className="flex flex-wrap items-center gap-3" />
      ) : !rows ? (
        <p className="text-muted">Loading…</p>
      ) : rows.data.length === 0 ? (
        <p className="text-muted">{T.noSuppressions}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.data.map((row) => (
            <li key={row.email} className="card flex flex-wrap items-center gap-3 p-3 text-sm">
              <span className="min-w-0 flex-1 break-all font-medium">{row.email}</span>
              <span>{SUPPRESSION_REASONS[row.reason]}</span>
              <span className="min-w-0 basis-full break-words text-muted sm:basis-auto">{row.detail}</span>
              <span className="text-muted">{formatNewYorkDate(new Date(row.createdAt))}</span>
              <button
                type="button"
                className="btn-secondary"
                aria-label={`${T.lift}: ${row.email}`}
                onClick={() => void lift(row.email)}
              >
                {T.lift}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </section>
  );
}
