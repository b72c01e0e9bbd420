import { useMemo, useState, type FormEvent } from 'react';
import { api } from '../api-client.ts';
import { AUTH_MESSAGES, normalizeCode, passwordProblem } from '../../lib/validation.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { CodeField, FormMessage, PasswordField, SubmitButton, formValue } from '../forms/controls.tsx';
import { useBrowserValue } from '../forms/useBrowserValue.ts';
import { describeFailure, navigate, parseResetContact, readResetContact } from './shared.ts';

function Reset() {
  // '' until the browser has been asked (server render), then the stored contact or null.
  const rawContact = useBrowserValue(readResetContact, '');
  const contact = useMemo(() => parseResetContact(rawContact), [rawContact]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!contact) return;
    const code = normalizeCode(formValue(event.currentTarget, 'code'));
    const newPassword = formValue(event.currentTarget, 'newPassword');
    if (!code || !newPassword) {
      setError(AUTH_MESSAGES.resetFieldsRequired);
      return;
    }
    const problem = passwordProblem(newPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post('auth/reset-password', { json: { ...contact, code, newPassword } });
      sessionStorage.removeItem('resetContact');
      setDone(true);
      setTimeout(() => navigate('/login'), 3000);
    } catch (err) {
      const { status, message } = describeFailure(err);
      setError(status && status < 500 && message ? message : AUTH_MESSAGES.resetFailed);
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!contact) return;
    try {
      await api.post('auth/forgot-password', { json: contact });
      showSnackbar(`A new reset code was sent to your ${contact.email ? 'email' : 'phone'}.`, 'success');
    } catch (err) {
      const { message } = describeFailure(err);
      showSnackbar(message ?? AUTH_MESSAGES.forgotException, 'error');
    }
  };

  if (done) return <FormMessage kind="success">{AUTH_MESSAGES.resetSuccess}</FormMessage>;
  if (rawContact === '') return <p className="text-sm text-muted">Loading…</p>;
  if (!contact) {
    return (
      <FormMessage kind="info">
        Start from{' '}
        <a href="/forgot-password" className="font-semibold text-primary underline">
          Forgot password
        </a>{' '}
        to get a reset code.
      </FormMessage>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="reset-form">
      <p className="text-sm text-muted">
        Enter the code we sent to {contact.email || contact.phone_number} and choose a new password.
      </p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <CodeField label="Code" />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        hint="At least 6 characters with a letter, a number and one of @$!%*?&"
      />
      <SubmitButton busy={busy} busyLabel="Saving…">
        Reset password
      </SubmitButton>
      <button type="button" className="text-sm text-primary underline" onClick={resend}>
        Resend code
      </button>
    </form>
  );
}

export default function ResetPasswordForm() {
  return (
    <ErrorBoundary>
      <Reset />
    </ErrorBoundary>
  );
}
