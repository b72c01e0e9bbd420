/**
 * 'Receive News Alerts' for an active client company, on its articles: an
 * email address, then the note that a confirmation link is on its way.
 */
import { useState, type FormEvent } from 'react';

export default function NewsAlertForm({ symbol, name }: { symbol: string; name: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    // The HTTP client loads on demand: most readers never use this form.
    const { api, serverMessage } = await import('../../lib/api-client.ts');
    try {
      await api.post('news-alerts', { json: { email, symbol } });
      setSentTo(email);
    } catch (e) {
      setError(serverMessage(e) ?? 'Could not sign you up. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="alerts-title" data-testid="news-alert-form">
      <h2 id="alerts-title" className="font-bold">
        Receive News Alerts
      </h2>
      {sentTo ? (
        <p role="status" className="text-sm">
          Almost done: we sent a confirmation link to <strong>{sentTo}</strong>. Alerts about {name} start once you open
          it.
        </p>
      ) : (
        <form className="flex flex-col gap-2" onSubmit={(e) => void submit(e)}>
          <label htmlFor={`alerts-${symbol}`} className="text-sm text-muted">
            Get {name} ({symbol}) news by email.
          </label>
          <input
            id={`alerts-${symbol}`}
            className="input"
            type="email"
            name="email"
            required
            maxLength={254}
            placeholder="Your email address"
            autoComplete="email"
          />
          {error && (
            <p role="alert" className="text-sm text-down">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Receive News Alerts'}
          </button>
        </form>
      )}
    </section>
  );
}
