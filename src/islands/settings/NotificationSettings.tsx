import { useEffect, useId, useState } from 'react';
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

interface SwitchTexts {
  heading: string;
  label: string;
  detail: string;
  loadFailed: string;
  saveFailed: string;
  /** What a save says, when the server does not say it. */
  saved?: { on: string; off: string };
}

/**
 * A setting of its own, the boolean `field` of the API's `path`, saved as
 * soon as it changes.
 */
function SavedSwitch(props: { texts: SwitchTexts; testId: string; path: string; field: string }) {
  const { texts, path, field } = props;
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const headingId = useId();
  const inputId = useId();
  const detailId = useId();

  useEffect(() => {
    api
      .get(path)
      .json<{ data: Record<string, boolean> }>()
      .then(({ data }) => setOn(data[field] ?? false))
      .catch(() => setMessage({ kind: 'error', text: texts.loadFailed }));
  }, [path, field, texts]);

  const change = async (next: boolean) => {
    setOn(next);
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api
        .put(path, { json: { [field]: next } })
        .json<{ data: Record<string, boolean>; message?: string }>();
      const stored = saved.data[field] ?? next;
      setOn(stored);
      const said = texts.saved ? texts.saved[stored ? 'on' : 'off'] : saved.message;
      setMessage(said ? { kind: 'success', text: said } : null);
    } catch (err) {
      setOn(!next);
      const { status, message: server } = describeFailure(err);
      setMessage({
        kind: 'error',
        text: status && status < 500 ? (server ?? texts.saveFailed) : texts.saveFailed,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-line pt-6"
      data-testid={props.testId}
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {texts.heading}
      </h3>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary-fill"
          checked={on ?? false}
          disabled={on === null || saving}
          aria-describedby={detailId}
          onChange={(event) => void change(event.target.checked)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="font-medium">
            {texts.label}
          </label>
          <p id={detailId} className="text-sm text-muted">
            {texts.detail}
          </p>
        </div>
      </div>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
    </section>
  );
}

const ANNOUNCEMENT_TEXTS = {
  heading: 'Announcements',
  label: 'Also send announcements by email or SMS',
  detail:
    'Announcements always appear under the bell at the top of the page. With this on, they also reach you by the notification method chosen above.',
  loadFailed: 'Failed to load the announcement setting.',
  saveFailed: 'Failed to save the announcement setting.',
} as const;

const NEWSLETTER_TEXTS = {
  heading: 'Weekly newsletter',
  label: 'Email me the weekly newsletter',
  detail:
    'Research, CEO interviews, webinars and the week’s top small-cap news, once a week. Every issue has a one-click unsubscribe link.',
  saved: { on: 'The weekly newsletter will come to your email.', off: 'You will no longer get the weekly newsletter.' },
  loadFailed: 'Failed to load the newsletter setting.',
  saveFailed: 'Failed to save the newsletter setting.',
} as const;

export default function NotificationSettings() {
  return (
    <ErrorBoundary>
      <div className="flex flex-col gap-8">
        <Methods />
        <SavedSwitch
          texts={ANNOUNCEMENT_TEXTS}
          testId="announcement-settings"
          path="notifications/settings"
          field="announcements"
        />
        <SavedSwitch texts={NEWSLETTER_TEXTS} testId="newsletter-setting" path="email/mine" field="newsletter" />
      </div>
    </ErrorBoundary>
  );
}
