/**
 * What the chat frame opens with once its handshake is done: a saved thread
 * (?thread=), a stock's greeting (?symbol=), or the general one. The page
 * that embeds the frame hears which stock and which thread it is about.
 */
import { useEffect, useState } from 'react';
import { findCompany, loadThread, type SavedThread } from './frame-client.ts';
import type { Host } from './use-host-handshake.ts';

export type Opening =
  | { kind: 'waiting' }
  | { kind: 'general' }
  | { kind: 'stock'; symbol: string; name: string }
  | { kind: 'unknown'; symbol: string }
  | { kind: 'thread'; title: string }
  | { kind: 'missing' }
  | { kind: 'failed' };

export function useOpening(
  { ready, token, tell }: Host,
  conversation: { restore: (thread: SavedThread) => void; setSubject: (symbol: string) => void },
): Opening {
  const [opening, setOpening] = useState<Opening>({ kind: 'waiting' });
  const { restore, setSubject } = conversation;

  useEffect(() => {
    if (!ready) return;
    const params = new URLSearchParams(location.search);
    const thread = params.get('thread');
    const wanted = params.get('symbol')?.trim().toUpperCase() ?? '';
    void (async () => {
      if (thread) {
        const loaded = await loadThread(thread, token.current);
        // A thread that is gone (or another reader's) is missing; one that did not come (the network, the
        // server) is not said to be gone: reloading may bring it.
        if (loaded.kind !== 'loaded') {
          setOpening({ kind: loaded.kind === 'failed' ? 'failed' : 'missing' });
          return;
        }
        const t = loaded.thread;
        restore(t);
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
        setSubject(company.symbol);
        setOpening({ kind: 'stock', symbol: company.symbol, name: company.name });
        tell({ type: 'navigated', stock: company.symbol, name: company.name });
        return;
      }
      setOpening({ kind: 'general' });
    })();
  }, [ready, token, tell, restore, setSubject]);

  return opening;
}
