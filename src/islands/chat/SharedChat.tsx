/**
 * A shared RedChat conversation (/redchat/shared/{token}): read-only, with
 * the answers' links, for anyone holding the link until its owner revokes
 * it. The token is read from the address.
 */
import { useEffect, useState } from 'react';
import { CHAT_TEXT, chatPagePath } from '../../lib/chat.ts';
import type { ChatHistoryRecord, ChatMessageRecord } from '../../lib/content-records.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import AnswerText from './AnswerText.tsx';

type Shared = Omit<ChatHistoryRecord, 'thread_id'> & { messages: ChatMessageRecord[] };
type Load = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; thread: Shared };

export default function SharedChat() {
  // The page renders in the browser only: the token is in its address.
  const [token] = useState(() => /\/redchat\/shared\/([A-Za-z0-9_-]+)/.exec(location.pathname)?.[1] ?? null);
  const [load, setLoad] = useState<Load>(token ? { kind: 'loading' } : { kind: 'missing' });

  useEffect(() => {
    if (!token) return;
    void (async () => {
      try {
        const response = await fetch(`/api/redchat/shared/${token}`, { credentials: 'omit' });
        if (response.status === 404 || response.status === 400) return setLoad({ kind: 'missing' });
        if (!response.ok) return setLoad({ kind: 'failed' });
        const { data } = (await response.json()) as { data: Shared };
        setLoad({ kind: 'ready', thread: data });
        document.title = `${data.chat_title} | RedChat`;
      } catch {
        setLoad({ kind: 'failed' });
      }
    })();
  }, [token]);

  if (load.kind === 'loading') {
    return (
      <p className="text-muted" aria-busy="true">
        Loading the conversation…
      </p>
    );
  }
  if (load.kind !== 'ready') {
    return (
      <div className="card flex flex-col items-start gap-3 p-6" data-testid="shared-chat-missing">
        <p role="alert" className="font-semibold">
          {load.kind === 'missing'
            ? CHAT_TEXT.sharedMissing
            : 'The conversation could not be loaded. Please try again.'}
        </p>
        <a href="/redchat" className="btn-primary">
          Ask RedChat yourself
        </a>
      </div>
    );
  }
  const { thread } = load;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4" data-testid="shared-chat">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Shared from RedChat</p>
        <h1 className="text-2xl font-extrabold">{thread.chat_title}</h1>
        <p className="text-sm text-muted">
          {thread.symbol && thread.company_name && (
            <>
              About{' '}
              <a href={`/stocks/${encodeURIComponent(thread.symbol)}`} className="text-primary underline">
                {thread.company_name} ({thread.symbol})
              </a>{' '}
              ·{' '}
            </>
          )}
          Started {formatNewYorkDate(new Date(thread.created_at))}
        </p>
      </header>
      {thread.messages.map((m, i) =>
        m.role === 'user' ? (
          <div key={i} className="flex justify-end">
            <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary-fill px-4 py-2 whitespace-pre-wrap text-white">
              {m.content}
            </p>
          </div>
        ) : (
          <div key={i} className="card px-4 py-3">
            {m.notice && <p className="mb-2 rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">{m.notice}</p>}
            <AnswerText content={m.content} citations={m.citations} />
          </div>
        ),
      )}
      <footer className="flex flex-col items-start gap-2 border-t border-line pt-4 text-sm text-muted">
        <p>{CHAT_TEXT.disclaimer} Figures are as they were when the conversation took place.</p>
        <a href={chatPagePath(thread.symbol)} className="btn-primary">
          {thread.symbol ? `Ask RedChat about ${thread.symbol}` : 'Ask RedChat yourself'}
        </a>
      </footer>
    </article>
  );
}
