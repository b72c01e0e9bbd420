/**
 * One of the console's lists (News, Events, Videos; docs/product.md §17.2): searched and
 * paged on the server, a new record made at the top, a row edited in place
 * (Save or Cancel), a row deleted after a confirmation. Every save shows the
 * rebuild of the affected pages until they are live.
 */
import { useEffect, useId, useState } from 'react';
import { formatEventTime, formatNewYorkDate } from '../../lib/time-format.ts';
import {
  CONSOLE_LISTS,
  CONSOLE_PAGE_SIZE,
  CONSOLE_PAGE_SIZES,
  countOf,
  listMessages,
  type ConsoleList,
} from '../../lib/console.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import PublishProgress, { saveMoment } from './PublishProgress.tsx';
import RecordForm, { type SaveOutcome } from './RecordForm.tsx';
import RowActions from './RowActions.tsx';
import { labelsOf } from './server-reasons.ts';
import { LIST_FIELDS, livePathOf, titleOf, toFormValues, toPayload, type FormValues } from './record-fields.ts';
import {
  ConsoleError,
  createRecord,
  deleteRecord,
  listRecords,
  updateRecord,
  type ListRecord,
  type Page,
} from './console-api.ts';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

type AnyRecord = ListRecord<ConsoleList>;

/** A page of a list as its key names it: the list, the search, the page and its size. */
const readPage = (key: string): Promise<Page<AnyRecord>> => {
  const [list, q, page, limit] = JSON.parse(key) as [ConsoleList, string, number, number];
  return listRecords(list, { q, page, limit });
};

function describeRow(list: ConsoleList, record: AnyRecord): string[] {
  const r = record as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof r.company_symbol === 'string') parts.push(r.company_symbol);
  if (list === 'news') {
    parts.push(formatNewYorkDate(new Date(r.published_at as string)));
    if (r.rc_newsletter) parts.push('Newsletter');
  } else if (list === 'events') {
    parts.push(formatEventTime(new Date(r.upcoming_date as string)));
    parts.push(r.isActive ? 'Active' : 'Inactive');
    if (r.archived) parts.push('Archived');
  } else {
    parts.push(String(r.type));
    if (typeof r.published === 'string') parts.push(formatNewYorkDate(new Date(r.published)));
    if (r.videoFeatured) parts.push('Featured');
    if (r.disabled) parts.push('Hidden');
  }
  return parts;
}

export default function RecordList({ list }: { list: ConsoleList }) {
  const fields = LIST_FIELDS[list];
  const labels = labelsOf(fields);
  const words = CONSOLE_LISTS[list];
  const messages = listMessages(list);
  const searchId = useId();

  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(CONSOLE_PAGE_SIZE);
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [lastSave, setLastSave] = useState<{ at: number; livePath: string | null } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const read = useServerRead('console list page', JSON.stringify([list, query, page, pageSize]), readPage);
  const reload = read.retry;
  // While the next page is read, or when that read failed, the last one stays on screen.
  const data = read.latest;
  const loading = read.status === 'loading';

  const saved = (record: AnyRecord | null) =>
    setLastSave({ at: saveMoment(), livePath: record ? livePathOf(list, record) : null });

  /** A failed save's text: the words of docs/product.md with the server's reason, and a reload for a stale edit. */
  const failure = (error: unknown, specText: string): SaveOutcome => {
    const consoleError = error instanceof ConsoleError ? error : new ConsoleError(null, null);
    return {
      error: consoleError.describe(specText, labels),
      ...(consoleError.stale && {
        reload: () => {
          setEditing(null);
          reload();
        },
      }),
    };
  };

  const create = async (values: FormValues) => {
    try {
      const record = await createRecord(list, toPayload(fields, values, null));
      setCreating(false);
      saved(record);
      showSnackbar(`Created “${titleOf(record)}”.`, 'success');
      // The list is read again as it is (the search the person typed stays theirs).
      reload();
      return null;
    } catch (error) {
      return failure(error, messages.create);
    }
  };

  const update = async (record: AnyRecord, values: FormValues) => {
    const before = toFormValues(fields, record);
    const body = toPayload(fields, values, before);
    if (Object.keys(body).length === 0) {
      setEditing(null);
      return null;
    }
    try {
      const changed = await updateRecord(list, record.id, record.version, body);
      read.replace((shown) => ({ ...shown, items: shown.items.map((r) => (r.id === changed.id ? changed : r)) }));
      setEditing(null);
      saved(changed);
      showSnackbar(`Saved “${titleOf(changed)}”.`, 'success');
      return null;
    } catch (error) {
      return failure(error, messages.update);
    }
  };

  const remove = async (record: AnyRecord) => {
    try {
      await deleteRecord(list, record.id, record.version);
      setConfirming(null);
      saved(null);
      showSnackbar(`Deleted “${titleOf(record)}”.`, 'success');
      reload();
    } catch (error) {
      const consoleError = error instanceof ConsoleError ? error : new ConsoleError(null, null);
      showSnackbar(consoleError.describe(messages.remove), 'error');
      setConfirming(null);
      if (consoleError.stale || consoleError.status === 404) reload();
    }
  };

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <section className="flex flex-col gap-4" aria-label={words.label} data-testid={`tools-list-${list}`}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-semibold">
            Search {words.many}
          </label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder={
              list === 'news' ? 'Words of the title or summary, or a ticker' : 'Words of the title, or a ticker'
            }
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setCreating(true);
            setEditing(null);
          }}
          disabled={creating}
        >
          New {words.one}
        </button>
      </div>

      <PublishProgress savedAt={lastSave?.at ?? null} livePath={lastSave?.livePath ?? null} />

      {creating && (
        <div className="card p-4" data-testid="create-form">
          <h2 className="mb-3 text-lg font-bold">New {words.one}</h2>
          <RecordForm
            fields={fields}
            initial={toFormValues(fields, null)}
            saveLabel="Create"
            onSave={create}
            onCancel={() => setCreating(false)}
          />
        </div>
      )}

      {read.status === 'failed' ? (
        <LoadFailed text={messages.load} onRetry={reload} className="card flex flex-wrap items-center gap-3 p-4" />
      ) : !data ? (
        <p className="text-muted" role="status">
          Loading {words.many}…
        </p>
      ) : data.items.length === 0 ? (
        <p className="card p-4 text-muted">{query ? `No ${words.many} match “${query}”.` : `No ${words.many} yet.`}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-busy={loading} data-testid="tools-rows">
          {data.items.map((record) => (
            <li key={record.id} className="card p-3" data-testid="tools-row" data-id={record.id}>
              {editing === record.id ? (
                <RecordForm
                  key={record.version}
                  fields={fields}
                  initial={toFormValues(fields, record)}
                  saveLabel="Save"
                  onSave={(values) => update(record, values)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words">{titleOf(record)}</p>
                    <p className="text-sm text-muted">{describeRow(list, record).join(' · ')}</p>
                  </div>
                  <RowActions
                    label={`“${titleOf(record)}”`}
                    question={`Delete this ${words.one}?`}
                    confirming={confirming === record.id}
                    onEdit={() => setEditing(record.id)}
                    onAskDelete={() => setConfirming(record.id)}
                    onDelete={() => void remove(record)}
                    onKeep={() => setConfirming(null)}
                  >
                    {livePathOf(list, record) && (
                      <a
                        className="btn-secondary"
                        href={livePathOf(list, record)!}
                        target="_blank"
                        rel="noopener"
                        aria-label={`View “${titleOf(record)}” on the site`}
                      >
                        View
                      </a>
                    )}
                  </RowActions>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {data && total > 0 && (
        <nav className="flex flex-wrap items-center gap-3 text-sm" aria-label={`${words.label} pages`}>
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span aria-live="polite">
            Page {page} of {pages} · {countOf(total, words.item, words.items)}
          </span>
          <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
          <label className="ml-auto flex items-center gap-2">
            Per page
            <select
              className="input py-1"
              value={pageSize}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
            >
              {CONSOLE_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </nav>
      )}
    </section>
  );
}
