/**
 * A company's alerts (docs/product.md §15.7), opened from the bell beside
 * its heart: the kinds and threshold of its own, Save, Use my defaults (the
 * rule for all followed companies) and Cancel. A modal dialog: the page
 * behind it is out of reach, Escape closes it, and the focus goes back to
 * the bell.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ALERT_MESSAGES, ALERT_TEXT as T, type CompanyAlertRule } from '../../lib/alerts.ts';
import { loadFavorites } from '../../stores/favorites.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import { FormMessage } from '../forms/controls.tsx';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { failureText } from '../auth/shared.ts';
import { loadCompanyRule, resetCompanyRule, saveCompanyRule } from './alerts-api.ts';
import KindsEditor, { draftOf, ruleOf, type RuleDraft } from './KindsEditor.tsx';

export default function CompanyAlertDialog({
  symbol,
  name,
  onClose,
}: {
  symbol: string;
  name: string;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const read = useServerRead('company alert rule', symbol, loadCompanyRule);
  // The reader's changes; until the first, the rule as read.
  const [edited, setDraft] = useState<RuleDraft | null>(null);
  const draft = edited ?? (read.status === 'ready' ? draftOf(read.data) : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'defaults' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  /**
   * Closes the modal dialog first, then lets the bell take the focus: while
   * the dialog is modal the page behind it is inert and refuses focus.
   */
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  /** Done: the snackbar says what changed, the heart follows, and the dialog closes. */
  const finish = (rule: CompanyAlertRule, message: string, wasFollowed: boolean) => {
    showSnackbar(message, 'success');
    if (rule.followed !== wasFollowed) void loadFavorites('company', { fresh: true });
    close();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (read.status !== 'ready' || !draft || busy) return;
    const change = ruleOf(draft);
    if ('error' in change) return setError(change.error);
    setError(null);
    setFailure(null);
    setBusy('save');
    try {
      const body = await saveCompanyRule(symbol, change);
      finish(body.data, body.message || ALERT_MESSAGES.companySaved(symbol), read.data.followed);
    } catch (failed) {
      setFailure(failureText(failed, T.saveFailed));
      setBusy(null);
    }
  };

  const backToDefaults = async () => {
    if (read.status !== 'ready' || busy) return;
    setFailure(null);
    setBusy('defaults');
    try {
      const body = await resetCompanyRule(symbol);
      finish(body.data, body.message || ALERT_MESSAGES.companyDefaults(symbol), read.data.followed);
    } catch (failed) {
      setFailure(failureText(failed, T.saveFailed));
      setBusy(null);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-surface p-0 text-fg backdrop:bg-black/50"
      onCancel={(event) => {
        // Escape: closed here, so the bell gets the focus back and React unmounts the dialog.
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) close();
      }}
      data-testid="company-alerts-dialog"
    >
      <form className="flex flex-col gap-4 p-5" noValidate onSubmit={(event) => void save(event)}>
        <h2 id={headingId} className="text-lg font-bold">
          {T.companyDialog(symbol)}
        </h2>
        {read.status === 'loading' && (
          <p role="status" className="text-muted">
            {T.companyLoading}
          </p>
        )}
        {read.status === 'failed' && (
          <LoadFailed text={T.companyLoadFailed} retryLabel={T.retry} onRetry={read.retry} />
        )}
        {read.status === 'ready' && draft && (
          <>
            {!read.data.followed ? (
              <p className="text-sm text-muted">{T.companyNotFollowed(name)}</p>
            ) : (
              !read.data.custom && <p className="text-sm text-muted">{T.companyUsesDefaults}</p>
            )}
            <KindsEditor
              legend={T.companyKinds(name)}
              draft={draft}
              onChange={setDraft}
              error={error}
              disabled={busy !== null}
            />
          </>
        )}
        {failure && <FormMessage kind="error">{failure}</FormMessage>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>
            {T.cancel}
          </button>
          {read.status === 'ready' && (
            <>
              <button
                type="button"
                className="btn-secondary"
                disabled={busy !== null}
                aria-busy={busy === 'defaults'}
                onClick={() => void backToDefaults()}
              >
                {busy === 'defaults' ? T.saving : T.useDefaults}
              </button>
              <button type="submit" className="btn-primary" disabled={busy !== null} aria-busy={busy === 'save'}>
                {busy === 'save' ? T.saving : T.save}
              </button>
            </>
          )}
        </div>
      </form>
    </dialog>
  );
}
