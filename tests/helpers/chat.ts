/** Asking RedChat through the API and reading the streamed answer. */
import { createAnswerEventReader, type AnswerEvent } from '../../src/lib/chat-protocol.ts';
import type { ChatCitation } from '../../src/lib/content-records.ts';
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
