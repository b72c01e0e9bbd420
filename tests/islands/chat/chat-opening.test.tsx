/**
 * What the chat frame opens with for a saved thread (?thread=): the thread itself, "no longer exists"
 * when the server says it is gone, and a could-not-load line, not "gone", when the read itself failed.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Host } from '../../../src/islands/chat/use-host-handshake.ts';
import { useOpening } from '../../../src/islands/chat/use-opening.ts';

const host = { ready: true, token: { current: null }, tell: () => undefined } as unknown as Host;
const conversation = { restore: () => undefined, setSubject: () => undefined };

async function openingFor(answer: () => Promise<Response>) {
  window.history.replaceState(null, '', '/redchat/frame?thread=t-1');
  vi.stubGlobal('fetch', vi.fn(answer));
  const { result } = renderHook(() => useOpening(host, conversation));
  await act(async () => {});
  return result.current;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the chat frame’s opening of a saved thread', () => {
  it('restores the thread the server answers', async () => {
    const thread = { thread_id: 't-1', chat_title: 'Analysts on Acme', symbol: null, company_name: null, messages: [] };
    const opening = await openingFor(async () => Response.json({ data: thread }));
    expect(opening).toEqual({ kind: 'thread', title: 'Analysts on Acme' });
  });

  it('says the conversation no longer exists when the server does not have it', async () => {
    expect(await openingFor(async () => Response.json({ message: 'gone' }, { status: 404 }))).toEqual({
      kind: 'missing',
    });
  });

  it('says it could not be loaded, not that it is gone, when the server or the network fails', async () => {
    expect(await openingFor(async () => Response.json({ message: 'down' }, { status: 503 }))).toEqual({
      kind: 'failed',
    });
    expect(
      await openingFor(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ kind: 'failed' });
  });
});
