/**
 * The stop page (/alerts/stop/?t={token}, docs/product.md §15.7), where the
 * unsubscribe link of an alert email leads; the token stands in for signing
 * in. Opening the page only reads what the link stops (mail scanners fetch
 * every link); the reader's press of `Stop these alerts` sends the POST.
 */
import { useState } from 'react';
import { ALERT_MESSAGES, ALERT_SETTINGS_PATH, ALERT_TEXT as T } from '../../lib/alerts.ts';
import { api } from '../api-client.ts';
import { failureText, refused } from '../auth/shared.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { FormMessage } from '../forms/controls.tsx';
import { useBrowserValue } from '../forms/useBrowserValue.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';

interface StopAnswer {
  data: { description: string; done: boolean };
  message?: string;
}

/** What pressing `Stop these alerts` gave: still asking (busy, or with the failure's text), done, or a refused link. */
type Press =
  | { kind: 'ask'; error: string | null; busy: boolean }
  | { kind: 'done'; text: string }
  | { kind: 'badLink'; text: string };

/** The outcome takes the focus, so keyboard and screen-reader users land on it. */
const takeFocus = (node: HTMLElement | null) => node?.focus();

function SettingsLink() {
  return (
    <a href={ALERT_SETTINGS_PATH} className="self-start font-semibold text-primary underline">
      {T.openSettings}
    </a>
  );
}

const readStop = (token: string) =>
  api
    .get('alerts/stop', { searchParams: { t: token } })
    .json<StopAnswer>()
    .then(({ data }) => data);

function Stop() {
  // The build renders the page once for every token: the address is read in the browser only.
  const search = useBrowserValue(() => location.search, null);
  const token = search === null ? null : new URLSearchParams(search).get('t') || '';
  const read = useServerRead('alerts a link stops', token || null, readStop);
  const [press, setPress] = useState<Press>({ kind: 'ask', error: null, busy: false });

  const stop = async () => {
    if (!token) return;
    setPress({ kind: 'ask', error: null, busy: true });
    try {
      const body = await api.post('alerts/stop', { searchParams: { t: token } }).json<StopAnswer>();
      setPress({ kind: 'done', text: body.message || ALERT_MESSAGES.stopped(body.data.description) });
    } catch (error) {
      if (refused(error)) setPress({ kind: 'badLink', text: failureText(error, ALERT_MESSAGES.stopInvalid) });
      else setPress({ kind: 'ask', error: failureText(error, T.stopFailed), busy: false });
    }
  };

  if (token === '') return <BadLink text={ALERT_MESSAGES.stopInvalid} />;
  if (press.kind === 'badLink') return <BadLink text={press.text} />;
  if (read.status === 'failed') {
    if (refused(read.error)) return <BadLink text={failureText(read.error, ALERT_MESSAGES.stopInvalid)} />;
    return (
      <LoadFailed
        text={T.stopLoadFailed}
        retryLabel={T.retry}
        onRetry={read.retry}
        className="mt-5 flex flex-col gap-4"
      />
    );
  }
  const doneText =
    press.kind === 'done'
      ? press.text
      : read.status === 'ready' && read.data.done
        ? ALERT_MESSAGES.stopped(read.data.description)
        : null;
  if (doneText !== null) {
    return (
      <div className="card mt-5 flex flex-col gap-4 p-5" data-testid="alert-stop">
        <div tabIndex={-1} ref={takeFocus} className="outline-none">
          <FormMessage kind="success">{doneText}</FormMessage>
        </div>
        <SettingsLink />
      </div>
    );
  }
  if (read.status === 'loading' || token === null || press.kind !== 'ask') {
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
          {read.data.description}
        </h2>
      </div>
      <button
        type="button"
        className="btn-primary self-start"
        disabled={press.busy}
        aria-busy={press.busy}
        onClick={() => void stop()}
      >
        {press.busy ? T.stopping : T.stopButton}
      </button>
      {press.error && (
        <div tabIndex={-1} ref={takeFocus} className="outline-none">
          <FormMessage kind="error">{press.error}</FormMessage>
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
