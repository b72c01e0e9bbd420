/**
 * The console's Analysts tab (docs/product.md §9.8, §17.6): a company's analyst ratings, newest first,
 * added, changed and removed by staff (firm, analyst, rating, price target, date). Each edit is based
 * on the version loaded: someone else's change in between is refused with the product's words, and
 * the list is loaded again. The company's analyst figures follow every edit. Beneath, the company's
 * own analyst report (AnalystReportFile.tsx).
 */
import { useId, useState, type FormEvent } from 'react';
import type { AnalystRatingEditRecord } from '../../lib/console-records.ts';
import { formatDollars } from '../../lib/format.ts';
import AnalystReportFile from './AnalystReportFile.tsx';
import {
  ConsoleError,
  addAnalystRating,
  changeAnalystRating,
  listAnalystRatings,
  removeAnalystRating,
  type AnalystRatingFields,
} from './console-api.ts';

const T = {
  intro:
    'Analyst ratings of a company: the Analyst Reports section, the screener and RedChat derive their figures from them.',
  symbol: 'Company symbol',
  load: 'Show ratings',
  loading: 'Loading…',
  loadFailed: 'Failed to load the ratings',
  none: 'No analyst rating of this company yet.',
  add: 'Add rating',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Remove',
  saved: 'Saved: the company’s analyst figures and pages follow.',
  removed: 'Removed.',
  failed: 'Could not save the rating',
} as const;

const today = () => new Date().toISOString().slice(0, 10);
const blank = (): AnalystRatingFields => ({
  firm_name: '',
  analyst_name: '',
  recommendation: 'Buy',
  recommendation_date: today(),
  price_target: null,
});

function RatingForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: AnalystRatingFields;
  submitLabel: string;
  onSubmit: (fields: AnalystRatingFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  // Only the fields an edit sends: the record the form starts from carries its id, version and source too.
  const [fields, setFields] = useState<AnalystRatingFields>(() => ({
    firm_name: initial.firm_name,
    analyst_name: initial.analyst_name,
    recommendation: initial.recommendation,
    recommendation_date: initial.recommendation_date,
    price_target: initial.price_target,
  }));
  const [target, setTarget] = useState(initial.price_target === null ? '' : String(initial.price_target));
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof AnalystRatingFields>(key: K, value: AnalystRatingFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await onSubmit({ ...fields, price_target: target.trim() === '' ? null : Number(target) });
    setBusy(false);
    if (done && !onCancel) {
      setFields(blank());
      setTarget('');
    }
  };
  return (
    <form className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6" onSubmit={(e) => void submit(e)}>
      <label className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-firm`}>
        Firm
        <input
          id={`${id}-firm`}
          className="input"
          required
          maxLength={200}
          value={fields.firm_name}
          onChange={(e) => set('firm_name', e.target.value)}
        />
      </label>
      <label className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-analyst`}>
        Analyst
        <input
          id={`${id}-analyst`}
          className="input"
          required
          maxLength={200}
          value={fields.analyst_name}
          onChange={(e) => set('analyst_name', e.target.value)}
        />
      </label>
      <label className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-rating`}>
        Rating
        <select
          id={`${id}-rating`}
          className="input"
          value={fields.recommendation}
          onChange={(e) => set('recommendation', e.target.value as AnalystRatingFields['recommendation'])}
        >
          <option>Buy</option>
          <option>Hold</option>
          <option>Sell</option>
        </select>
      </label>
      <label className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-target`}>
        Price target ($, optional)
        <input
          id={`${id}-target`}
          className="input"
          inputMode="decimal"
          type="number"
          min="0.01"
          step="0.01"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
      </label>
      <label className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-date`}>
        Date
        <input
          id={`${id}-date`}
          className="input"
          type="date"
          required
          max={today()}
          value={fields.recommendation_date}
          onChange={(e) => set('recommendation_date', e.target.value)}
        />
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {T.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

export default function AnalystRatings() {
  const id = useId();
  const [symbol, setSymbol] = useState('');
  const [company, setCompany] = useState<string | null>(null);
  const [ratings, setRatings] = useState<AnalystRatingEditRecord[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const load = async (wanted: string) => {
    setLoading(true);
    setOutcome(null);
    try {
      setRatings(await listAnalystRatings(wanted));
      setCompany(wanted);
    } catch (error) {
      setRatings(null);
      setOutcome({ ok: false, text: error instanceof ConsoleError ? error.describe(T.loadFailed) : T.loadFailed });
    } finally {
      setLoading(false);
    }
  };

  /** Runs an edit; on success or a stale edit the list is loaded again. */
  const edit = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    setOutcome(null);
    try {
      await run();
      setEditing(null);
      setOutcome({ ok: true, text: done });
      if (company) setRatings(await listAnalystRatings(company));
      return true;
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ConsoleError ? error.describe(T.failed) : T.failed });
      if (error instanceof ConsoleError && error.stale && company) setRatings(await listAnalystRatings(company));
      return false;
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="analyst-ratings">
      <p className="text-sm text-muted">{T.intro}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void load(symbol.trim().toUpperCase());
        }}
      >
        <label className="flex flex-col text-sm" htmlFor={`${id}-symbol`}>
          {T.symbol}
          <input
            id={`${id}-symbol`}
            className="input w-36 uppercase"
            required
            maxLength={12}
            value={symbol}
            onChange={(e) => setSymbol(e.target.value)}
            autoComplete="off"
          />
        </label>
        <button type="submit" className="btn-secondary" disabled={loading}>
          {loading ? T.loading : T.load}
        </button>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-up' : 'text-sm text-down'}>
          {outcome.text}
        </p>
      )}
      {company && ratings && (
        <section className="card flex flex-col gap-3 p-4" aria-label={`Analyst ratings of ${company}`}>
          <h2 className="text-lg font-bold">{company}</h2>
          <RatingForm
            initial={blank()}
            submitLabel={T.add}
            onSubmit={(fields) => edit(() => addAnalystRating(company, fields), T.saved)}
          />
          {ratings.length === 0 ? (
            <p className="text-sm text-muted">{T.none}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line text-sm">
              {ratings.map((r) =>
                editing === r.id ? (
                  <li key={r.id} className="py-2">
                    <RatingForm
                      initial={r}
                      submitLabel={T.save}
                      onCancel={() => setEditing(null)}
                      onSubmit={(fields) => edit(() => changeAnalystRating(r.id, r.version, fields), T.saved)}
                    />
                  </li>
                ) : (
                  <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <span className="tabular-nums text-muted">{r.recommendation_date}</span>
                    <span className="min-w-0 font-semibold break-words">
                      {r.analyst_name}, {r.firm_name}
                    </span>
                    <span
                      className={
                        r.recommendation === 'Buy' ? 'text-up' : r.recommendation === 'Sell' ? 'text-down' : ''
                      }
                    >
                      {r.recommendation}
                    </span>
                    <span className="tabular-nums">
                      {r.price_target === null ? '—' : formatDollars(r.price_target)}
                    </span>
                    <span className="text-xs text-muted">{r.source}</span>
                    <span className="ml-auto flex gap-2">
                      <button
                        type="button"
                        className="btn-secondary px-2 py-0.5 text-xs"
                        onClick={() => setEditing(r.id)}
                        aria-label={`${T.edit} ${r.analyst_name}’s rating`}
                      >
                        {T.edit}
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-2 py-0.5 text-xs"
                        aria-label={`${T.remove} ${r.analyst_name}’s rating`}
                        onClick={() => void edit(() => removeAnalystRating(r.id, r.version), T.removed)}
                      >
                        {T.remove}
                      </button>
                    </span>
                  </li>
                ),
              )}
            </ul>
          )}
          <AnalystReportFile key={company} symbol={company} />
        </section>
      )}
    </div>
  );
}
