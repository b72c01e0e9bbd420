/**
 * Sending an issue: a test to oneself, a time (Eastern Time) or now, and
 * once it goes, its progress and the pause, resume and cancel that act on
 * what has not gone yet. A step that sends to readers asks first.
 */
import { useId, useState } from 'react';
import { toEasternInputValue } from '../../lib/eastern-time-input.ts';
import { countOf } from '../../lib/console.ts';
import { NEWSLETTER_TEXTS as T, type NewsletterIssueRecord } from '../../lib/newsletter.ts';
import { formatEventTime } from '../../lib/time-format.ts';
import { ConsoleError } from './console-api.ts';
import { actOnIssue, sendTestIssue, type IssueAction } from './newsletter-api.ts';
import { formatCount } from '../../lib/format.ts';

type Outcome = { ok: boolean; text: string } | null;

export function IssueProgress({ issue }: { issue: NewsletterIssueRecord }) {
  const p = issue.progress;
  if (issue.status === 'draft' || issue.status === 'scheduled') return null;
  const total = Math.max(p.queued, 1);
  const done = p.sent + p.failed + p.bounced + p.suppressed;
  const figures: [string, number][] = [
    ['Queued', p.queued],
    ['Sent', p.sent],
    ['Failed', p.failed],
    ['Bounced', p.bounced],
    ['Suppressed', p.suppressed],
    ['Unsubscribed', p.unsubscribed],
  ];
  return (
    <div className="flex flex-col gap-2" data-testid="newsletter-progress">
      <progress className="h-2 w-full accent-primary-fill" max={total} value={done} aria-label="Sending progress">
        {Math.round((done / total) * 100)}%
      </progress>
      <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums" data-figure={label.toLowerCase()}>
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function IssueSending(props: {
  issue: NewsletterIssueRecord;
  /** Whether the editor holds changes not saved yet (sending then waits for a save). */
  unsaved: boolean;
  onChanged(issue: NewsletterIssueRecord): void;
}) {
  const { issue, unsaved, onChanged } = props;
  const atId = useId();
  const [at, setAt] = useState(() => toEasternInputValue(new Date(Date.now() + 60 * 60_000)));
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<'now' | 'cancel' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const failure = (error: unknown, text: string) =>
    error instanceof ConsoleError ? (error.stale ? T.stale : error.describe(text)) : text;

  /** `when` is the Eastern Time field's value; a schedule without one sends now. */
  const act = async (action: IssueAction, when?: string) => {
    setBusy(action);
    setAsking(null);
    setOutcome(null);
    try {
      const next = await actOnIssue(issue.id, action, when);
      onChanged(next);
      if (action === 'schedule' && when === undefined)
        setOutcome({ ok: true, text: T.sendingNow.replace('{audience}', countOf(next.progress.audience, 'reader')) });
      else if (next.status === 'scheduled' && next.scheduledAt)
        setOutcome({ ok: true, text: T.scheduled.replace('{time}', formatEventTime(new Date(next.scheduledAt))) });
    } catch (error) {
      setOutcome({ ok: false, text: failure(error, T.actionFailed) });
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    setBusy('test');
    setOutcome(null);
    try {
      const { email } = await sendTestIssue(issue.id);
      setOutcome({ ok: true, text: T.testSent.replace('{email}', email) });
    } catch (error) {
      setOutcome({ ok: false, text: failure(error, T.testFailed) });
    } finally {
      setBusy(null);
    }
  };

  const editable = issue.status === 'draft' || issue.status === 'scheduled';
  const audience = countOf(issue.progress.audience, 'reader');
  return (
    <section className="flex flex-col gap-3" aria-label="Sending" data-testid="newsletter-sending">
      <IssueProgress issue={issue} />
      <div className="flex flex-wrap items-end gap-2">
        <button type="button" className="btn-secondary" disabled={busy !== null || unsaved} onClick={() => void test()}>
          {busy === 'test' ? T.testSending : T.testSend}
        </button>
        {editable && (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor={atId} className="text-sm font-semibold">
                {T.scheduleAt}
              </label>
              <input
                id={atId}
                type="datetime-local"
                className="input"
                value={at}
                onChange={(e) => setAt(e.target.value)}
              />
            </div>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy !== null || unsaved || !at}
              onClick={() => void act('schedule', at)}
            >
              {T.schedule}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={busy !== null || unsaved}
              onClick={() => setAsking('now')}
            >
              {T.sendNow}
            </button>
          </>
        )}
        {issue.status === 'scheduled' && (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy !== null}
            onClick={() => void act('unschedule')}
          >
            {T.unschedule}
          </button>
        )}
        {issue.status === 'sending' && (
          <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void act('pause')}>
            {T.pause}
          </button>
        )}
        {issue.status === 'paused' && (
          <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => void act('resume')}>
            {T.resume}
          </button>
        )}
        {['scheduled', 'sending', 'paused'].includes(issue.status) && (
          <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => setAsking('cancel')}>
            {T.cancel}
          </button>
        )}
        {issue.articleId !== null && (
          <a className="text-primary underline" href={`/news/${issue.articleId}`} target="_blank" rel="noopener">
            {T.viewArchive}
          </a>
        )}
      </div>
      {asking && (
        <div
          role="alertdialog"
          aria-label={asking === 'now' ? T.sendNow : T.cancel}
          className="card flex flex-wrap items-center gap-3 p-3"
        >
          <p className="min-w-0 flex-1">
            {asking === 'now' ? T.confirmSendNow.replace('{audience}', audience) : T.confirmCancel}
          </p>
          <button
            type="button"
            className="btn-primary"
            autoFocus
            onClick={() => void act(asking === 'now' ? 'schedule' : 'cancel')}
          >
            {asking === 'now' ? T.sendNow : T.cancel}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setAsking(null)}>
            Keep
          </button>
        </div>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-up' : 'text-sm text-down'}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
