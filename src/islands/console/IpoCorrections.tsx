/**
 * The console's IPOs tab (docs/product.md §8.3, §17.2): the IPO calendar's rows, newest first, each
 * with what its filings say; staff correct a row's figures, and a correction is shown instead of the
 * filings' figure, now and after later filings, until staff clear it. Each edit is based on the
 * version loaded: someone else's change in between is refused with the product's words.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  IPO_CORRECTABLE_FIELDS,
  IPO_STATUSES,
  type IpoCorrectableField,
  type IpoCorrections,
  type IpoEditRecord,
} from '../../lib/console-records.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { ConsoleError, correctIpoRow, listIpoRows } from './console-api.ts';

const PAGE_SIZE = 25;
const T = {
  intro:
    'The IPO calendar’s rows as the EDGAR sync reads them from registration statements (S-1, F-1), pricing prospectuses (424B4), listing certifications (8-A12B) and withdrawals. A correction is shown instead of what the filings say, also after later filings; clear a field to show the filings’ figure again.',
  loading: 'Loading…',
  loadFailed: 'Failed to load the IPO calendar',
  none: 'The IPO calendar has no rows yet: the EDGAR sync adds them as registrations are filed.',
  correct: 'Correct',
  save: 'Save corrections',
  cancel: 'Cancel',
  saved: 'Saved: the calendar shows the corrected figures.',
  failed: 'Could not save the corrections',
  previous: 'Previous',
  next: 'Next',
} as const;

/** A page of the calendar's rows, newest first. */
const readPage = (page: string) => listIpoRows(Number(page), PAGE_SIZE);

const LABELS: Record<IpoCorrectableField, string> = {
  company_name: 'Company name',
  symbol: 'Symbol',
  exchange: 'Exchange',
  sector: 'Sector',
  price_low: 'Price range low ($)',
  price_high: 'Price range high ($)',
  offer_price: 'Offer price ($)',
  shares_offered: 'Shares offered',
  expected_date: 'Expected date',
  status: 'Status',
  lead_underwriter: 'Lead underwriter',
};
const NUMBER_FIELDS = new Set<IpoCorrectableField>(['price_low', 'price_high', 'offer_price', 'shares_offered']);

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function CorrectionForm({
  row,
  onSaved,
  onCancel,
}: {
  row: IpoEditRecord;
  onSaved: (row: IpoEditRecord) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<IpoCorrectableField, string>>(
    () =>
      Object.fromEntries(IPO_CORRECTABLE_FIELDS.map((f) => [f, shown(row.corrections[f])])) as Record<
        IpoCorrectableField,
        string
      >,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent: a field emptied takes its correction back.
    const corrections: IpoCorrections = {};
    for (const field of IPO_CORRECTABLE_FIELDS) {
      const before = shown(row.corrections[field]);
      const now = values[field].trim();
      if (now === before) continue;
      corrections[field] = now === '' ? null : NUMBER_FIELDS.has(field) ? Number(now.replace(/,/g, '')) : now;
    }
    setBusy(true);
    setError(null);
    try {
      onSaved(await correctIpoRow(row.id, row.version, corrections));
    } catch (e) {
      setError(e instanceof ConsoleError ? e.describe(T.failed, LABELS) : T.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => void submit(e)}>
      {IPO_CORRECTABLE_FIELDS.map((field) => (
        <label key={field} className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-${field}`}>
          {LABELS[field]}
          {/* A date field shows no placeholder: the filings' day is named beside its label. */}
          {field === 'expected_date' && (
            <span className="text-xs text-muted">As filed: {shown(row.filed[field]) || '—'}</span>
          )}
          {field === 'status' ? (
            <select
              id={`${id}-${field}`}
              className="input"
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            >
              <option value="">As filed ({shown(row.filed[field]) || '—'})</option>
              {IPO_STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-${field}`}
              className="input"
              type={field === 'expected_date' ? 'date' : 'text'}
              inputMode={NUMBER_FIELDS.has(field) ? 'decimal' : undefined}
              placeholder={shown(row.filed[field]) || '—'}
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            />
          )}
        </label>
      ))}
      {error && (
        <p role="alert" className="text-sm text-down sm:col-span-2 lg:col-span-4">
          {error}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn-primary" disabled={busy}>
          {T.save}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

export default function IpoCorrections() {
  const [page, setPage] = useState(1);
  const read = useServerRead('ipo corrections', String(page), readPage);
  // While the next page is read, or when that read failed, the last one stays on screen.
  const rows = read.latest?.data;
  const total = read.latest?.total ?? 0;
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const value = (row: IpoEditRecord, field: IpoCorrectableField) =>
    shown(field in row.corrections ? row.corrections[field] : row.filed[field]) || '—';
  return (
    <section className="flex flex-col gap-3" aria-labelledby="ipo-corrections-title">
      <h2 id="ipo-corrections-title" className="text-lg font-bold">
        IPO calendar
      </h2>
      <p className="text-sm text-muted">{T.intro}</p>
      {notice && (
        <p role="status" className="text-sm">
          {notice}
        </p>
      )}
      {read.status === 'failed' && (
        <LoadFailed
          text={read.error instanceof ConsoleError ? read.error.describe(T.loadFailed) : T.loadFailed}
          onRetry={read.retry}
          className="flex flex-wrap items-center gap-3"
        />
      )}
      {!rows && read.status === 'loading' && <p className="text-sm text-muted">{T.loading}</p>}
      {rows?.length === 0 && <p className="text-sm text-muted">{T.none}</p>}
      {rows && rows.length > 0 && (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 p-3">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <strong className="min-w-0 break-words">{value(row, 'company_name')}</strong>
                <span className="text-sm">{value(row, 'symbol')}</span>
                <span className="text-sm">{value(row, 'status')}</span>
                <span className="text-sm text-muted">
                  {row.source === 'edgar' ? 'From EDGAR' : row.source === 'demo' ? 'Demo row' : 'Staff row'}
                  {row.filed_date && ` · filed ${row.filed_date}`}
                  {row.priced_date && ` · priced ${row.priced_date}`}
                  {row.listed_date && ` · listed ${row.listed_date}`}
                  {Object.keys(row.corrections).length > 0 &&
                    ` · corrected: ${Object.keys(row.corrections)
                      .map((f) => LABELS[f as IpoCorrectableField])
                      .join(', ')}`}
                </span>
                {row.filings.length > 0 && (
                  <span className="text-sm">
                    {row.filings.map((f, i) => (
                      <span key={f.accession}>
                        {i > 0 && ', '}
                        <a href={f.url} target="_blank" rel="noopener noreferrer" className="underline">
                          {f.form} {f.filedOn}
                        </a>
                      </span>
                    ))}
                  </span>
                )}
                {editing !== row.id && (
                  <button
                    type="button"
                    className="btn-secondary ml-auto"
                    aria-label={`${T.correct} ${value(row, 'company_name')}`}
                    onClick={() => {
                      setNotice(null);
                      setEditing(row.id);
                    }}
                  >
                    {T.correct}
                  </button>
                )}
              </div>
              {editing === row.id && (
                <CorrectionForm
                  row={row}
                  onCancel={() => setEditing(null)}
                  onSaved={(saved) => {
                    read.replace((shown) => ({
                      ...shown,
                      data: shown.data.map((r) => (r.id === saved.id ? saved : r)),
                    }));
                    setEditing(null);
                    setNotice(T.saved);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex items-center gap-2 text-sm" aria-label="IPO calendar pages">
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {T.previous}
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn-secondary"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {T.next}
          </button>
        </nav>
      )}
    </section>
  );
}
