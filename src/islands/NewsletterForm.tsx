import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { MESSAGES } from '../lib/messages.ts';
import { showSnackbar } from '../stores/snackbar.ts';
import ErrorBoundary from './ErrorBoundary.tsx';

type Phase = 'idle' | 'submitting' | 'subscribed';
const STORAGE_KEY = 'newsletterSubscribed';

function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function Form({ compact = false }: { compact?: boolean }) {
  // A reader who subscribed on this device sees the subscribed state on every page.
  const remembered = useSyncExternalStore(
    subscribeToStorage,
    () => localStorage.getItem(STORAGE_KEY),
    () => null,
  );
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'submitting') return;
    // Read the field itself: text typed before the island hydrated is kept.
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setPhase('submitting');
    setError(null);
    // The HTTP client loads on submit: the form sits in every page's footer.
    const { api, isHttpError, serverMessage } = await import('./api-client.ts');
    try {
      await api.post('email-subscriptions/subscribe', { json: { email } });
      localStorage.setItem(STORAGE_KEY, email.toLowerCase());
      setPhase('subscribed');
      showSnackbar(MESSAGES.newsletter.success, 'success');
    } catch (err) {
      const message = isHttpError(err)
        ? err.response.status < 500
          ? (serverMessage(err) ?? MESSAGES.newsletter.failed)
          : MESSAGES.newsletter.failed
        : MESSAGES.newsletter.unexpected;
      setError(message);
      setPhase('idle');
      showSnackbar(message, 'error');
    }
  };

  if (phase === 'subscribed' || remembered) {
    return (
      <p className="font-medium text-primary" data-testid="newsletter-subscribed">
        {MESSAGES.newsletter.subscribed}
      </p>
    );
  }

  return (
    <form
      onSubmit={submit}
      className={compact ? 'flex flex-col gap-2 sm:flex-row' : 'flex flex-col gap-2'}
      noValidate={false}
    >
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <input
        id={inputId}
        type="email"
        required
        autoComplete="email"
        placeholder="Your email address"
        name="email"
        className="input min-w-0 flex-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={phase === 'submitting'}
        data-testid="newsletter-email"
      />
      <button type="submit" className="btn-primary" disabled={phase === 'submitting'} data-testid="newsletter-submit">
        {phase === 'submitting' ? 'Subscribing…' : 'Subscribe'}
      </button>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-down sm:basis-full">
          {error}
        </p>
      )}
    </form>
  );
}

export default function NewsletterForm(props: { compact?: boolean }) {
  return (
    <ErrorBoundary>
      <Form {...props} />
    </ErrorBoundary>
  );
}
