/**
 * RedChat's reads on the data layer: the chat history's first page (its load-failed panel and
 * Try again, an empty history, a malformed answer, a rename that fails and goes back) and a
 * shared conversation (a failed read told from a link that does not work).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TEXT } from '../../../src/lib/chat.ts';
import type { ChatHistoryRecord } from '../../../src/lib/content-records.ts';
import { Refused, reset, routes } from '../alerts/fake-api.ts';

vi.mock('../../../src/islands/api-client.ts', async () => (await import('../alerts/fake-api.ts')).fakeClient);

const { default: ChatHistory } = await import('../../../src/islands/chat/ChatHistory.tsx');
const { default: SharedChat } = await import('../../../src/islands/chat/SharedChat.tsx');

const settle = () => act(async () => {});
const HISTORY = 'GET redchat/api/chat/chat/history';
const thread: ChatHistoryRecord = {
  thread_id: 't-1',
  symbol: 'ACME',
  company_name: 'Acme Corp',
  chat_title: 'Analysts on Acme',
  created_at: '2026-12-01T12:00:00.000Z',
};
const chatHistory = () => (
  <ChatHistory current={null} refresh={0} onSelect={() => undefined} onDeleted={() => undefined} />
);

beforeEach(reset);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the chat history', () => {
  it('shows the load-failed panel when the history does not load, and the threads after Try again', async () => {
    routes.set(HISTORY, () => {
      throw new Refused(500, 'Down');
    });
    render(chatHistory());
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(CHAT_TEXT.historyFailed);
    expect(screen.queryByTestId('chat-history-empty')).toBeNull();
    expect(screen.queryByTestId('chat-history-more')).toBeNull();

    routes.set(HISTORY, () => ({ data: [thread] }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('chat-history-title').textContent).toBe('Analysts on Acme');
    // Fewer than a page: there are no more.
    expect(screen.queryByTestId('chat-history-more')).toBeNull();
  });

  it('takes an answer that is not a list for a failure, and says when there is no history', async () => {
    routes.set(HISTORY, () => ({ data: 'nothing' }));
    render(chatHistory());
    expect(screen.getByTestId('chat-history-more').textContent).toBe(CHAT_TEXT.loadingMore);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(CHAT_TEXT.historyFailed);

    routes.set(HISTORY, () => ({ data: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByTestId('chat-history-empty').textContent).toBe(CHAT_TEXT.noHistory);
  });

  it('shows a new title at once and puts the old one back when the rename fails', async () => {
    routes.set(HISTORY, () => ({ data: [thread] }));
    let refuse: (() => void) | null = null;
    routes.set(
      'POST redchat/api/chat/chat/history/t-1/title',
      () =>
        new Promise((_, reject) => {
          refuse = () => reject(new Refused(500, 'Down'));
        }),
    );
    render(chatHistory());
    await settle();
    fireEvent.click(screen.getByTestId('chat-title-edit'));
    fireEvent.change(screen.getByTestId('chat-title-input'), { target: { value: 'Acme’s targets' } });
    fireEvent.keyDown(screen.getByTestId('chat-title-input'), { key: 'Enter' });
    await settle();
    expect(screen.getByTestId('chat-history-title').textContent).toBe('Acme’s targets');

    await act(async () => refuse!());
    expect(screen.getByTestId('chat-history-title').textContent).toBe('Analysts on Acme');
    expect(screen.getByTestId('chat-title-error').textContent).toBe(CHAT_TEXT.titleFailed);
  });
});

describe('a shared conversation', () => {
  const shared = {
    symbol: 'ACME',
    company_name: 'Acme Corp',
    chat_title: 'What analysts think',
    created_at: '2026-12-01T12:00:00.000Z',
    messages: [{ role: 'user', content: 'What do analysts say?', citations: [], notice: null, created_at: '' }],
  };
  const answer = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status });

  beforeEach(() => history.replaceState(null, '', '/redchat/shared/abc123'));

  it('shows the load-failed panel when it does not load, and the conversation after Try again', async () => {
    const fetch = vi.fn(async () => answer(500));
    vi.stubGlobal('fetch', fetch);
    render(<SharedChat />);
    await settle();
    const card = within(screen.getByTestId('shared-chat-missing'));
    expect(card.getByRole('alert').textContent).toBe(CHAT_TEXT.sharedFailed);

    fetch.mockImplementation(async () => answer(200, { data: shared }));
    fireEvent.click(card.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByTestId('shared-chat').textContent).toContain('What do analysts say?');
    expect(document.title).toBe('What analysts think | RedChat');
    expect(fetch).toHaveBeenCalledWith('/api/redchat/shared/abc123', { credentials: 'omit' });
  });

  it('says a link that does not work is not shared, without a Try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404)),
    );
    render(<SharedChat />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(CHAT_TEXT.sharedMissing);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
