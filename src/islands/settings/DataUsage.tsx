import { useRef, useState } from 'react';
import { api } from '../api-client.ts';
import { AUTH_MESSAGES } from '../../lib/validation.ts';
import { clearSession } from '../../stores/session.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import { navigate } from '../auth/shared.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { FormMessage } from '../forms/controls.tsx';

function Usage() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete('auth/delete');
      clearSession();
      showSnackbar(AUTH_MESSAGES.deleted, 'success');
      dialog.current?.close();
      setTimeout(() => navigate('/login'), 1500);
    } catch {
      setError(AUTH_MESSAGES.deleteFailed);
      dialog.current?.close();
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="data-usage">
      <h2 className="text-xl font-bold">Data Usage Settings</h2>
      <p className="text-sm text-muted">
        We keep your name, email, phone number, favorites, settings and RedChat history while your account is active.
        Deleting your account removes them for good and signs you out everywhere.
      </p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <button type="button" className="btn-primary self-start" onClick={() => dialog.current?.showModal()}>
        Delete User
      </button>
      <dialog
        ref={dialog}
        className="card m-auto max-w-sm p-6 text-fg backdrop:bg-black/60"
        aria-labelledby="delete-title"
      >
        <h3 id="delete-title" className="text-lg font-bold">
          Delete your account?
        </h3>
        <p className="mt-2 text-sm text-muted">This cannot be undone.</p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()} autoFocus>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={remove} disabled={busy} data-testid="confirm-delete">
            {busy ? 'Deleting…' : 'Delete account'}
          </button>
        </div>
      </dialog>
    </div>
  );
}

export default function DataUsage() {
  return (
    <ErrorBoundary>
      <Usage />
    </ErrorBoundary>
  );
}
