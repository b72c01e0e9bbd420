import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { AUTH_MESSAGES, validateLogin } from '../../lib/validation.ts';
import { setSession } from '../../stores/session.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { Field, FormMessage, PasswordField, SubmitButton, formValue } from '../forms/controls.tsx';
import { sessionFromUser } from '../SessionGuard.tsx';
import { useBrowserValue } from '../forms/useBrowserValue.ts';
import { describeFailure, navigate, takeFlash } from './shared.ts';

type LoginAnswer = { success: boolean; user: Parameters<typeof sessionFromUser>[0] };

function Login() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emphasiseSignup, setEmphasiseSignup] = useState(false);
  // A message left by the previous page (sign-up): shown once, then forgotten.
  const flash = useBrowserValue(takeFlash, null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = formValue(event.currentTarget, 'email').trim();
    const password = formValue(event.currentTarget, 'password');
    const problem = validateLogin(email, password);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api.post('auth/login', { json: { email, password } }).json<LoginAnswer>();
      const session = sessionFromUser(answer.user);
      setSession(session);
      navigate(session.isVerified ? '/' : '/verify');
    } catch (err) {
      const failure = await describeFailure(err);
      if (failure.status === 401) {
        setError(AUTH_MESSAGES.incorrectCredentials);
        setEmphasiseSignup(true);
      } else if (failure.status && failure.status < 500 && failure.message) setError(failure.message);
      else setError(AUTH_MESSAGES.loginFailed);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="login-form">
      {flash && <FormMessage kind="success">{flash}</FormMessage>}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <PasswordField label="Password" name="password" autoComplete="current-password" required />
      <div className="flex justify-end text-sm">
        <a href="/forgot-password" className="text-primary hover:underline">
          Forgot password?
        </a>
      </div>
      <SubmitButton busy={busy} busyLabel="Logging in…">
        Log in
      </SubmitButton>
      <p
        className={`text-center text-sm ${emphasiseSignup ? 'rounded-lg bg-primary/10 p-3 font-semibold' : 'text-muted'}`}
        data-testid="signup-prompt"
      >
        New here?{' '}
        <a href="/signup" className={`text-primary underline ${emphasiseSignup ? 'text-base' : ''}`}>
          Create an account
        </a>
      </p>
    </form>
  );
}

export default function LoginForm() {
  return (
    <ErrorBoundary>
      <Login />
    </ErrorBoundary>
  );
}
