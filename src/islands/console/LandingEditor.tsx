/**
 * A client's landing page (docs/product.md §19.12): every field, a
 * preview of the header and sections as the public page draws them, and the
 * rebuild of the company's pages after a save. A client without a landing
 * page is offered one.
 */
import { useState } from 'react';
import { companyHue } from '../../lib/colors.ts';
import { CONSOLE_MESSAGES } from '../../lib/console.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import { cleanHtml } from '../clean-html.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import PublishProgress, { saveMoment } from './PublishProgress.tsx';
import RecordForm, { type SaveOutcome } from './RecordForm.tsx';
import { labelsOf } from './server-reasons.ts';
import { LANDING_FIELDS, toFormValues, toPayload, type FormValues } from './record-fields.ts';
import { ConsoleError, createLanding, getLanding, orNone, updateLanding } from './console-api.ts';

/** The sections of the preview: a title field (or a fixed title) over an HTML field. */
const SECTIONS: { title: string; titleKey?: string; key: string }[] = [
  { title: 'Overview', key: 'overview' },
  { title: 'Value proposition', titleKey: 'valueprop_title', key: 'value_prop' },
  { title: 'Investment Highlights', key: 'investment_highlights' },
  { title: 'Highlights', key: 'highlights' },
  { title: 'More', titleKey: 'extra_title', key: 'extra_info' },
  { title: 'More', titleKey: 'extra_title_two', key: 'extra_info_two' },
  { title: 'Letter to shareholders', key: 'letter' },
];

/** A client's landing page, or null when it has none (a 404). */
const readLanding = (symbol: string) => orNone(getLanding(symbol));

/** Failed requests: refused input gets the form's text with the reason; the server's own failure its text. */
function landingFailure(error: unknown): string {
  const consoleError = error instanceof ConsoleError ? error : new ConsoleError(null, null);
  return consoleError.status !== null && consoleError.status < 500
    ? consoleError.describe(CONSOLE_MESSAGES.landing.saveFailed, labelsOf(LANDING_FIELDS))
    : CONSOLE_MESSAGES.landing.serverFailed;
}

function Preview({ symbol, name, values }: { symbol: string; name: string; values: FormValues }) {
  const text = (key: string) => String(values[key] ?? '').trim();
  const opacity = text('jumbotron_gradient_opacity') === '' ? 0.55 : Number(text('jumbotron_gradient_opacity'));
  const hue = companyHue(symbol);
  const colour = (key: string, fallback: string) =>
    /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text(key)) ? text(key) : fallback;
  return (
    <div className="flex flex-col gap-4" data-testid="landing-preview">
      <div
        className="flex min-h-36 flex-col justify-end rounded-lg p-5"
        style={{
          backgroundImage: `linear-gradient(rgba(0,0,0,${opacity}), rgba(0,0,0,${opacity})), linear-gradient(120deg, hsl(${hue} 62% 28%), hsl(${(hue + 40) % 360} 70% 46%))`,
        }}
      >
        <p className="text-2xl font-extrabold" style={{ color: colour('jumbotron_title_color', '#ffffff') }}>
          {text('title') || name}
        </p>
        <p className="text-sm font-semibold" style={{ color: colour('jumbotron_subtitle_color', '#f3f4f6') }}>
          {text('subtitle')}
        </p>
      </div>
      {SECTIONS.filter((s) => text(s.key)).map((section) => (
        <section key={section.key}>
          <h3 className="mb-2 text-lg font-bold">{(section.titleKey && text(section.titleKey)) || section.title}</h3>
          <div className="article-body" dangerouslySetInnerHTML={{ __html: cleanHtml(text(section.key)) }} />
        </section>
      ))}
      <p className="text-xs text-muted">Custom style applies on the public page only.</p>
    </div>
  );
}

export default function LandingEditor({ symbol, name }: { symbol: string; name: string }) {
  const read = useServerRead('client landing', symbol, readLanding);
  const landing = read.status === 'ready' ? read.data : null;
  const state = read.status === 'ready' && !landing ? 'missing' : read.status;
  const [values, setValues] = useState<FormValues | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [form, setForm] = useState(0);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const answer = await createLanding(symbol, { active: true });
      read.replace(() => answer.data);
      setSavedAt(saveMoment());
      showSnackbar(CONSOLE_MESSAGES.landing.saved, 'success');
    } catch (error) {
      showSnackbar(landingFailure(error), 'error');
    } finally {
      setCreating(false);
    }
  };

  const save = async (next: FormValues): Promise<SaveOutcome | null> => {
    if (!landing) return null;
    const body = toPayload(LANDING_FIELDS, next, toFormValues(LANDING_FIELDS, landing));
    if (Object.keys(body).length === 0) return null;
    try {
      const answer = await updateLanding(symbol, landing.version, body);
      read.replace(() => answer.data);
      setSavedAt(saveMoment());
      showSnackbar(CONSOLE_MESSAGES.landing.saved, 'success');
      return null;
    } catch (error) {
      return {
        error: landingFailure(error),
        ...(error instanceof ConsoleError && error.stale && { reload: read.retry }),
      };
    }
  };

  return (
    <section className="card flex flex-col gap-4 p-4" aria-labelledby="landing-heading" data-testid="landing-editor">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="landing-heading" className="text-xl font-bold">
          Landing page
        </h2>
        {state === 'ready' && (
          <button
            type="button"
            className="btn-secondary ml-auto"
            onClick={() => setPreviewing((p) => !p)}
            aria-pressed={previewing}
          >
            {previewing ? 'Hide preview' : 'Show preview'}
          </button>
        )}
      </div>
      {state === 'loading' && <p className="text-muted">Loading the landing page…</p>}
      {state === 'failed' && (
        <LoadFailed
          text="Failed to load the landing page."
          onRetry={read.retry}
          className="flex flex-wrap items-center gap-3"
        />
      )}
      {state === 'missing' && (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-muted">{name} has no landing page yet.</span>
          <button type="button" className="btn-primary" onClick={() => void create()} disabled={creating}>
            Create the landing page
          </button>
        </div>
      )}
      {landing && (
        <div className={previewing ? 'grid gap-6 2xl:grid-cols-2' : ''}>
          {previewing && values && (
            <div className="rounded-lg border border-line p-4 2xl:order-last 2xl:sticky 2xl:top-20 2xl:self-start">
              <p className="mb-3 text-sm font-semibold text-muted">Preview</p>
              <Preview symbol={symbol} name={name} values={values} />
            </div>
          )}
          <RecordForm
            key={form}
            fields={LANDING_FIELDS}
            initial={toFormValues(LANDING_FIELDS, landing)}
            saveLabel="Save landing page"
            onSave={save}
            onCancel={() => setForm((n) => n + 1)}
            onValuesChange={setValues}
          />
        </div>
      )}
      <PublishProgress savedAt={savedAt} livePath={`/stocks/${symbol}/`} />
    </section>
  );
}
