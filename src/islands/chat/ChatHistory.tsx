/**
 * The signed-in reader's chat history (docs/product.md §13.3): 18 threads at a time, more
 * as the list scrolls ('Loading more...'), each renamed in place (the edit
 * icon opens an input: Enter or leaving it saves, Escape cancels) or
 * deleted after a confirmation. Selecting a thread opens it in the frame.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_HISTORY_PAGE_SIZE, CHAT_TEXT, CHAT_TITLE_MAX, cutChatCompany } from '../../lib/chat.ts';
import type { ChatHistoryRecord } from '../../lib/content-records.ts';
import { formatRelativeTime } from '../../lib/time-format.ts';
import { api } from '../api-client.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';

const HISTORY = 'redchat/api/chat/chat/history';

/** A page of threads; an answer that is not a list is a failure too (the rule of docs/product.md). */
async function readPage(page: number): Promise<ChatHistoryRecord[]> {
  const body = await api
    .get(HISTORY, { searchParams: { page, limit: CHAT_HISTORY_PAGE_SIZE } })
    .json<{ data?: unknown }>();
  if (!Array.isArray(body.data)) throw new Error('not a list');
  return body.data as ChatHistoryRecord[];
}

/** The threads read so far (pages 1 to `page`), and whether there are more. */
const readFirst = () =>
  readPage(1).then((threads) => ({ threads, page: 1, more: threads.length === CHAT_HISTORY_PAGE_SIZE }));

interface Props {
  /** The thread shown in the frame. */
  current: string | null;
  /** Bumped to read the first page again (a new thread was saved). */
  refresh: number;
  onSelect: (thread: ChatHistoryRecord) => void;
  /** A thread was deleted (the frame may be showing it). */
  onDeleted: (threadId: string) => void;
}

function TitleEditor({ thread, onDone }: { thread: ChatHistoryRecord; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(thread.chat_title);
  // Escape cancels: the blur that follows must not save.
  const cancelled = useRef(false);
  const finish = () => {
    if (cancelled.current) return;
    const title = value.trim();
    onDone(title && title !== thread.chat_title ? title : null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.currentTarget.blur();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancelled.current = true;
      onDone(null);
    }
  };
  return (
    <input
      className="input w-full px-2 py-1 text-sm"
      aria-label="Chat title"
      value={value}
      maxLength={CHAT_TITLE_MAX}
      autoFocus
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={finish}
      data-testid="chat-title-input"
    />
  );
}

export default function ChatHistory({ current, refresh, onSelect, onDeleted }: Props) {
  // The first page, read again when `refresh` is bumped; the next ones are added to it as the list scrolls.
  const read = useServerRead('chat history', String(refresh), readFirst);
  const history = read.latest;
  const threads = history?.threads ?? [];
  // A later page or a deletion failed (for this reading of the history).
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const failed = read.status === 'failed' || failedAt === refresh;
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [titleFailed, setTitleFailed] = useState(false);
  const sentinel = useRef<HTMLLIElement>(null);
  const { replace } = read;

  // The next page when the end of the list comes into view.
  useEffect(() => {
    const end = sentinel.current;
    if (!end || !history?.more || failed) return;
    const { page } = history;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      readPage(page + 1).then(
        (more) =>
          // Added to the pages it follows (not to a first page read again meanwhile, nor twice).
          replace((shown) => {
            if (shown.page !== page) return shown;
            const seen = new Set(shown.threads.map((t) => t.thread_id));
            const threads = [...shown.threads, ...more.filter((t) => !seen.has(t.thread_id))];
            return { threads, page: page + 1, more: more.length === CHAT_HISTORY_PAGE_SIZE };
          }),
        () => setFailedAt(refresh),
      );
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [history, failed, replace, refresh]);

  const change = (edit: (threads: ChatHistoryRecord[]) => ChatHistoryRecord[]) =>
    replace((shown) => ({ ...shown, threads: edit(shown.threads) }));

  // The new title shows at once and goes back if the call fails. Not through stores/optimistic.ts: a second
  // importer would give that helper a chunk of its own on every article page, which has no room for it.
  async function rename(thread: ChatHistoryRecord, title: string | null) {
    setEditing(null);
    if (title === null) return;
    const retitle = (chat_title: string) =>
      change((all) => all.map((t) => (t.thread_id === thread.thread_id ? { ...t, chat_title } : t)));
    retitle(title);
    try {
      const body = await api
        .post(`${HISTORY}/${encodeURIComponent(thread.thread_id)}/title`, { json: { title } })
        .json<{ title: string }>();
      retitle(body.title);
      setTitleFailed(false);
    } catch {
      retitle(thread.chat_title);
      setTitleFailed(true);
    }
  }

  async function remove(thread: ChatHistoryRecord) {
    setConfirming(null);
    try {
      await api.delete(`${HISTORY}/${encodeURIComponent(thread.thread_id)}`);
      change((all) => all.filter((t) => t.thread_id !== thread.thread_id));
      onDeleted(thread.thread_id);
    } catch {
      setFailedAt(refresh);
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {failed && (
        <LoadFailed
          text={CHAT_TEXT.historyFailed}
          onRetry={() => {
            setFailedAt(null);
            read.retry();
          }}
          className="mb-2 flex flex-col items-start gap-2"
        />
      )}
      {titleFailed && (
        <p role="alert" className="mb-2 text-sm text-down" data-testid="chat-title-error">
          {CHAT_TEXT.titleFailed}
        </p>
      )}
      {!failed && history && threads.length === 0 && (
        <p className="py-4 text-sm text-muted" data-testid="chat-history-empty">
          {CHAT_TEXT.noHistory}
        </p>
      )}
      <ul className="-mx-1 flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-1" data-testid="chat-history">
        {threads.map((thread) => (
          <li
            key={thread.thread_id}
            className={`group rounded-lg border ${current === thread.thread_id ? 'border-primary bg-surface-2' : 'border-transparent hover:bg-surface-2'}`}
            data-testid="chat-history-item"
            data-thread={thread.thread_id}
          >
            {editing === thread.thread_id ? (
              <div className="p-2">
                <TitleEditor thread={thread} onDone={(title) => void rename(thread, title)} />
              </div>
            ) : confirming === thread.thread_id ? (
              <div className="flex flex-col gap-2 p-2 text-sm">
                <span>Delete this conversation?</span>
                <span className="flex gap-2">
                  <button type="button" className="btn-primary px-3 py-1 text-sm" onClick={() => void remove(thread)}>
                    Delete
                  </button>
                  <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </span>
              </div>
            ) : (
              <div className="relative">
                {/* The title has the row's whole width (cut with an ellipsis at its edge, read in full by its
                    tooltip and name); the rename and delete buttons sit beside the line under it. */}
                <button
                  type="button"
                  className="block w-full min-w-0 px-2 pt-2 pb-1 text-left"
                  aria-current={current === thread.thread_id ? 'true' : undefined}
                  title={thread.chat_title}
                  onClick={() => onSelect(thread)}
                  data-testid="chat-history-open"
                >
                  <span className="block truncate text-sm font-semibold" data-testid="chat-history-title">
                    {thread.chat_title}
                  </span>
                  <span className="block truncate pr-20 text-xs leading-9 text-muted">
                    {formatRelativeTime(new Date(thread.created_at))}
                    {thread.company_name && thread.symbol
                      ? ` · ${cutChatCompany(thread.company_name)} - ${thread.symbol}`
                      : ''}
                  </span>
                </button>
                <div className="absolute right-0 bottom-0 flex">
                  <button
                    type="button"
                    className="icon-button h-9 w-9 shrink-0"
                    aria-label={`Rename “${thread.chat_title}”`}
                    onClick={() => setEditing(thread.thread_id)}
                    data-testid="chat-title-edit"
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                      <path
                        fill="currentColor"
                        d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z"
                      />
                    </svg>
                  </button>
                  <button
                    type="button"
                    className="icon-button h-9 w-9 shrink-0"
                    aria-label={`Delete “${thread.chat_title}”`}
                    onClick={() => setConfirming(thread.thread_id)}
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                      <path
                        fill="currentColor"
                        d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z"
                      />
                    </svg>
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
        {/* Until the first page comes, too, the list says it is loading more. */}
        {(history?.more ?? true) && !failed && (
          <li ref={sentinel} className="py-2 text-center text-sm text-muted" data-testid="chat-history-more">
            {CHAT_TEXT.loadingMore}
          </li>
        )}
      </ul>
    </div>
  );
}
