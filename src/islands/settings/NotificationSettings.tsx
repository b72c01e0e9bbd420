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

const ANNOUNCEMENT_TEXTS = {
  heading: 'Announcements',
  label: 'Also send announcements by email or SMS',
  detail:
    'Announcements always appear under the bell at the top of the page. With this on, they also reach you by the notification method chosen above.',
  loadFailed: 'Failed to load the announcement setting.',
  saveFailed: 'Failed to save the announcement setting.',
} as const;

interface AnnouncementSettings {
  announcements: boolean;
}

/** Whether announcements also come by message: a setting of its own, saved as soon as it changes. */
function Announcements() {
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const headingId = useId();
  const inputId = useId();
  const detailId = useId();

  useEffect(() => {
    api
      .get('notifications/settings')
      .json<{ data: AnnouncementSettings }>()
      .then(({ data }) => setOn(data.announcements))
      .catch(() => setMessage({ kind: 'error', text: ANNOUNCEMENT_TEXTS.loadFailed }));
  }, []);

  const change = async (next: boolean) => {
    setOn(next);
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api
        .put('notifications/settings', { json: { announcements: next } })
        .json<{ data: AnnouncementSettings; message: string }>();
      setOn(saved.data.announcements);
      setMessage({ kind: 'success', text: saved.message });
    } catch (err) {
      setOn(!next);
      const { status, message: server } = describeFailure(err);
      setMessage({
        kind: 'error',
        text: status && status < 500 ? (server ?? ANNOUNCEMENT_TEXTS.saveFailed) : ANNOUNCEMENT_TEXTS.saveFailed,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-line pt-6"
      data-testid="announcement-settings"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {ANNOUNCEMENT_TEXTS.heading}
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
            {ANNOUNCEMENT_TEXTS.label}
          </label>
          <p id={detailId} className="text-sm text-muted">
            {ANNOUNCEMENT_TEXTS.detail}
          </p>
        </div>
      </div>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
    </section>
  );
}

const NEWSLETTER_SETTING = {
  heading: 'Weekly newsletter',
  label: 'Email me the weekly newsletter',
  detail:
    'Research, CEO interviews, webinars and the week’s top small-cap news, once a week. Every issue has a one-click unsubscribe link.',
  on: 'The weekly newsletter will come to your email.',
  off: 'You will no longer get the weekly newsletter.',
  loadFailed: 'Failed to load the newsletter setting.',
  saveFailed: 'Failed to save the newsletter setting.',
} as const;

/** Whether the weekly newsletter comes to the account's address: saved as soon as it changes. */
function Newsletter() {
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const headingId = useId();
  const inputId = useId();
  const detailId = useId();

  useEffect(() => {
    api
      .get('email/mine')
      .json<{ data: { newsletter: boolean } }>()
      .then(({ data }) => setOn(data.newsletter))
      .catch(() => setMessage({ kind: 'error', text: NEWSLETTER_SETTING.loadFailed }));
  }, []);

  const change = async (next: boolean) => {
    setOn(next);
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api
        .put('email/mine', { json: { newsletter: next } })
        .json<{ data: { newsletter: boolean } }>();
      setOn(saved.data.newsletter);
      setMessage({ kind: 'success', text: saved.data.newsletter ? NEWSLETTER_SETTING.on : NEWSLETTER_SETTING.off });
    } catch (err) {
      setOn(!next);
      const { status, message: server } = describeFailure(err);
      setMessage({
        kind: 'error',
        text: status && status < 500 ? (server ?? NEWSLETTER_SETTING.saveFailed) : NEWSLETTER_SETTING.saveFailed,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-line pt-6"
      data-testid="newsletter-setting"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {NEWSLETTER_SETTING.heading}
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
            {NEWSLETTER_SETTING.label}
          </label>
          <p id={detailId} className="text-sm text-muted">
            {NEWSLETTER_SETTING.detail}
          </p>
        </div>
      </div>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
    </section>
  );
}

export default function NotificationSettings() {
  return (
    <ErrorBoundary>
      <div className="flex flex-col gap-8">
        <Methods />
        <Announcements />
        <Newsletter />
      </div>
    </ErrorBoundary>
  );
}
