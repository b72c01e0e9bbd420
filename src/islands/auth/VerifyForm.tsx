import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { api } from '../api-client.ts';
import { AUTH_MESSAGES, CODE_LENGTH, normalizeCode } from '../../lib/validation.ts';
import { $session, clearSession, setSession } from '../../stores/session.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { CodeField, FormMessage, SubmitButton, formValue } from '../forms/controls.tsx';
import { describeFailure, navigate } from './shared.ts';

function Verify() {
  const session = useStore($session);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const contact = { email: session?.email ?? '', phone_number: session?.phone ?? '' };
  const via = session?.messagePreference === 'phone' ? 'phone' : 'email';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = normalizeCode(formValue(event.currentTarget, 'code'));
    if (!code) {
      setError(AUTH_MESSAGES.codeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post('auth/verify', { json: { ...contact, code } });
      if (session) setSession({ ...session, isVerified: true });
      navigate('/verify-success');
    } catch (err) {
      const { status } = describeFailure(err);
      setError(
        status === 400
          ? AUTH_MESSAGES.codeIncorrect
          : status === 429
            ? 'Too many tries. Please wait a few minutes.'
            : AUTH_MESSAGES.confirmFailed,
      );
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await api.post('auth/resend-verification', { json: contact });
      showSnackbar(`A new confirmation code was sent to your ${via}.`, 'success');
    } catch (err) {
      const { status, message } = describeFailure(err);
      showSnackbar(status === 429 && message ? message : AUTH_MESSAGES.resendFailed, 'error');
    } finally {
      setResending(false);
    }
  };

  const viewAsGuest = async () => {
    try {
      await api.post('auth/logout');
    } catch {
      // The local sign-out is what matters here.
    }
    clearSession();
    navigate('/');
  };

  if (!session) {
    return (
      <FormMessage kind="info">
        <a href="/login" className="font-semibold text-primary underline">
          Log in
        </a>{' '}
        to enter the code we sent you.
      </FormMessage>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="verify-form">
      <p className="text-sm text-muted">
        We sent a {CODE_LENGTH}-character code to your{' '}
        {via === 'phone' ? `phone ${session.phone}` : `email ${session.email}`}. It expires in 10 minutes.
      </p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <CodeField label="Confirmation code" large required />
      <SubmitButton busy={busy} busyLabel="Checking…">
        Confirm
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-primary underline" onClick={resend} disabled={resending}>
          {resending ? 'Sending…' : 'Resend code'}
        </button>
        <button type="button" className="text-muted underline" onClick={viewAsGuest}>
          View as Guest
        </button>
      </div>
    </form>
  );
}

export default function VerifyForm() {
  return (
    <ErrorBoundary>
      <Verify />
    </ErrorBoundary>
  );
}
