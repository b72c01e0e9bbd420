/**
 * Asking RedChat through the API: the stream, who may ask and follow up,
 * and the limits (message length, questions per minute per reader and per
 * address with Retry-After, saved threads per reader), each refusing before
 * any answer starts and losing nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, CHAT_TEXT } from '../../../../src/lib/chat.ts';
import { chatMessages, chatThreads } from '../../../../src/server/schema.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { ask } from '../../../helpers/chat.ts';

let t: TestApp;
let ada: Record<string, string>;
let grace: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    seedCompanies: 40,
    env: {
      CHAT_MESSAGES_PER_MINUTE_PER_USER: '5',
      CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: '6',
      CHAT_THREADS_PER_USER: '3',
    },
  });
  ada = bearer(await verifiedUser(t, 'ada.asks@example.com'));
  grace = bearer(await verifiedUser(t, 'grace.asks@example.com'));
});
afterAll(() => t.close());

const from = (address: string, headers: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': address, ...headers },
});

const threadsOf = async (threadId: string) =>
  t.database.db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId));

describe('asking', () => {
  it('streams Server-Sent Events that end with done, and keeps both turns', async () => {
    const a = await ask(t, 'how are small caps doing today?', from('10.1.0.1', ada));
    expect(a.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(a.events[0]!.event).toBe('thread');
    expect(a.events.at(-1)!.event).toBe('done');
    const stored = await threadsOf(a.threadId!);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[1]!.content).toBe(a.text.trim());
    expect(stored[1]!.citations).toEqual(a.citations);
  });

  it('lets a guest ask and follow up, without a history, and keeps guest threads apart from readers', async () => {
    const first = await ask(t, 'upcoming webinars', from('10.1.0.2'));
    expect(first.status).toBe(200);
    const again = await ask(t, 'and the latest news?', { threadId: first.threadId!, ...from('10.1.0.2') });
    expect(again.status).toBe(200);
    expect(await threadsOf(first.threadId!)).toHaveLength(4);
    // A signed-in reader cannot write into a guest's thread, nor a guest into a reader's.
    const intruder = await ask(t, 'hello', { threadId: first.threadId!, ...from('10.1.0.3', grace) });
    expect(intruder.status).toBe(404);
    expect(intruder.error).toEqual({ message: CHAT_TEXT.threadMissing });
  });

  it('treats another reader’s thread as missing', async () => {
    const mine = await ask(t, 'top gainers today', from('10.1.0.4', ada));
    const theirs = await ask(t, 'and losers?', { threadId: mine.threadId!, ...from('10.1.0.5', grace) });
    expect(theirs.status).toBe(404);
    const guest = await ask(t, 'and losers?', { threadId: mine.threadId!, ...from('10.1.0.6') });
    expect(guest.status).toBe(404);
    expect(await threadsOf(mine.threadId!)).toHaveLength(2);
  });

  it('refuses an empty, overlong or malformed question with 400 and stores nothing', async () => {
    const stored = async () => Number((await t.database.db.select({ n: count() }).from(chatMessages))[0]!.n);
    const before = await stored();
    const tooLong = await ask(t, 'x'.repeat(CHAT_MESSAGE_MAX + 1), from('10.1.0.7'));
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toContain(CHAT_TEXT.tooLong(CHAT_MESSAGE_MAX));
    expect((await ask(t, '   ', from('10.1.0.7'))).status).toBe(400);
    expect((await ask(t, 'hi', { threadId: 'not-a-thread', ...from('10.1.0.7') })).status).toBe(400);
    expect((await ask(t, 'price\u0000of AA', from('10.1.0.7'))).status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('refuses a chat token that no longer holds with 401, so the frame asks for a new one', async () => {
    const refused = await ask(t, 'hi', from('10.1.0.8', { authorization: 'Bearer not.a.token' }));
    expect(refused.status).toBe(401);
  });
});

describe('limits', () => {
  it('allows so many questions per minute per reader, then answers 429 with Retry-After', async () => {
    const reader = bearer(await verifiedUser(t, 'fast.asker@example.com'));
    const first = await ask(t, 'top gainers today', from('10.2.0.1', reader));
    const statuses = [first.status];
    // Follow-ups from other addresses: the reader's own limit is what refuses.
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await ask(t, 'and losers?', { threadId: first.threadId!, ...from(`10.2.1.${i}`, reader) })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await ask(t, 'and losers?', { threadId: first.threadId!, ...from('10.2.2.1', reader) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.error?.message).toBe('Too many requests. Please try again later.');
  });

  it('allows so many questions per minute per address, guests included', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask(t, 'upcoming webinars', from('10.3.0.1'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('keeps so many saved threads per reader, and says how to make room', async () => {
    const reader = bearer(await verifiedUser(t, 'many.threads@example.com'));
    for (let i = 0; i < 3; i++) expect((await ask(t, `question ${i}`, from(`10.4.0.${i}`, reader))).status).toBe(200);
    const fourth = await ask(t, 'one more', from('10.4.0.9', reader));
    expect(fourth.status).toBe(409);
    expect(fourth.error).toEqual({ message: CHAT_TEXT.threadLimit(3) });
    // A follow-up in a kept thread is still welcome.
    const [thread] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.title, 'question 0'));
    expect((await ask(t, 'and then?', { threadId: thread!.id, ...from('10.4.0.10', reader) })).status).toBe(200);
  });
});
