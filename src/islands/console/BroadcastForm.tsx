/**
 * Add Notifications (docs/product.md §17.2): a global notification (message, objectId,
 * objectType) sent to every user's bell, and by email or SMS to those who
 * want announcements that way. Recent broadcasts show how far delivery got.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatRelativeTime } from '../../lib/time-format.ts';
import {
  NOTIFICATION_OBJECT_TYPES,
  CONSOLE_MESSAGES,
  countOf,
  type NotificationObjectType,
} from '../../lib/console.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import { ConsoleError, broadcastNotification, recentBroadcasts } from './console-api.ts';

const MESSAGE_MAX = 500;
/** How often the recent broadcasts are read again while one is still being delivered. */
const DELIVERY_POLL_MS = 2000;

/** The form's labels, which its messages name fields by (the server's reasons included). */
const LABELS = { message: 'Message', objectType: 'Object type', objectId: 'Object id' } as const;

const OBJECT_HINTS: Record<NotificationObjectType, string> = {
  news: 'The article’s number, as in /news/123.',
  event: 'The event’s number.',
  video: 'The video’s number, as in /video/45.',
  company: 'The company’s ticker, such as ABCD.',
};

const readRecent = () => recentBroadcasts();

export default function BroadcastForm() {
  const ids = { message: useId(), type: useId(), object: useId() };
  const [message, setMessage] = useState('');
  const [objectType, setObjectType] = useState<NotificationObjectType>('news');
  const [objectId, setObjectId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const read = useServerRead('recent broadcasts', '', readRecent);
  // While they are read again, the last ones stay on screen.
  const recent = read.latest;

  const delivering = recent?.some((b) => b.deliveredAt === null) ?? false;
  useEffect(() => {
    if (!delivering) return;
    const timer = setInterval(read.retry, DELIVERY_POLL_MS);
    return () => clearInterval(timer);
  }, [delivering, read.retry]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!message.trim()) found.message = `${LABELS.message} is required`;
    if (!objectId.trim()) found.objectId = `${LABELS.objectId} is required`;
    else if (objectType === 'company' ? !/^[A-Za-z.-]{1,12}$/.test(objectId.trim()) : !/^\d+$/.test(objectId.trim())) {
      found.objectId = `${LABELS.objectId} must be ${objectType === 'company' ? 'a ticker such as ABCD' : 'a number'}`;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    setResult(null);
    try {
      const answer = await broadcastNotification({ message: message.trim(), objectId: objectId.trim(), objectType });
      setResult({ ok: true, text: answer.message });
      showSnackbar(CONSOLE_MESSAGES.broadcast.sent, 'success');
      setMessage('');
      setObjectId('');
      read.retry();
    } catch (error) {
      const text =
        error instanceof ConsoleError
          ? error.describe(CONSOLE_MESSAGES.broadcast.failed, LABELS)
          : CONSOLE_MESSAGES.broadcast.failed;
      setResult({ ok: false, text });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="flex flex-col gap-6" aria-label="Add Notifications" data-testid="tools-broadcast">
      <form className="card flex max-w-2xl flex-col gap-4 p-4" onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="text-lg font-bold">Broadcast a global notification</h2>
        <p className="text-sm text-muted">
          Every signed-in reader sees it in the bell; readers who take announcements by email or SMS also get it that
          way.
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.message} className="text-sm font-semibold">
            {LABELS.message} *
          </label>
          <textarea
            id={ids.message}
            className="input min-h-24"
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={`${ids.message}-note`}
          />
          <p id={`${ids.message}-note`} className={errors.message ? 'text-sm text-down' : 'text-xs text-muted'}>
            {errors.message ?? `${message.length} / ${MESSAGE_MAX}`}
          </p>
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.type} className="text-sm font-semibold">
              {LABELS.objectType} *
            </label>
            <select
              id={ids.type}
              className="input"
              value={objectType}
              onChange={(e) => setObjectType(e.target.value as NotificationObjectType)}
            >
              {NOTIFICATION_OBJECT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.object} className="text-sm font-semibold">
              {LABELS.objectId} *
            </label>
            <input
              id={ids.object}
              className="input"
              value={objectId}
              onChange={(e) => setObjectId(e.target.value)}
              aria-invalid={errors.objectId ? true : undefined}
              aria-describedby={`${ids.object}-note`}
            />
            <p id={`${ids.object}-note`} className={errors.objectId ? 'text-sm text-down' : 'text-xs text-muted'}>
              {errors.objectId ?? OBJECT_HINTS[objectType]}
            </p>
          </div>
        </div>
        {result && (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-sm text-up' : 'text-sm text-down'}>
            {result.text}
          </p>
        )}
        <div>
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? 'Broadcasting…' : 'Broadcast'}
          </button>
        </div>
      </form>

      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-bold">Recent broadcasts</h2>
        {read.status === 'failed' ? (
          <LoadFailed text={CONSOLE_MESSAGES.broadcast.load} onRetry={read.retry} />
        ) : !recent ? (
          <p className="text-muted">Loading…</p>
        ) : recent.length === 0 ? (
          <p className="text-muted">No broadcasts yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="recent-broadcasts">
            {recent.map((b) => (
              <li key={b.id} className="card flex flex-wrap items-center gap-3 p-3 text-sm">
                <span className="min-w-0 flex-1 break-words">{b.message}</span>
                <a href={b.link} className="text-primary underline" target="_blank" rel="noopener">
                  {b.objectType} {b.objectId}
                </a>
                <span className="text-muted">
                  {formatRelativeTime(new Date(b.createdAt))} ·{' '}
                  {b.deliveredAt
                    ? `${countOf(b.queued, 'message')} sent`
                    : `delivering… ${countOf(b.queued, 'message')} queued`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
