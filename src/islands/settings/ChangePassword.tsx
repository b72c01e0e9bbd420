import { useState, type FormEvent } from 'react';
import { api } from '../api-client.ts';
import { AUTH_MESSAGES, PASSWORD_MIN, normalizeCode, passwordProblem } from '../../lib/validation.ts';
import { clearSession } from '../../stores/session.ts';
import { describeFailure } from '../auth/shared.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { CodeField, FormMessage, PasswordField, SubmitButton, formValue } from '../forms/controls.tsx';

function Steps() {
  const [step, setStep] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      await api.post('auth/change-password/request', { json: {} });
      setStep(2);
    } catch (err) {
      const { status, message } = describeFailure(err);
      setError(status === 429 && message ? message : AUTH_MESSAGES.sendCodeFailed);
    } finally {
      setBusy(false);
    }
  };

  const change = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = normalizeCode(formValue(form, 'code'));
    const newPassword = formValue(form, 'newPassword');
    const confirm = formValue(form, 'confirmPassword');
    if (!code || !newPassword) return setError(AUTH_MESSAGES.resetFieldsRequired);
    if (newPassword !== confirm) return setError(AUTH_MESSAGES.passwordMismatch);
    if (newPassword.length < PASSWORD_MIN) return setError(AUTH_MESSAGES.passwordTooShort);
    const problem = passwordProblem(newPassword);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await api.post('auth/change-password', { json: { code, newPassword } });
      // Every session ends with the old password, this one included.
      clearSession();
      setSuccess(AUTH_MESSAGES.changePasswordSuccess);
      setStep(1);
    } catch (err) {
      const { status, message } = describeFailure(err);
      setError(status && status < 500 ? (message ?? AUTH_MESSAGES.genericError) : AUTH_MESSAGES.changePasswordFailed);
    } finally {
      setBusy(false);
    }
  };

  if (step === 1) {
    return (
      <div className="flex flex-col gap-4" data-testid="change-password-step-1">
        <h2 className="text-xl font-bold">Change Password</h2>
        {success && (
          <FormMessage kind="success">
            {success}{' '}
            <a href="/login" className="font-semibold underline">
              Log in
            </a>
          </FormMessage>
        )}
        {error && <FormMessage kind="error">{error}</FormMessage>}
        {!success && (
          <>
            <p className="text-sm text-muted">We will send a code to your email or phone to confirm it is you.</p>
            <button type="button" className="btn-primary self-start" onClick={sendCode} disabled={busy}>
              {busy ? 'Sending…' : 'Send code'}
            </button>
          </>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={change} className="flex flex-col gap-4" noValidate data-testid="change-password-step-2">
      <h2 className="text-xl font-bold">Change Password</h2>
      <p className="text-sm text-muted">
        Enter the code we sent you and your new password. You will be signed out everywhere.
      </p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <CodeField label="Code" />
      <PasswordField label="New password" name="newPassword" autoComplete="new-password" />
      <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" />
      <SubmitButton busy={busy} busyLabel="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}

export default function ChangePassword() {
  return (
    <ErrorBoundary>
      <Steps />
    </ErrorBoundary>
  );
}
