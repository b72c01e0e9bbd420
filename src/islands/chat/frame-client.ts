/**
 * The chat frame's calls. They carry the chat token the page handed over
 * (never a cookie: the frame may live at an origin of its own), and the
 * answer is read as it streams.
 */
import { CHAT_TEXT } from '../../lib/chat.ts';
import { createAnswerEventReader, type AnswerEvent } from '../../lib/chat-protocol.ts';
import type { ChatHistoryRecord, ChatMessageRecord } from '../../lib/content-records.ts';

const HISTORY = '/api/redchat/api/chat/chat/history';

const headersOf = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

export type AskOutcome =
  | { kind: 'answered' }
  | { kind: 'refused'; status: number; message: string; retryAfter: number | null }
  | { kind: 'failed' }
  | { kind: 'stopped' };

async function messageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** Asks a question; `onEvent` gets the answer's events as they arrive. */
export async function askQuestion(
  question: { message: string; threadId: string | null; symbol: string | null },
  token: string | null,
  signal: AbortSignal,
  onEvent: (event: AnswerEvent) => void,
): Promise<AskOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/redchat/api/chat/chat/messages', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', ...headersOf(token) },
      body: JSON.stringify({
        message: question.message,
        ...(question.threadId ? { thread_id: question.threadId } : {}),
        ...(question.symbol ? { symbol: question.symbol } : {}),
      }),
      signal,
    });
  } catch {
    return signal.aborted ? { kind: 'stopped' } : { kind: 'failed' };
  }
  if (!response.ok || !response.body) {
    const retry = Number(response.headers.get('retry-after'));
    return {
      kind: 'refused',
      status: response.status,
      message: (await messageOf(response)) ?? CHAT_TEXT.sendFailed,
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
    };
  }
  const reader = createAnswerEventReader();
  const decoder = new TextDecoder();
  const stream = response.body.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      for (const event of reader.push(decoder.decode(value, { stream: true }))) {
        if (event.event === 'done' || event.event === 'error') ended = true;
        onEvent(event);
      }
    }
  } catch {
    return signal.aborted ? { kind: 'stopped' } : { kind: 'failed' };
  }
  return ended ? { kind: 'answered' } : { kind: 'failed' };
}

/** A saved conversation as the server gives it back: its record and its messages. */
export type SavedThread = ChatHistoryRecord & { messages: ChatMessageRecord[] };

export type ThreadLoad =
  { kind: 'loaded'; thread: SavedThread } | { kind: 'missing' } | { kind: 'unauthorized' } | { kind: 'failed' };

/** One of the reader's saved conversations. */
export async function loadThread(threadId: string, token: string | null): Promise<ThreadLoad> {
  try {
    const response = await fetch(`${HISTORY}/${encodeURIComponent(threadId)}`, {
      credentials: 'omit',
      headers: headersOf(token),
    });
    if (response.status === 404 || response.status === 400) return { kind: 'missing' };
    if (response.status === 401) return { kind: 'unauthorized' };
    if (!response.ok) return { kind: 'failed' };
    const body = (await response.json()) as { data: SavedThread };
    return { kind: 'loaded', thread: body.data };
  } catch {
    return { kind: 'failed' };
  }
}

/** The listed company with this ticker, or null. */
export async function findCompany(symbol: string): Promise<{ symbol: string; name: string } | null> {
  try {
    const response = await fetch(`/api/stock/search?query=${encodeURIComponent(symbol)}&type=symbol&pageSize=5`, {
      credentials: 'omit',
    });
    if (!response.ok) return null;
    const { data } = (await response.json()) as { data: { symbol: string; name: string }[] };
    return data.find((hit) => hit.symbol === symbol.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}
