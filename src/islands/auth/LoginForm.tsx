import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api-client.ts';
import { AUTH_MESSAGES, validateLogin } from '../../lib/validation.ts';
import { sessionFromUser, setSession, type ServerUser } from '../../stores/session.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { Field, FormMessage, PasswordField, SubmitButton, formValue } from '../forms/controls.tsx';
import { useBrowserValue } from '../forms/useBrowserValue.ts';
import { describeFailure, navigate, takeFlash } from './shared.ts';

type LoginAnswer = { success: boolean; user: ServerUser };

function Login() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emphasiseSignup, setEmphasiseSignup] = useState(false);
  // A message left by the previous page (sign-up): shown once, then forgotten.
  const flash = useBrowserValue(takeFlash, null);
  const [google, setGoogle] = useState(false);
  const returning = useBrowserValue(() => new URLSearchParams(location.search).get('google'), null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (returning === '1') {
        // Back from Google with the session cookie set: load the user, then go on.
        try {
          const { user } = await api.get('auth/me').json<{ user: ServerUser }>();
          setSession(sessionFromUser(user));
          navigate('/');
          return;
        } catch {
          if (!cancelled) setError(AUTH_MESSAGES.loginFailed);
        }
      }
      try {
        const { data } = await api.get('auth/providers').json<{ data: { google: boolean } }>();
        if (!cancelled) setGoogle(data.google);
      } catch {
        // Without the provider list, email login still works.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [returning]);

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
      const failure = describeFailure(err);
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
      {returning === 'cancelled' && <FormMessage kind="info">Google sign-in was cancelled.</FormMessage>}
      {google && (
        <a href="/api/auth/google" className="btn-secondary w-full" data-testid="google-signin">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="#4285F4"
              d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z"
            />
            <path
              fill="#34A853"
              d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
            />
            <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z" />
            <path
              fill="#EA4335"
              d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
            />
          </svg>
          Sign in with Google
        </a>
      )}
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
