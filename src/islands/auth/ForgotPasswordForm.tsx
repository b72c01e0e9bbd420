import { useState, type FormEvent } from 'react';
import { api } from '../api-client.ts';
import { AUTH_MESSAGES, phoneDigits, validateForgot } from '../../lib/validation.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { Field, FormMessage, SubmitButton, formValue } from '../forms/controls.tsx';
import { describeFailure, navigate, setResetContact } from './shared.ts';

function Forgot() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = formValue(event.currentTarget, 'email').trim();
    const phone = formValue(event.currentTarget, 'phone').trim();
    const problem = validateForgot(email, phone);
    setError(problem);
    if (problem) return;
    const contact = { email, phone_number: email ? '' : phoneDigits(phone) };
    setBusy(true);
    try {
      await api.post('auth/forgot-password', { json: contact });
      setResetContact(contact);
      navigate('/reset-password');
    } catch (err) {
      const { status, message } = describeFailure(err);
      setError(status ? (message ?? AUTH_MESSAGES.forgotFailed) : AUTH_MESSAGES.forgotException);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="forgot-form">
      <p className="text-sm text-muted">Enter your email or your phone number and we will send you a reset code.</p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <Field label="Email" name="email" type="email" autoComplete="email" />
      <p className="text-center text-xs font-semibold text-muted uppercase">or</p>
      <Field
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder="10-15 digits"
      />
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send reset code
      </SubmitButton>
      <p className="text-center text-sm">
        <a href="/login" className="text-primary underline">
          Back to login
        </a>
      </p>
    </form>
  );
}

export default function ForgotPasswordForm() {
  return (
    <ErrorBoundary>
      <Forgot />
    </ErrorBoundary>
  );
}
