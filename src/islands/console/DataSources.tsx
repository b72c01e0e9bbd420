/**
 * The console's Data tab (docs/product.md §17.5): each public source the site keeps itself current
 * from, whether its sync is on (or why not), when it runs next, its last runs with what each read and
 * stored and the documents it could not read, and Sync now. It looks again every 15 seconds while open.
 */
import { useEffect, useId, useState } from 'react';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { formatEventTime, formatRelativeTime } from '../../lib/time-format.ts';
import {
  DATA_TEXTS as T,
  SYNC_STATUSES,
  SYNC_TRIGGERS,
  type DataSourceRecord,
  type SyncRunRecord,
} from '../../lib/source-syncs.ts';
import { ConsoleError, listDataSources, requestSync } from './console-api.ts';
import SponsorAliases from './SponsorAliases.tsx';

const REFRESH_MS = 15_000;
const n = (value: number) => value.toLocaleString('en-US');

function RunRow({ run }: { run: SyncRunRecord }) {
  return (
    <tr className="border-t border-line align-top">
      <td className="whitespace-nowrap py-2 pr-3">{formatEventTime(new Date(run.startedAt))}</td>
      <td className="py-2 pr-3">{SYNC_TRIGGERS[run.trigger]}</td>
      <td className="py-2 pr-3">
        {SYNC_STATUSES[run.status]}
        {run.note && <span className="block text-xs text-muted">{run.note}</span>}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{n(run.requests)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{n(run.itemsRead)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{n(run.itemsDone)}</td>
      <td className="py-2 text-right tabular-nums">{n(run.recordsAdded)}</td>
    </tr>
  );
}

function Source({
  source,
  onAsked,
  onChanged,
}: {
  source: DataSourceRecord;
  onAsked: (s: DataSourceRecord) => void;
  onChanged: () => void;
}) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const problems = source.runs.flatMap((run) => run.problems.map((p) => ({ ...p, run: run.id })));
  // The newest finished run's notices: older runs' were seen then, or are said again.
  const notices = source.runs.find((run) => run.status !== 'running')?.notices ?? [];

  const ask = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      onAsked(await requestSync(source.id));
      setOutcome({ ok: true, text: T.asked });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ConsoleError ? error.describe(T.askFailed) : T.askFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby={headingId} data-testid={`source-${source.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {source.name}
        </h2>
        <button type="button" className="btn-primary" disabled={busy || source.off !== null} onClick={() => void ask()}>
          {T.syncNow}
        </button>
      </div>
      <p className={source.off ? 'text-sm text-down' : 'text-sm'}>
        {source.off
          ? T.off.replace('{reason}', source.off)
          : T.on
              .replace('{schedule}', source.schedule)
              .replace('{time}', source.nextRunAt ? formatEventTime(new Date(source.nextRunAt)) : '—')}
      </p>
      {source.requestedAt && (
        <p className="text-sm text-muted">
          {T.requested.replace('{when}', formatRelativeTime(new Date(source.requestedAt)))}
        </p>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-up' : 'text-sm text-down'}>
          {outcome.text}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {source.figures.map(({ label, value }) => (
          <div key={label} className="flex flex-col">
            <dt className="text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{n(value)}</dd>
          </div>
        ))}
      </dl>
      {source.runs.length === 0 ? (
        <p className="text-sm text-muted">{T.noRuns}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Last runs of {source.name}, newest first</caption>
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Started
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Trigger
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Requests
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  {source.itemNames.read}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  {source.itemNames.done}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Records added
                </th>
              </tr>
            </thead>
            <tbody>
              {source.runs.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {notices.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">
            {T.notices} ({n(notices.length)})
          </summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {notices.map((notice, i) => (
              <li key={i} className="break-words">
                {notice}
              </li>
            ))}
          </ul>
        </details>
      )}
      {source.id === 'clinicaltrials' && <SponsorAliases onChanged={onChanged} />}
      {problems.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">
            {T.problems} ({n(problems.length)})
          </summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {problems.map((p, i) => (
              <li key={`${p.run}-${i}`} className="break-words">
                <span className="font-mono">{p.document}</span> {p.problem}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export default function DataSources() {
  const read = useServerRead('data sources', '', listDataSources);
  // While the list is read again, or when that read failed, the last one stays on screen.
  const sources = read.latest;
  const { retry } = read;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') retry();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [retry]);

  return (
    <div className="flex flex-col gap-4" data-testid="data-sources">
      <p className="text-sm text-muted">{T.intro}</p>
      {read.status === 'failed' && (
        <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={retry} className="flex items-center gap-3" />
      )}
      {!sources
        ? read.status === 'loading' && <p className="text-muted">Loading…</p>
        : sources.map((source) => (
            <Source
              key={source.id}
              source={source}
              onAsked={(next) => read.replace((all) => all.map((s) => (s.id === next.id ? next : s)))}
              onChanged={retry}
            />
          ))}
    </div>
  );
}
