/**
 * The stop page (/alerts/stop/?t={token}, docs/product.md §15.7), where the
 * unsubscribe link of an alert email leads; the token stands in for signing
 * in. Opening the page only reads what the link stops (mail scanners fetch
 * every link); the reader's press of `Stop these alerts` sends the POST.
 */
import { useEffect, useState } from 'react';
import { ALERT_MESSAGES, ALERT_SETTINGS_PATH, ALERT_TEXT as T } from '../../lib/alerts.ts';
import { api } from '../api-client.ts';
import { failureText, refused } from '../auth/shared.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { FormMessage } from '../forms/controls.tsx';
import { useBrowserValue } from '../forms/useBrowserValue.ts';

interface StopAnswer {
  data: { description: string; done: boolean };
  message?: string;
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'badLink'; text: string }
  | { kind: 'loadFailed' }
  | { kind: 'ask'; description: string; error: string | null; busy: boolean }
  | { kind: 'done'; text: string };

/** The outcome takes the focus, so keyboard and screen-reader users land on it. */
const takeFocus = (node: HTMLElement | null) => node?.focus();

function SettingsLink() {
  return (
    <a href={ALERT_SETTINGS_PATH} className="self-start font-semibold text-primary underline">
      {T.openSettings}
    </a>
  );
}

function Stop() {
  // The build renders the page once for every token: the address is read in the browser only.
  const search = useBrowserValue(() => location.search, null);
  const token = search === null ? null : new URLSearchParams(search).get('t') || '';
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .get('alerts/stop', { searchParams: { t: token } })
      .json<StopAnswer>()
      .then(({ data }) => {
        if (!live) return;
        setStage(
          data.done
            ? { kind: 'done', text: ALERT_MESSAGES.stopped(data.description) }
            : { kind: 'ask', description: data.description, error: null, busy: false },
        );
      })
      .catch((error: unknown) => {
        if (!live) return;
        setStage(
          refused(error)
            ? { kind: 'badLink', text: failureText(error, ALERT_MESSAGES.stopInvalid) }
            : { kind: 'loadFailed' },
        );
      });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const stop = async (description: string) => {
    if (!token) return;
    setStage({ kind: 'ask', description, error: null, busy: true });
    try {
      const body = await api.post('alerts/stop', { searchParams: { t: token } }).json<StopAnswer>();
      setStage({ kind: 'done', text: body.message || ALERT_MESSAGES.stopped(body.data.description) });
    } catch (error) {
      if (refused(error)) setStage({ kind: 'badLink', text: failureText(error, ALERT_MESSAGES.stopInvalid) });
      else setStage({ kind: 'ask', description, error: failureText(error, T.stopFailed), busy: false });
    }
  };

  if (token === '') return <BadLink text={ALERT_MESSAGES.stopInvalid} />;
  if (stage.kind === 'badLink') return <BadLink text={stage.text} />;
  if (stage.kind === 'loadFailed') {
    return (
      <div className="mt-5 flex flex-col gap-4">
        <FormMessage kind="error">{T.stopLoadFailed}</FormMessage>
        <button
          type="button"
          className="btn-secondary self-start"
          onClick={() => {
            setStage({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {T.retry}
        </button>
      </div>
    );
  }
  if (stage.kind === 'done') {
    return (
      <div className="card mt-5 flex flex-col gap-4 p-5" data-testid="alert-stop">
        <div tabIndex={-1} ref={takeFocus} className="outline-none">
          <FormMessage kind="success">{stage.text}</FormMessage>
        </div>
        <SettingsLink />
      </div>
    );
  }
  if (stage.kind === 'loading' || token === null) {
    return (
      <p role="status" className="mt-5 text-muted">
        {T.stopLoading}
      </p>
    );
  }
  return (
    <section className="card mt-5 flex flex-col gap-4 p-5" data-testid="alert-stop">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted">{T.stopAsk}</p>
        <h2 className="text-lg font-semibold" data-testid="alert-stop-description">
          {stage.description}
        </h2>
      </div>
      <button
        type="button"
        className="btn-primary self-start"
        disabled={stage.busy}
        aria-busy={stage.busy}
        onClick={() => void stop(stage.description)}
      >
        {stage.busy ? T.stopping : T.stopButton}
      </button>
      {stage.error && (
        <div tabIndex={-1} ref={takeFocus} className="outline-none">
          <FormMessage kind="error">{stage.error}</FormMessage>
        </div>
      )}
      <SettingsLink />
    </section>
  );
}

function BadLink({ text }: { text: string }) {
  return (
    <div className="mt-5 flex flex-col gap-4">
      <FormMessage kind="error">{text}</FormMessage>
      <SettingsLink />
    </div>
  );
}

export default function AlertStop() {
  return (
    <ErrorBoundary>
      <Stop />
    </ErrorBoundary>
  );
}
