import { useEffect, useState } from 'react';
import { api } from '../api-client.ts';
import { AUTH_MESSAGES, type ContactMethod } from '../../lib/validation.ts';
import { $session, setSession } from '../../stores/session.ts';
import { describeFailure } from '../auth/shared.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { ContactMethodChoice, FormMessage } from '../forms/controls.tsx';

function Methods() {
  const [loading, setLoading] = useState(true);
  const [method, setMethod] = useState<ContactMethod | null>(null);
  const [googleUser, setGoogleUser] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    api
      .get('profile/profile/message-preference')
      .json<{ data: { message_preference: ContactMethod; googleUser: boolean } }>()
      .then(({ data }) => {
        setMethod(data.message_preference);
        setGoogleUser(data.googleUser);
      })
      .catch(() => setMessage({ kind: 'error', text: AUTH_MESSAGES.loadMethodsFailed }))
      .finally(() => setLoading(false));
  }, []);

  const save = async () => {
    if (!method) return;
    setSaving(true);
    setMessage(null);
    try {
      await api.put('profile/profile/message-preference', { json: { message_preference: method } });
      const session = $session.get();
      if (session) setSession({ ...session, messagePreference: method });
      setMessage({ kind: 'success', text: AUTH_MESSAGES.methodUpdated });
    } catch (err) {
      const { status, message: server } = describeFailure(err);
      setMessage({
        kind: 'error',
        text: status && status < 500 ? (server ?? AUTH_MESSAGES.updateMethodFailed) : AUTH_MESSAGES.saveMethodFailed,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="notification-settings">
      <h2 className="text-xl font-bold">Notifications Settings</h2>
      <p className="text-sm text-muted">How verification codes and alerts reach you.</p>
      {googleUser && <FormMessage kind="info">Accounts that sign in with Google get messages by email.</FormMessage>}
      <fieldset disabled={loading || googleUser} className="flex flex-col gap-2">
        <legend className="sr-only">Notification method</legend>
        <ContactMethodChoice name="method" value={method} onChange={setMethod} phoneLabel="Text message (SMS)" />
      </fieldset>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <button
        type="button"
        className="btn-primary self-start"
        onClick={save}
        disabled={loading || saving || !method || googleUser}
        data-testid="save-notification-method"
      >
        {saving ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
}

export default function NotificationSettings() {
  return (
    <ErrorBoundary>
      <Methods />
    </ErrorBoundary>
  );
}
