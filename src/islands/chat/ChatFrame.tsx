/**
 * The chat frame: RedChat's conversation, embedded by the chat page and by
 * the company pages' popup. It says 'iframe-ready' to the page that embeds
 * it and waits for its chat token (a guest gets none), taking messages only
 * from that page at the origin it must have; it tells the page which stock
 * the conversation is about ('navigated') and, for a signed-in reader, the
 * saved thread ('thread_id'). Answers stream in as they are written.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX, CHAT_TEXT, cutChatTitle } from '../../lib/chat.ts';
import { readHostMessage, type AnswerEvent, type FrameMessage } from '../../lib/chat-protocol.ts';
import type { ChatCitation } from '../../lib/content-records.ts';
import AnswerText from './AnswerText.tsx';
import { askQuestion, findCompany, loadThread } from './frame-client.ts';

interface Turn {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  citations: ChatCitation[];
  notice: string | null;
  state: 'streaming' | 'done' | 'failed' | 'stopped';
}

type Opening =
  | { kind: 'waiting' }
  | { kind: 'general' }
  | { kind: 'stock'; symbol: string; name: string }
  | { kind: 'unknown'; symbol: string }
  | { kind: 'thread'; title: string }
  | { kind: 'missing' };

/** How long a frame waits for the page's token before it goes on as a guest. */
const HANDSHAKE_MS = 3000;
/** A log scrolled to within this of its end is at its end (rounding, a nudge of the wheel). */
const FOLLOW_SLACK_PX = 24;

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

let nextTurnId = 1;

export default function ChatFrame({ hostOrigin }: { hostOrigin: string | null }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [opening, setOpening] = useState<Opening>({ kind: 'waiting' });
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  // The chat token lives here only: never in storage, never on `window`.
  const token = useRef<string | null>(null);
  const threadId = useRef<string | null>(null);
  const symbol = useRef<string | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const tokenWaiters = useRef<((token: string | null) => void)[]>([]);
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const input = useRef<HTMLTextAreaElement>(null);

  const origin = hostOrigin ?? (typeof location === 'undefined' ? '' : location.origin);
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const tell = useCallback(
    (message: FrameMessage) => {
      if (framed) window.parent.postMessage(message, origin);
    },
    [framed, origin],
  );

  /** Asks the page for a (new) token; null when none comes in time. */
  const requestToken = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        if (!framed) return resolve(null);
        const timer = setTimeout(() => resolve(null), HANDSHAKE_MS);
        tokenWaiters.current.push((t) => {
          clearTimeout(timer);
          resolve(t);
        });
        tell({ type: 'iframe-ready' });
      }),
    [framed, tell],
  );

  // The handshake: only the embedding page, at its exact origin, may hand a token over.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== origin) return;
      const message = readHostMessage(event.data);
      if (!message) return;
      token.current = message.token;
      for (const waiter of tokenWaiters.current.splice(0)) waiter(message.token);
    };
    window.addEventListener('message', onMessage);
    void requestToken().then(() => setReady(true));
    return () => window.removeEventListener('message', onMessage);
  }, [origin, requestToken]);

  // What the frame opens with: a saved thread, a stock's greeting, or the general one.
  useEffect(() => {
    if (!ready) return;
    const params = new URLSearchParams(location.search);
    const thread = params.get('thread');
    const wanted = params.get('symbol')?.trim().toUpperCase() ?? '';
    void (async () => {
      if (thread) {
        const loaded = await loadThread(thread, token.current);
        if (loaded.kind !== 'loaded') {
          setOpening({ kind: 'missing' });
          return;
        }
        const t = loaded.thread;
        threadId.current = t.thread_id;
        symbol.current = t.symbol;
        setTurns(
          t.messages.map((m) => ({
            id: nextTurnId++,
            role: m.role,
            content: m.content,
            citations: m.citations,
            notice: m.notice,
            state: 'done',
          })),
        );
        setOpening({ kind: 'thread', title: t.chat_title });
        if (t.symbol && t.company_name) tell({ type: 'navigated', stock: t.symbol, name: t.company_name });
        tell({ type: 'thread_id', thread_id: t.thread_id });
        return;
      }
      if (/^[A-Z.-]{1,12}$/.test(wanted)) {
        const company = await findCompany(wanted);
        if (!company) {
          setOpening({ kind: 'unknown', symbol: wanted });
          return;
        }
        symbol.current = company.symbol;
        setOpening({ kind: 'stock', symbol: company.symbol, name: company.name });
        tell({ type: 'navigated', stock: company.symbol, name: company.name });
        return;
      }
      setOpening({ kind: 'general' });
    })();
  }, [ready, tell]);

  // The log follows its end (a saved chat opens at its newest message, an answer is followed as it is
  // written) until the reader scrolls up; scrolling back to the end, or asking, follows again. Only the
  // reader's scrolling decides: text arriving in big pieces must not read as the reader having moved.
  useEffect(() => {
    const box = log.current;
    const content = box?.firstElementChild;
    if (!box || !content) return;
    // Where the log itself last scrolled to: a scroll event that finds it there is its own, not the reader's.
    let ownTop = -1;
    const onScroll = () => {
      if (following.current && Math.abs(box.scrollTop - ownTop) < 1) return;
      following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= FOLLOW_SLACK_PX;
    };
    const toEnd = () => {
      if (!following.current) return;
      box.scrollTop = box.scrollHeight;
      ownTop = box.scrollTop;
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(toEnd);
    resized.observe(content);
    resized.observe(box);
    return () => {
      box.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, []);

  const update = (id: number, change: (turn: Turn) => Partial<Turn>) =>
    setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...change(t) } : t)));

  async function send(text: string) {
    const message = text.trim();
    if (!message || busy || !ready) return;
    if (message.length > CHAT_MESSAGE_MAX) {
      setProblem(CHAT_TEXT.tooLong(CHAT_MESSAGE_MAX));
      return;
    }
    setProblem(null);
    setBusy(true);
    setDraft('');
    // Asking brings the reader to the end, where the answer is written.
    following.current = true;
    const questionId = nextTurnId++;
    const answerId = nextTurnId++;
    setTurns((all) => [
      ...all,
      { id: questionId, role: 'user', content: message, citations: [], notice: null, state: 'done' },
      { id: answerId, role: 'assistant', content: '', citations: [], notice: null, state: 'streaming' },
    ]);
    const onEvent = (event: AnswerEvent) => {
      switch (event.event) {
        case 'thread':
          if (event.data.thread_id && event.data.thread_id !== threadId.current) {
            threadId.current = event.data.thread_id;
            // Only a signed-in reader has a history for the page to show it in.
            if (token.current) tell({ type: 'thread_id', thread_id: event.data.thread_id });
          }
          break;
        case 'subject':
          symbol.current = event.data.symbol;
          tell({ type: 'navigated', stock: event.data.symbol, name: event.data.name });
          break;
        case 'notice':
          update(answerId, () => ({ notice: event.data.text }));
          break;
        case 'delta':
          update(answerId, (t) => ({ content: t.content + event.data.text }));
          break;
        case 'reset':
          update(answerId, () => ({ content: '', citations: [] }));
          break;
        case 'citations':
          update(answerId, () => ({ citations: event.data.citations }));
          break;
        case 'done':
          update(answerId, () => ({ state: 'done' }));
          break;
        case 'error':
          update(answerId, () => ({ state: 'failed' }));
          setProblem(event.data.message);
          break;
      }
    };
    const controller = new AbortController();
    stopper.current = controller;
    const question = { message, threadId: threadId.current, symbol: threadId.current ? null : symbol.current };
    let outcome = await askQuestion(question, token.current, controller.signal, onEvent);
    // An expired token: ask the page for a new one and try once more.
    if (outcome.kind === 'refused' && outcome.status === 401 && token.current) {
      token.current = await requestToken();
      outcome = await askQuestion(question, token.current, controller.signal, onEvent);
    }
    stopper.current = null;
    setBusy(false);
    if (outcome.kind === 'answered') return;
    if (outcome.kind === 'stopped') {
      update(answerId, () => ({ state: 'stopped' }));
      return;
    }
    if (outcome.kind === 'refused') {
      // A refused question is given back to edit.
      setTurns((all) => all.filter((t) => t.id !== answerId && t.id !== questionId));
      setDraft(message);
      setProblem(
        outcome.status === 429 && outcome.retryAfter
          ? `You're asking faster than RedChat can answer. Please try again in ${outcome.retryAfter} seconds.`
          : outcome.message,
      );
      return;
    }
    update(answerId, () => ({ state: 'failed' }));
    setProblem(CHAT_TEXT.sendFailed);
  }

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
  const greeting =
    opening.kind === 'stock'
      ? CHAT_TEXT.greeting(opening.symbol)
      : opening.kind === 'unknown'
        ? CHAT_TEXT.unknownSymbol(opening.symbol)
        : opening.kind === 'missing'
          ? CHAT_TEXT.threadMissing
          : opening.kind === 'general'
            ? CHAT_TEXT.greetingGeneral
            : null;

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
          {turns.map((turn) =>
            turn.role === 'user' ? (
              <div key={turn.id} className="flex justify-end" data-testid="chat-question">
                <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary-fill px-4 py-2 whitespace-pre-wrap text-white">
                  {turn.content}
                </p>
              </div>
            ) : (
              <div key={turn.id} className="card px-4 py-3" data-testid="chat-answer" data-state={turn.state}>
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
            ),
          )}
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
              ref={input}
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
              <button type="button" className="btn-secondary h-11" onClick={() => stopper.current?.abort()}>
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
