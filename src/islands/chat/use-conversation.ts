/**
 * The frame's conversation: the turns asked and answered, the question being
 * typed, and sending one. A question and its answer appear at once and the
 * answer is written in as it streams; a refused question is taken out again
 * and given back to edit, with the server's reason.
 */
import { useCallback, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX, CHAT_TEXT } from '../../lib/chat.ts';
import type { AnswerEvent } from '../../lib/chat-protocol.ts';
import type { ChatCitation } from '../../lib/content-records.ts';
import { askQuestion, type SavedThread } from './frame-client.ts';
import type { Host } from './use-host-handshake.ts';

export interface Turn {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  citations: ChatCitation[];
  notice: string | null;
  state: 'streaming' | 'done' | 'failed' | 'stopped';
}

let nextTurnId = 1;

/** `onAsk` hears each question as it is sent. */
export function useConversation({ ready, token, tell, renewToken }: Host, onAsk: () => void) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const threadId = useRef<string | null>(null);
  const symbol = useRef<string | null>(null);
  const stopper = useRef<AbortController | null>(null);

  const update = (id: number, change: (turn: Turn) => Partial<Turn>) =>
    setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...change(t) } : t)));

  /** A saved thread's messages, and the stock it is about, carry the conversation on. */
  const restore = useCallback((thread: SavedThread) => {
    threadId.current = thread.thread_id;
    symbol.current = thread.symbol;
    setTurns(
      thread.messages.map((m) => ({
        id: nextTurnId++,
        role: m.role,
        content: m.content,
        citations: m.citations,
        notice: m.notice,
        state: 'done',
      })),
    );
  }, []);

  /** The stock a new conversation is about. */
  const setSubject = useCallback((subject: string) => {
    symbol.current = subject;
  }, []);

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
    onAsk();
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
      await renewToken();
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

  const stop = () => stopper.current?.abort();

  return { turns, draft, setDraft, busy, problem, send, stop, restore, setSubject };
}
