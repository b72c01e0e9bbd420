/**
 * A company's own analyst report in the console's Analysts tab (docs/product.md §9.8, §17.6): staff
 * upload a PDF (at most 20 MB), which the company page's analyst report frame then shows instead of
 * the generated report, replace it, or remove it. Each change is based on the version loaded;
 * someone else's change in between is refused and the report is loaded again.
 */
import { useId, useState, type FormEvent } from 'react';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { analystReportOf, removeAnalystReport, uploadAnalystReport } from './analyst-report-api.ts';
import { ConsoleError } from './console-api.ts';

const T = {
  heading: 'Analyst report',
  intro:
    'A PDF of the company’s analyst report (at most 20 MB): the Analyst Reports section shows it instead of the generated report.',
  none: 'No report uploaded: the section shows the generated report.',
  title: 'Title (optional)',
  file: 'PDF file',
  upload: 'Upload report',
  replace: 'Replace report',
  uploading: 'Uploading…',
  remove: 'Remove report',
  uploaded: 'Uploaded: the company’s page shows it.',
  removed: 'Removed: the company’s page shows the generated report again.',
  failed: 'Could not save the report',
  loadFailed: 'Failed to load the report',
  maxBytes: 20 * 1024 * 1024,
  tooLarge: 'Could not save the report: the file is larger than 20 MB.',
} as const;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default function AnalystReportFile({ symbol }: { symbol: string }) {
  const id = useId();
  const read = useServerRead('analyst report', symbol, analystReportOf);
  // While it is read again after a change, the report shown stays.
  const report = read.latest;
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  const change = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await run();
      setOutcome({ ok: true, text: done });
      setFile(null);
      setTitle('');
      setFormKey((k) => k + 1);
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ConsoleError ? error.describe(T.failed) : T.failed });
    } finally {
      setBusy(false);
      read.retry();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > T.maxBytes) {
      setOutcome({ ok: false, text: T.tooLarge });
      return;
    }
    void change(() => uploadAnalystReport(symbol, file, title.trim(), report?.version ?? null), T.uploaded);
  };

  return (
    <section className="flex flex-col gap-2 border-t border-line pt-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-base font-bold">
        {T.heading}
      </h3>
      <p className="text-sm text-muted">{T.intro}</p>
      {read.status === 'failed' ? (
        <LoadFailed
          text={read.error instanceof ConsoleError ? read.error.describe(T.loadFailed) : T.loadFailed}
          onRetry={read.retry}
          className="flex flex-wrap items-center gap-3"
        />
      ) : report === undefined ? null : report === null ? (
        <p className="text-sm text-muted" data-testid="analyst-report-none">
          {T.none}
        </p>
      ) : (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="analyst-report-held">
          <span className="min-w-0 font-semibold break-words">{report.title}</span>
          <span className="min-w-0 break-all text-muted">{report.file_name}</span>
          <span className="tabular-nums text-muted">{megabytes(report.bytes)}</span>
          <span className="text-xs text-muted">
            {report.uploaded_by}, {new Date(report.uploaded_at).toLocaleString('en-US')}
          </span>
          <button
            type="button"
            className="btn-secondary ml-auto px-2 py-0.5 text-xs"
            disabled={busy}
            onClick={() => void change(() => removeAnalystReport(symbol, report.version), T.removed)}
          >
            {T.remove}
          </button>
        </p>
      )}
      <form key={formKey} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]" onSubmit={submit}>
        <label className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-title`}>
          {T.title}
          <input
            id={`${id}-title`}
            className="input"
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label className="flex min-w-0 flex-col text-sm" htmlFor={`${id}-file`}>
          {T.file}
          <input
            id={`${id}-file`}
            className="input"
            type="file"
            accept="application/pdf,.pdf"
            required
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <div className="flex items-end">
          <button type="submit" className="btn-primary" disabled={busy || !file}>
            {busy ? T.uploading : report ? T.replace : T.upload}
          </button>
        </div>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-up' : 'text-sm text-down'}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
