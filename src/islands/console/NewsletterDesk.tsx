/**
 * The console's Newsletter tab (docs/product.md §17.4): the latest issues
 * with their state and figures, this week's draft composed on request,
 * the chosen issue's editor, preview and sending, and the suppressed
 * addresses. An issue that is going out is read again every two seconds.
 */
import { useEffect, useState } from 'react';
import { formatCount } from '../../lib/format.ts';
import { NEWSLETTER_STATUS_LABELS, NEWSLETTER_TEXTS as T, type NewsletterIssueRecord } from '../../lib/newsletter.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { ConsoleError } from './console-api.ts';
import { IssueFields, IssuePreview, type IssueDraft } from './IssueEditor.tsx';
import { IssueSending } from './IssueSending.tsx';
import { composeIssue, listIssues, saveIssue } from './newsletter-api.ts';
import SuppressionList from './SuppressionList.tsx';

const POLL_MS = 2000;

const draftOf = (issue: NewsletterIssueRecord): IssueDraft => ({
  subject: issue.subject,
  intro: issue.intro,
  sections: issue.sections,
});

export default function NewsletterDesk() {
  const read = useServerRead('newsletter issues', '', listIssues);
  // While the list is read again, the last one stays on screen.
  const issues = read.latest;
  const [selected, setSelected] = useState<number | null>(null);
  /** Staff's changes to the chosen issue; null while it is as the server holds it. */
  const [draft, setDraft] = useState<IssueDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; stale?: boolean } | null>(null);

  // The newest issue is chosen when the list first comes.
  const newest = issues?.[0];
  if (selected === null && newest) setSelected(newest.id);

  const issue = issues?.find((i) => i.id === selected) ?? null;
  const going = issue?.status === 'sending' || (issue?.status === 'scheduled' && !!issue.scheduledAt);
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(read.retry, POLL_MS);
    return () => clearInterval(timer);
  }, [going, read.retry]);

  /** Puts the server's answer in the list and chooses it. */
  const replace = (next: NewsletterIssueRecord) => {
    read.replace((list) => [next, ...list.filter((i) => i.id !== next.id)].sort((a, b) => b.id - a.id));
    setSelected(next.id);
  };

  const choose = (next: NewsletterIssueRecord) => {
    setSelected(next.id);
    setDraft(null);
    setOutcome(null);
  };

  const compose = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const made = await composeIssue();
      replace(made);
      choose(made);
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ConsoleError ? error.describe(T.saveFailed) : T.saveFailed });
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!issue || !draft) return;
    if (!draft.subject.trim()) {
      setOutcome({ ok: false, text: `${T.saveFailed}: ${T.subject} is required` });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      replace(await saveIssue(issue.id, issue.version, draft));
      setDraft(null);
      setOutcome({ ok: true, text: T.saved });
      showSnackbar(T.saved, 'success');
    } catch (error) {
      const stale = error instanceof ConsoleError && error.stale;
      setOutcome({
        ok: false,
        stale,
        text: stale ? T.stale : error instanceof ConsoleError ? error.describe(T.saveFailed) : T.saveFailed,
      });
    } finally {
      setBusy(false);
    }
  };

  // Someone else changed the issue: their version is read, and shown once it comes.
  const reload = () => {
    setDraft(null);
    setOutcome(null);
    read.retry();
  };

  const editable = issue?.status === 'draft' || issue?.status === 'scheduled';
  return (
    <div className="flex flex-col gap-8" data-testid="tools-newsletter">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <section className="flex flex-col gap-3" aria-label={T.issues}>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void compose()}>
            {T.newDraft}
          </button>
          {read.status === 'failed' ? (
            <LoadFailed text={T.loadFailed} onRetry={read.retry} />
          ) : !issues ? (
            <p className="text-muted">Loading…</p>
          ) : issues.length === 0 ? (
            <p className="text-muted">{T.noIssues}</p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="newsletter-issues">
              {issues.map((i) => (
                <li key={i.id}>
                  <button
                    type="button"
                    className={`card flex w-full flex-col items-start gap-1 p-3 text-left text-sm ${i.id === selected ? 'ring-2 ring-primary' : ''}`}
                    aria-current={i.id === selected ? 'true' : undefined}
                    onClick={() => choose(i)}
                  >
                    <span className="font-semibold break-words">{i.subject}</span>
                    <span className="text-muted">
                      {NEWSLETTER_STATUS_LABELS[i.status]} · week of{' '}
                      {formatNewYorkDate(new Date(`${i.weekOf}T12:00:00Z`))}
                      {i.status !== 'draft' && i.status !== 'scheduled' && ` · ${formatCount(i.progress.sent)} sent`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        {issue && (
          <section className="flex min-w-0 flex-col gap-6" aria-label={issue.subject} data-testid="newsletter-issue">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="mr-auto text-lg font-bold break-words">{issue.subject}</h2>
              <span className="rounded bg-surface-2 px-2 py-1 text-sm" data-testid="issue-status">
                {NEWSLETTER_STATUS_LABELS[issue.status]}
              </span>
            </div>
            {/* The introduction's editor takes its text once: another issue, or another version of it, starts a new one. */}
            <IssueFields
              key={`${issue.id}:${issue.version}`}
              draft={draft ?? draftOf(issue)}
              disabled={!editable || busy}
              onChange={setDraft}
            />
            {editable && (
              <div className="flex flex-wrap items-center gap-3">
                <button type="button" className="btn-primary" disabled={busy || !draft} onClick={() => void save()}>
                  {busy ? T.saving : T.save}
                </button>
                {outcome && (
                  <p
                    role={outcome.ok ? 'status' : 'alert'}
                    className={outcome.ok ? 'text-sm text-up' : 'text-sm text-down'}
                  >
                    {outcome.text}
                  </p>
                )}
                {outcome?.stale && (
                  <button type="button" className="btn-secondary" onClick={reload}>
                    Reload
                  </button>
                )}
              </div>
            )}
            <IssueSending issue={issue} unsaved={draft !== null} onChanged={replace} />
            <IssuePreview issue={issue} />
          </section>
        )}
      </div>
      <SuppressionList />
    </div>
  );
}
