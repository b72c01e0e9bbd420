/**
 * The chat page (/redchat, optional ?symbol=; docs/product.md §13.1): the chat frame beside
 * a side panel with 'New Chat', the share button (when a thread exists and a
 * stock is set), 'Start new chat with…' while a saved thread is shown,
 * 'Learn about…' for the stock, and the chat history. On small screens the
 * panel is a drawer; choosing a thread opens it and closes the drawer.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_TEXT, LINK_COPIED_MS, SHARE_LOCK_MS, chatFramePath, cutChatCompany } from '../../lib/chat.ts';
import type { ChatHistoryRecord } from '../../lib/content-records.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import { $session } from '../../stores/session.ts';
import { api } from '../api-client.ts';
import ChatHistory from './ChatHistory.tsx';
import { hostChatFrame, pageSignedIn } from './frame-host.ts';

interface Stock {
  symbol: string;
  name: string;
}

const HISTORY = 'redchat/api/chat/chat/history';

/** Native sharing where it is the phone's way (a touch screen); copying elsewhere. */
const sharesNatively = () =>
  typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches === true;

export default function ChatPage({ frameOrigin }: { frameOrigin: string | null }) {
  const session = useStore($session);
  // The stock of the address opens the first conversation (the page renders in the browser only).
  const [frame, setFrame] = useState<{ path: string; key: number }>(() => ({
    path: chatFramePath({ symbol: new URLSearchParams(location.search).get('symbol') }),
    key: 0,
  }));
  const [stock, setStock] = useState<Stock | null>(null);
  const [threadId, setThreadId] = useState<string | null>(null);
  const [fromHistory, setFromHistory] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [shareLocked, setShareLocked] = useState(false);
  const [copied, setCopied] = useState(false);
  const [shared, setShared] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const iframe = useRef<HTMLIFrameElement>(null);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const origin = frameOrigin ?? (typeof location === 'undefined' ? '' : location.origin);

  useEffect(() => {
    const element = iframe.current;
    if (!element) return;
    return hostChatFrame(element, {
      frameOrigin: origin,
      signedIn: pageSignedIn,
      onNavigated: (symbol, name) => setStock({ symbol, name }),
      onThread: (id) => {
        setThreadId((before) => {
          if (before !== id) setRefresh((n) => n + 1);
          return id;
        });
      },
    });
  }, [origin, frame.key]);

  // The drawer: Escape closes it, and the focus goes back to its button.
  useEffect(() => {
    if (!drawer) return;
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawer(false);
        drawerButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  const open = (path: string, options: { history: boolean; stock: Stock | null; thread: string | null }) => {
    setFrame((f) => ({ path, key: f.key + 1 }));
    setFromHistory(options.history);
    setStock(options.stock);
    setThreadId(options.thread);
    setShared(false);
    setDrawer(false);
  };
  const newChat = () => open(chatFramePath(), { history: false, stock: null, thread: null });
  const newChatWith = (s: Stock) =>
    open(chatFramePath({ symbol: s.symbol }), { history: false, stock: s, thread: null });
  const select = (thread: ChatHistoryRecord) =>
    open(chatFramePath({ thread: thread.thread_id }), {
      history: true,
      stock: thread.symbol && thread.company_name ? { symbol: thread.symbol, name: thread.company_name } : null,
      thread: thread.thread_id,
    });

  async function share() {
    if (!threadId || shareLocked) return;
    setShareLocked(true);
    setTimeout(() => setShareLocked(false), SHARE_LOCK_MS);
    try {
      const { url } = await api
        .post(`${HISTORY}/${encodeURIComponent(threadId)}/share`)
        .json<{ url: string; path: string }>();
      setShared(true);
      if (sharesNatively()) {
        await navigator.share({ title: stock ? `RedChat on ${stock.symbol}` : 'RedChat', url }).catch(() => {});
        return;
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), LINK_COPIED_MS);
    } catch {
      showSnackbar(CHAT_TEXT.shareFailed, 'error');
    }
  }

  async function stopSharing() {
    if (!threadId) return;
    try {
      await api.delete(`${HISTORY}/${encodeURIComponent(threadId)}/share`);
      setShared(false);
      showSnackbar('The share link no longer works.', 'success');
    } catch {
      showSnackbar('Could not stop sharing. Please try again.', 'error');
    }
  }

  const signedIn = session !== null;
  const panelContent = (
    <>
      <button type="button" className="btn-primary w-full" onClick={newChat} data-testid="chat-new">
        {CHAT_TEXT.newChat}
      </button>
      {signedIn && threadId && stock && (
        <div className="flex flex-col gap-1">
          <button
            type="button"
            className="btn-secondary w-full"
            onClick={() => void share()}
            disabled={shareLocked}
            data-testid="chat-share"
          >
            Share this chat
          </button>
          {copied && (
            <p role="status" className="text-center text-sm text-up" data-testid="chat-link-copied">
              {CHAT_TEXT.linkCopied}
            </p>
          )}
          {shared && !copied && (
            <button type="button" className="text-sm text-primary underline" onClick={() => void stopSharing()}>
              Stop sharing
            </button>
          )}
        </div>
      )}
      {fromHistory && stock && (
        <button type="button" className="btn-secondary w-full whitespace-normal" onClick={() => newChatWith(stock)}>
          {CHAT_TEXT.startWith(cutChatCompany(stock.name), stock.symbol)}
        </button>
      )}
      {stock && (
        <a
          href={`/stocks/${encodeURIComponent(stock.symbol)}`}
          className="text-sm font-semibold text-primary underline underline-offset-2"
          data-testid="chat-learn-about"
        >
          {CHAT_TEXT.learnAbout(cutChatCompany(stock.name), stock.symbol)}
        </a>
      )}
      <h2 className="mt-2 text-sm font-bold tracking-wide text-muted uppercase">{CHAT_TEXT.chatHistory}</h2>
      {signedIn ? (
        <ChatHistory
          current={threadId}
          refresh={refresh}
          onSelect={select}
          onDeleted={(id) => {
            if (id === threadId) newChat();
          }}
        />
      ) : (
        <p className="text-sm text-muted">
          {CHAT_TEXT.signInForHistory}{' '}
          <a href="/login" className="font-semibold text-primary underline">
            Sign in
          </a>
        </p>
      )}
    </>
  );

  return (
    <div className="relative flex h-[calc(100dvh-11rem)] min-h-[26rem] gap-4 sm:h-[calc(100dvh-8rem)]">
      <aside
        ref={panel}
        id="chat-panel"
        aria-label="Chats"
        className={`${drawer ? 'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] p-4 shadow-2xl' : 'hidden'} flex-col gap-3 overflow-hidden bg-surface lg:static lg:z-auto lg:flex lg:w-72 lg:shrink-0 xl:w-80 lg:rounded-xl lg:border lg:border-line lg:p-4 lg:shadow-none`}
        data-testid="chat-panel"
      >
        {drawer && (
          <button
            type="button"
            className="icon-button self-end lg:hidden"
            aria-label="Close chats"
            onClick={() => {
              setDrawer(false);
              drawerButton.current?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
              />
            </svg>
          </button>
        )}
        {panelContent}
      </aside>
      {drawer && (
        <div className="fixed inset-0 z-40 bg-black/50 lg:hidden" aria-hidden="true" onClick={() => setDrawer(false)} />
      )}
      <section className="flex min-w-0 flex-1 flex-col gap-2" aria-label="RedChat">
        <div className="flex items-center gap-2 lg:hidden">
          <button
            ref={drawerButton}
            type="button"
            className="btn-secondary"
            aria-controls="chat-panel"
            aria-expanded={drawer}
            onClick={() => setDrawer(true)}
            data-testid="chat-drawer-toggle"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
            Chats
          </button>
          {stock && (
            <span className="truncate text-sm text-muted">{`${cutChatCompany(stock.name)} - ${stock.symbol}`}</span>
          )}
        </div>
        <iframe
          key={frame.key}
          ref={iframe}
          src={`${frameOrigin ?? ''}${frame.path}`}
          title="RedChat conversation"
          className="min-h-0 w-full flex-1 rounded-xl border border-line bg-bg"
          data-testid="chat-frame"
        />
      </section>
    </div>
  );
}
