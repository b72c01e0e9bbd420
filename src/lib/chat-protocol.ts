/**
 * How RedChat's pieces talk: the messages the chat frame and the page that
 * embeds it exchange (docs/product.md §13.6: 'iframe-ready', 'navigated', 'thread_id',
 * and the token the page hands to the frame), and the events an answer
 * streams in (Server-Sent Events). Readers check every message's shape; the
 * origin of a message is checked where it arrives.
 */
import type { ChatCitation } from './content-records.ts';

/** The frame says it is listening; the page answers with a token. */
export interface FrameReady {
  type: 'iframe-ready';
}
/** The conversation turned to a stock (docs/product.md §13.6). */
export interface FrameNavigated {
  type: 'navigated';
  stock: string;
  name: string;
}
/** The conversation has a saved thread (it was created, or one was loaded). */
export interface FrameThread {
  type: 'thread_id';
  thread_id: string;
}
export type FrameMessage = FrameReady | FrameNavigated | FrameThread;

/** The page's answer to 'iframe-ready': a short-lived chat token, or null for a guest. */
export interface HostToken {
  type: 'token';
  token: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isShortText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** A message from the frame, or null for anything else (other scripts post messages too). */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case 'iframe-ready':
      return { type: 'iframe-ready' };
    case 'navigated':
      return isShortText(data.stock, 12) && isShortText(data.name, 200)
        ? { type: 'navigated', stock: data.stock, name: data.name }
        : null;
    case 'thread_id':
      return isShortText(data.thread_id, 64) ? { type: 'thread_id', thread_id: data.thread_id } : null;
    default:
      return null;
  }
}

/** The page's token message, or null for anything else. */
export function readHostMessage(data: unknown): HostToken | null {
  if (!isRecord(data) || data.type !== 'token') return null;
  if (data.token === null) return { type: 'token', token: null };
  return isShortText(data.token, 4096) ? { type: 'token', token: data.token } : null;
}

/** The events of a streamed answer, in the order they may come. */
export interface AnswerEvents {
  /** The conversation's thread (created by this question, or the one it continues). */
  thread: { thread_id: string | null; title: string };
  /** The answer is about this stock: the page shows it and offers its company page. */
  subject: { symbol: string; name: string };
  /** A sentence for the reader above the answer. */
  notice: { text: string };
  /** The next piece of the answer's text. */
  delta: { text: string };
  /** Forget the text so far: another engine answers instead. */
  reset: Record<string, never>;
  /** The answer's sources; `[n]` in the text is the n-th. */
  citations: { citations: ChatCitation[] };
  /** The answer is complete (and kept, for a saved thread). */
  done: { message_id: number | null };
  /** The answer failed part-way. */
  error: { message: string };
}
export type AnswerEventName = keyof AnswerEvents;
export type AnswerEvent = { [K in AnswerEventName]: { event: K; data: AnswerEvents[K] } }[AnswerEventName];

const EVENT_NAMES = new Set<string>([
  'thread',
  'subject',
  'notice',
  'delta',
  'reset',
  'citations',
  'done',
  'error',
] satisfies AnswerEventName[]);

/**
 * Reads Server-Sent Events from chunks of text as they arrive: `push` takes
 * the next chunk and gives back the events it completed (an event may span
 * chunks). Unknown events and malformed data are skipped.
 */
export function createAnswerEventReader(): { push(chunk: string): AnswerEvent[] } {
  let buffer = '';
  return {
    push(chunk) {
      buffer += chunk.replace(/\r\n?/g, '\n');
      const events: AnswerEvent[] = [];
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (!EVENT_NAMES.has(name) || data.length === 0) continue;
        try {
          events.push({ event: name, data: JSON.parse(data.join('\n')) } as AnswerEvent);
        } catch {
          // A malformed event is skipped; the ones around it still count.
        }
      }
      return events;
    },
  };
}
