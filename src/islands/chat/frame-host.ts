/**
 * The page side of the chat frame's handshake (docs/product.md §13.6), used by the chat
 * page and by the company pages' popup: when the frame says 'iframe-ready',
 * the page asks the API for a short-lived chat token (its session cookie is
 * HttpOnly and never reaches a script) and posts it to the frame, to the
 * frame's exact origin only; a guest gets null. Messages are taken only from
 * that frame at that origin. The token is kept nowhere: it goes from the
 * answer straight into the message.
 */
import { readFrameMessage, type HostToken } from '../../lib/chat-protocol.ts';

export interface FrameHostOptions {
  /** The frame's origin (the site's own unless configured). */
  frameOrigin: string;
  /** Whether a reader is signed in (a guest gets no token). */
  signedIn: () => boolean;
  /** The conversation turned to a stock. */
  onNavigated?: (stock: string, name: string) => void;
  /** The conversation has a saved thread. */
  onThread?: (threadId: string) => void;
}

/** Mints a chat token for the signed-in reader; null when there is none to mint (signed out meanwhile). */
async function mintToken(): Promise<string | null> {
  try {
    const response = await fetch('/api/redchat/token', { method: 'POST', credentials: 'same-origin' });
    if (!response.ok) return null;
    const body = (await response.json()) as { token?: unknown };
    return typeof body.token === 'string' ? body.token : null;
  } catch {
    return null;
  }
}

/** Listens to one frame; returns the function that stops listening. */
export function hostChatFrame(frame: HTMLIFrameElement, options: FrameHostOptions): () => void {
  const onMessage = async (event: MessageEvent) => {
    // Only the frame we embedded, at the origin it must have.
    if (event.source !== frame.contentWindow || event.origin !== options.frameOrigin) return;
    const message = readFrameMessage(event.data);
    if (!message) return;
    if (message.type === 'iframe-ready') {
      const answer: HostToken = { type: 'token', token: options.signedIn() ? await mintToken() : null };
      frame.contentWindow?.postMessage(answer, options.frameOrigin);
    } else if (message.type === 'navigated') options.onNavigated?.(message.stock, message.name);
    else options.onThread?.(message.thread_id);
  };
  const listener = (event: MessageEvent) => void onMessage(event);
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/** Whether a reader is signed in, as the page's head script decided before the first paint. */
export const pageSignedIn = () => document.documentElement.dataset.auth === 'in';
