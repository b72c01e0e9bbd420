import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { SNACKBAR_HIDE_MS } from '../lib/messages.ts';
import { $snackbar, hideSnackbar } from '../stores/snackbar.ts';

/** Shows the current snackbar message and hides it after six seconds (a persistent one stays until dismissed). */
export default function SnackbarHost() {
  // Hydration starts from the empty region the server rendered: a message shown before the island
  // hydrated (a guest sent away from a private page) follows a moment later instead of mismatching.
  const message = useStore($snackbar, { ssr: 'initial' });
  useEffect(() => {
    if (!message || message.persistent) return;
    const timer = setTimeout(() => hideSnackbar(message.id), SNACKBAR_HIDE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div className="snackbar-region" aria-live="polite" aria-atomic="true">
      {message && (
        <div role="status" className={`snackbar snackbar-${message.severity}`} data-testid="snackbar">
          <span>{message.text}</span>
          {message.action &&
            ('href' in message.action ? (
              <a className="snackbar-action" href={message.action.href}>
                {message.action.label}
              </a>
            ) : (
              <button type="button" className="snackbar-action" onClick={message.action.run}>
                {message.action.label}
              </button>
            ))}
          <button
            type="button"
            className="snackbar-close"
            aria-label="Dismiss"
            onClick={() => hideSnackbar(message.id)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
