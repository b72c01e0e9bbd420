/**
 * The chat frame: RedChat's conversation, embedded by the chat page and by
 * the company pages' popup. It says 'iframe-ready' to the page that embeds
 * it and waits for its chat token (a guest gets none), taking messages only
 * from that page at the origin it must have; it tells the page which stock
 * the conversation is about ('navigated') and, for a signed-in reader, the
 * saved thread ('thread_id'). Answers stream in as they are written.
 *
 * This module draws the frame; the handshake, the conversation, what the
 * frame opens with and the log's following of its end are hooks of their
 * own beside it (use-host-handshake, use-conversation, use-opening,
 * use-follow-log).
 */
import type { FormEvent, KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX, CHAT_TEXT, cutChatTitle } from '../../lib/chat.ts';
import AnswerText from './AnswerText.tsx';
import { useConversation, type Turn } from './use-conversation.ts';
import { useFollowLog } from './use-follow-log.ts';
import { useHostHandshake } from './use-host-handshake.ts';
import { useOpening, type Opening } from './use-opening.ts';

const GENERAL_SUGGESTIONS = [
  'How are small caps doing today?',
  'Life-science small caps under $5 with a phase 3 drug',
  'Top gainers today',
  'Upcoming webinars',
];
const stockSuggestions = (symbol: string) => [
  `How has ${symbol} performed this year?`,
  `What do analysts say about ${symbol}?`,
  `Any insider buying at ${symbol}?`,
  `Latest ${symbol} SEC filings`,
];

const greetingOf = (opening: Opening) =>
  opening.kind === 'stock'
    ? CHAT_TEXT.greeting(opening.symbol)
    : opening.kind === 'unknown'
      ? CHAT_TEXT.unknownSymbol(opening.symbol)
      : opening.kind === 'missing'
        ? CHAT_TEXT.threadMissing
        : opening.kind === 'failed'
          ? CHAT_TEXT.threadFailed
          : opening.kind === 'general'
            ? CHAT_TEXT.greetingGeneral
            : null;

export default function ChatFrame({ hostOrigin }: { hostOrigin: string | null }) {
  const host = useHostHandshake(hostOrigin);
  // Asking brings the reader to the end, where the answer is written.
  const { log, follow } = useFollowLog();
  const chat = useConversation(host, follow);
  const opening = useOpening(host, chat);
  const { ready } = host;
  const { turns, draft, setDraft, busy, problem, send } = chat;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send(draft);
    }
  };

  const suggestions =
    opening.kind === 'stock' ? stockSuggestions(opening.symbol) : opening.kind === 'general' ? GENERAL_SUGGESTIONS : [];
  const greeting = greetingOf(opening);

  return (
    <div className="flex h-dvh flex-col bg-bg text-fg">
      <div
        ref={log}
        className="flex-1 overflow-y-auto px-3 py-4 sm:px-5"
        role="log"
        aria-live="polite"
        aria-label="Conversation with RedChat"
        data-testid="chat-log"
      >
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          {opening.kind === 'waiting' && (
            <p className="text-sm text-muted" aria-busy="true">
              Starting RedChat…
            </p>
          )}
          {opening.kind === 'thread' && (
            <h1 className="text-sm font-semibold text-muted" title={opening.title} data-testid="chat-thread-title">
              {cutChatTitle(opening.title)}
            </h1>
          )}
          {greeting && turns.length === 0 && (
            <div className="flex flex-col gap-3" data-testid="chat-greeting">
              <p className="text-lg font-bold">{greeting}</p>
              {opening.kind === 'stock' && <p className="text-sm text-muted">{opening.name}</p>}
              {suggestions.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  {suggestions.map((s) => (
                    <button
                      key={s}
                      type="button"
                      className="chip text-left hover:border-primary"
                      onClick={() => void send(s)}
                    >
                      {s}
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}
          {turns.map((turn) => (
            <TurnView key={turn.id} turn={turn} />
          ))}
        </div>
      </div>
      <form onSubmit={submit} className="border-t border-line bg-surface px-3 pt-3 pb-2 sm:px-5">
        <div className="mx-auto flex max-w-3xl flex-col gap-1">
          {problem && (
            <p role="alert" className="rounded-lg border border-down/40 bg-down/10 px-3 py-2 text-sm text-down">
              {problem}
            </p>
          )}
          <div className="flex items-end gap-2">
            <label htmlFor="chat-input" className="sr-only">
              Your question
            </label>
            <textarea
              id="chat-input"
              className="input max-h-40 min-h-11 flex-1 resize-none"
              rows={1}
              placeholder={CHAT_TEXT.placeholder}
              value={draft}
              maxLength={CHAT_MESSAGE_MAX + 200}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              disabled={!ready}
            />
            {busy ? (
              <button type="button" className="btn-secondary h-11" onClick={chat.stop}>
                Stop
              </button>
            ) : (
              <button type="submit" className="btn-primary h-11" disabled={!ready || !draft.trim()}>
                Send
              </button>
            )}
          </div>
          <div className="flex justify-between gap-2 text-xs text-muted">
            <span>{CHAT_TEXT.disclaimer}</span>
            {draft.length > CHAT_MESSAGE_MAX * 0.8 && (
              <span className={draft.length > CHAT_MESSAGE_MAX ? 'text-down' : undefined}>
                {draft.length}/{CHAT_MESSAGE_MAX}
              </span>
            )}
          </div>
        </div>
      </form>
    </div>
  );
}

/** One question, or one answer as it is written. */
function TurnView({ turn }: { turn: Turn }) {
  if (turn.role === 'user') {
    return (
      <div className="flex justify-end" data-testid="chat-question">
        <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary-fill px-4 py-2 whitespace-pre-wrap text-white">
          {turn.content}
        </p>
      </div>
    );
  }
  return (
    <div className="card px-4 py-3" data-testid="chat-answer" data-state={turn.state}>
      {turn.notice && (
        <p className="mb-2 rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted" data-testid="chat-notice">
          {turn.notice}
        </p>
      )}
      {turn.content ? (
        <AnswerText content={turn.content} citations={turn.citations} siteTarget="_top" />
      ) : turn.state === 'streaming' ? (
        <p className="text-sm text-muted" aria-busy="true">
          Looking that up…
        </p>
      ) : null}
      {turn.state === 'stopped' && <p className="mt-2 text-xs text-muted">Stopped.</p>}
    </div>
  );
}
