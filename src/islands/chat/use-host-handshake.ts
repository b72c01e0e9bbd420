/**
 * The chat frame's side of its handshake with the page that embeds it: the
 * frame says 'iframe-ready' and takes its chat token (a guest gets none)
 * only from that page, at the origin it must have. `ready` turns true once
 * a token came or none came in time; `tell` posts to that page alone.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { readHostMessage, type FrameMessage } from '../../lib/chat-protocol.ts';

/** How long a frame waits for the page's token before it goes on as a guest. */
const HANDSHAKE_MS = 3000;

export interface Host {
  ready: boolean;
  /** The chat token: it lives here only, never in storage, never on `window`. */
  token: { current: string | null };
  tell: (message: FrameMessage) => void;
  /** Asks the page for a new token and keeps it (null when none comes in time). */
  renewToken: () => Promise<void>;
}

export function useHostHandshake(hostOrigin: string | null): Host {
  const [ready, setReady] = useState(false);
  const token = useRef<string | null>(null);
  const tokenWaiters = useRef<((token: string | null) => void)[]>([]);

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

  const renewToken = async () => {
    token.current = await requestToken();
  };

  return { ready, token, tell, renewToken };
}
