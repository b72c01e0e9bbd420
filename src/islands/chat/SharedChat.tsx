/**
 * A shared RedChat conversation (/redchat/shared/{token}): read-only, with
 * the answers' links, for anyone holding the link until its owner revokes
 * it. The token is read from the address.
 */
import { useEffect, useState } from 'react';
import { CHAT_TEXT, chatPagePath } from '../../lib/chat.ts';
import type { ChatHistoryRecord, ChatMessageRecord } from '../../lib/content-records.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import AnswerText from './AnswerText.tsx';

type Shared = Omit<ChatHistoryRecord, 'thread_id'> & { messages: ChatMessageRecord[] };

/** The conversation a link shares, or null when the link does not work (never shared, or no longer). */
async function readShared(token: string): Promise<Shared | null> {
  const response = await fetch(`/api/redchat/shared/${token}`, { credentials: 'omit' });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`The shared chat answered ${response.status}`);
  return ((await response.json()) as { data: Shared }).data;
}

export default function SharedChat() {
  // The page renders in the browser only: the token is in its address.
  const [token] = useState(() => /\/redchat\/shared\/([A-Za-z0-9_-]+)/.exec(location.pathname)?.[1] ?? null);
  const read = useServerRead('shared chat', token, readShared);
  const thread = read.status === 'ready' ? read.data : null;
  useEffect(() => {
    if (thread) document.title = `${thread.chat_title} | RedChat`;
  }, [thread]);

  if (token && read.status === 'loading') {
    return (
      <p className="text-muted" aria-busy="true">
        Loading the conversation…
      </p>
    );
  }
  if (!thread) {
    return (
      <div className="card flex flex-col items-start gap-3 p-6" data-testid="shared-chat-missing">
        {read.status === 'failed' ? (
          <LoadFailed text={CHAT_TEXT.sharedFailed} onRetry={read.retry} />
        ) : (
          <p role="alert" className="font-semibold">
            {CHAT_TEXT.sharedMissing}
          </p>
        )}
        <a href="/redchat" className="btn-primary">
          Ask RedChat yourself
        </a>
      </div>
    );
  }
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
