/** Asking RedChat, through the API or its built-in engine at a fixed instant, and reading the answer. */
import { createAnswerEventReader, type AnswerEvent } from '../../src/lib/chat-protocol.ts';
import type { ChatCitation } from '../../src/lib/content-records.ts';
import { createBuiltinEngine } from '../../src/server/features/chat/answer/builtin.ts';
import { researchContext } from '../../src/server/features/chat/answer/context.ts';
import type { AnswerSink } from '../../src/server/features/chat/answer/engine.ts';
import type { TestApp } from './app.ts';

export interface StreamedAnswer {
  status: number;
  /** The JSON error body of a refused question. */
  error: { message: string } | null;
  headers: Headers;
  events: AnswerEvent[];
  /** The answer's text as the reader ends up seeing it (after any reset). */
  text: string;
  citations: ChatCitation[];
  threadId: string | null;
  subject: { symbol: string; name: string } | null;
  notice: string | null;
}

/** Reads an answer stream into its parts. */
export async function readAnswer(response: Response): Promise<StreamedAnswer> {
  const answer: StreamedAnswer = {
    status: response.status,
    error: null,
    headers: response.headers,
    events: [],
    text: '',
    citations: [],
    threadId: null,
    subject: null,
    notice: null,
  };
  if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    answer.error = (await response.json().catch(() => null)) as { message: string } | null;
    return answer;
  }
  const reader = createAnswerEventReader();
  const decoder = new TextDecoder();
  for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>) {
    answer.events.push(...reader.push(decoder.decode(chunk, { stream: true })));
  }
  for (const e of answer.events) {
    if (e.event === 'delta') answer.text += e.data.text;
    else if (e.event === 'reset') answer.text = '';
    else if (e.event === 'citations') answer.citations = e.data.citations;
    else if (e.event === 'thread') answer.threadId = e.data.thread_id;
    else if (e.event === 'subject') answer.subject = e.data;
    else if (e.event === 'notice') answer.notice = e.data.text;
  }
  return answer;
}

export interface AskOptions {
  threadId?: string;
  symbol?: string;
  headers?: Record<string, string>;
}

/** Asks a question through the in-process API. */
export async function ask(t: TestApp, message: string, options: AskOptions = {}): Promise<StreamedAnswer> {
  const response = await t.app.request('/api/redchat/api/chat/chat/messages', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...options.headers,
    },
    body: JSON.stringify({ message, thread_id: options.threadId, symbol: options.symbol }),
  });
  return readAnswer(response);
}

/** A sink that keeps the text and gives each address one number, as the conversation's does. */
export function answerRecorder() {
  const citations: ChatCitation[] = [];
  let text = '';
  const sink: AnswerSink = {
    text: (delta) => void (text += delta),
    cite(citation) {
      const at = citations.findIndex((c) => c.href === citation.href);
      if (at >= 0) return at + 1;
      return citations.push(citation);
    },
    subject: () => {},
    notice: () => {},
    reset: () => {},
    get written() {
      return text.length > 0;
    },
  };
  return { sink, citations, text: () => text };
}

export interface BuiltinAskOptions {
  /** The instant the question is asked at (the system clock's when not given). */
  now?: Date;
  /** The stock the chat is about. */
  subject?: string | null;
  /** The signed-in reader asking. */
  userId?: number | null;
}

/** Asks the built-in engine directly, at a given instant. */
export async function askBuiltin(t: TestApp, question: string, options: BuiltinAskOptions = {}) {
  const research = await researchContext(t.database.db, t.snapshots, options.userId ?? null, options.now);
  const r = answerRecorder();
  await createBuiltinEngine().answer(
    { question, history: [], subject: options.subject ?? null, research, signal: new AbortController().signal },
    r.sink,
  );
  return { text: r.text(), citations: r.citations };
}
