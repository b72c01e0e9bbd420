import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteStaleGuestThreads, GUEST_THREAD_DAYS } from '../../../../src/server/features/chat/conversation.ts';
import { readMeta } from '../../../../src/server/platform/meta.ts';
import { chatMessages, chatThreads, users } from '../../../../src/server/schema.ts';
import { bearer, GOOD_PASSWORD, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { ask } from '../../../helpers/chat.ts';

let t: TestApp;
let ada: Record<string, string>;
let grace: Record<string, string>;
const adaThreads: string[] = [];

const HISTORY = '/api/redchat/api/chat/chat/history';

beforeAll(async () => {
  t = await createTestApp();
  ada = bearer(await verifiedUser(t, 'ada.chat@example.com'));
  grace = bearer(await verifiedUser(t, 'grace.chat@example.com'));
  const [user] = await t.database.db.select().from(users).where(eq(users.email, 'ada.chat@example.com'));
  // Twenty threads, the newest last: thread 19 is the most recently active.
  for (let i = 0; i < 20; i++) {
    const id = randomUUID();
    adaThreads.push(id);
    await t.database.db.insert(chatThreads).values({
      id,
      userId: user!.id,
      symbol: i % 2 ? 'ACME' : null,
      companyName: i % 2 ? 'Acme Corp' : null,
      title: `Question ${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 12, i)),
      updatedAt: new Date(Date.UTC(2026, 10, 1, 12, i)),
    });
  }
  await t.database.db.insert(chatMessages).values([
    { threadId: adaThreads[19]!, role: 'user', content: 'What is the price of ACME?' },
    {
      threadId: adaThreads[19]!,
      role: 'assistant',
      content: 'ACME last traded at $2.10.',
      citations: [{ label: 'ACME market data', href: '/stocks/ACME/marketdata' }],
    },
  ]);
});
afterAll(() => t.close());

type History = {
  data: { thread_id: string; chat_title: string; symbol: string | null; company_name: string | null }[];
};

describe('chat history', () => {
  it('pages the user’s threads by 18, most recently active first', async () => {
    const first = await t.call('GET', `${HISTORY}?page=1&limit=18`, { headers: ada });
    expect(first.status).toBe(200);
    const page1 = (first.body as History).data;
    expect(page1).toHaveLength(18);
    expect(page1[0]).toMatchObject({
      thread_id: adaThreads[19],
      chat_title: 'Question 19',
      symbol: 'ACME',
      company_name: 'Acme Corp',
    });
    const page2 = ((await t.call('GET', `${HISTORY}?page=2`, { headers: ada })).body as History).data;
    expect(page2.map((h) => h.chat_title)).toEqual(['Question 1', 'Question 0']);
    expect(((await t.call('GET', `${HISTORY}?page=3`, { headers: ada })).body as History).data).toEqual([]);
    // Someone else's history is their own: empty here.
    expect(((await t.call('GET', HISTORY, { headers: grace })).body as History).data).toEqual([]);
  });

  it('needs a signed-in user and refuses bad paging', async () => {
    expect((await t.call('GET', HISTORY)).status).toBe(401);
    for (const query of ['?page=0', '?limit=0', '?limit=1000', '?page=x'])
      expect((await t.call('GET', `${HISTORY}${query}`, { headers: ada })).status).toBe(400);
  });

  it('renames a thread, refusing empty or overlong titles', async () => {
    const id = adaThreads[5]!;
    const renamed = await t.call('POST', `${HISTORY}/${id}/title`, {
      json: { title: '  ACME outlook  ' },
      headers: ada,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ title: 'ACME outlook' });
    for (const title of ['', '   ', 'x'.repeat(201)])
      expect((await t.call('POST', `${HISTORY}/${id}/title`, { json: { title }, headers: ada })).status).toBe(400);
    expect((await t.call('POST', `${HISTORY}/not-a-thread/title`, { json: { title: 'x' }, headers: ada })).status).toBe(
      400,
    );
    const [row] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, id));
    expect(row!.title).toBe('ACME outlook');
  });

  it('reads a thread with its messages and their sources', async () => {
    const answer = await t.call('GET', `${HISTORY}/${adaThreads[19]}`, { headers: ada });
    expect(answer.status).toBe(200);
    const { data } = answer.body as { data: { messages: { role: string; content: string; citations: unknown[] }[] } };
    expect(data.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(data.messages[1]!.citations).toEqual([{ label: 'ACME market data', href: '/stocks/ACME/marketdata' }]);
  });

  it('treats another user’s thread as missing: no reading, renaming or deleting it', async () => {
    const id = adaThreads[7]!;
    expect((await t.call('GET', `${HISTORY}/${id}`, { headers: grace })).status).toBe(404);
    expect((await t.call('POST', `${HISTORY}/${id}/title`, { json: { title: 'mine' }, headers: grace })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `${HISTORY}/${id}`, { headers: grace })).status).toBe(404);
    const [row] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, id));
    expect(row!.title).toBe('Question 7');
  });

  it('deletes a thread with its messages', async () => {
    const id = adaThreads[19]!;
    expect((await t.call('DELETE', `${HISTORY}/${id}`, { headers: ada })).status).toBe(200);
    expect((await t.call('GET', `${HISTORY}/${id}`, { headers: ada })).status).toBe(404);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.threadId, id))).toEqual([]);
    expect((await t.call('DELETE', `${HISTORY}/${id}`, { headers: ada })).status).toBe(404);
  });
});

describe('sharing a thread', () => {
  it('gives a link anyone can read signed out, which stops working when revoked or replaced', async () => {
    const id = adaThreads[3]!;
    await t.database.db.insert(chatMessages).values([
      { threadId: id, role: 'user', content: 'Who holds ACME?' },
      {
        threadId: id,
        role: 'assistant',
        content: 'Institutions hold 41%.',
        citations: [{ label: 'Holders', href: '/stocks/ACME/marketdata' }],
      },
    ]);
    const shared = await t.call('POST', `${HISTORY}/${id}/share`, { headers: ada });
    expect(shared.status).toBe(200);
    const { path, url } = shared.body as { path: string; url: string };
    expect(path).toMatch(/^\/redchat\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(url.endsWith(path)).toBe(true);
    const token = path.split('/').pop()!;

    const read = await t.call('GET', `/api/redchat/shared/${token}`);
    expect(read.status).toBe(200);
    const { data } = read.body as { data: Record<string, unknown> & { messages: { content: string }[] } };
    expect(data.chat_title).toBe('Question 3');
    expect(data.messages.map((m) => m.content)).toEqual(['Who holds ACME?', 'Institutions hold 41%.']);
    // Nothing about the owner or the thread's private id.
    expect(JSON.stringify(data)).not.toContain(id);
    expect(JSON.stringify(data)).not.toContain('ada.chat');

    // A new link ends the old one; revoking ends all.
    const again = (await t.call('POST', `${HISTORY}/${id}/share`, { headers: ada })).body as { path: string };
    expect((await t.call('GET', `/api/redchat/shared/${token}`)).status).toBe(404);
    const second = again.path.split('/').pop()!;
    expect((await t.call('GET', `/api/redchat/shared/${second}`)).status).toBe(200);
    expect((await t.call('DELETE', `${HISTORY}/${id}/share`, { headers: grace })).status).toBe(404);
    expect((await t.call('DELETE', `${HISTORY}/${id}/share`, { headers: ada })).status).toBe(200);
    expect((await t.call('GET', `/api/redchat/shared/${second}`)).status).toBe(404);
  });

  it('shares only the owner’s threads, and refuses malformed links', async () => {
    expect((await t.call('POST', `${HISTORY}/${adaThreads[4]}/share`, { headers: grace })).status).toBe(404);
    expect((await t.call('POST', `${HISTORY}/${adaThreads[4]}/share`)).status).toBe(401);
    expect((await t.call('GET', '/api/redchat/shared/short')).status).toBe(400);
    expect((await t.call('GET', `/api/redchat/shared/${'A'.repeat(43)}`)).status).toBe(404);
  });
});

describe('the chat token the page hands to its frame', () => {
  const mint = async (headers: Record<string, string>) =>
    ((await t.call('POST', '/api/redchat/token', { headers })).body as { token: string; expires_in: number }).token;

  it('is minted for signed-in users only and opens the chat calls of that user alone', async () => {
    expect((await t.call('POST', '/api/redchat/token')).status).toBe(401);
    const minted = await t.call('POST', '/api/redchat/token', { headers: ada });
    expect(minted.status).toBe(200);
    expect(minted.headers.get('cache-control')).toBe('no-store');
    expect((minted.body as { expires_in: number }).expires_in).toBe(600);
    const frame = { authorization: `Bearer ${(minted.body as { token: string }).token}` };
    const history = await t.call('GET', HISTORY, { headers: frame });
    expect(history.status).toBe(200);
    expect((history.body as History).data.length).toBeGreaterThan(0);
    // Scoped to chat: it is not a session anywhere else.
    expect((await t.call('GET', '/api/auth/me', { headers: frame })).status).toBe(401);
    expect((await t.call('GET', '/api/stock/favorites', { headers: frame })).status).toBe(401);
    // Grace's token sees Grace's (empty) history.
    const graceFrame = { authorization: `Bearer ${await mint(grace)}` };
    expect(((await t.call('GET', HISTORY, { headers: graceFrame })).body as History).data).toEqual([]);
  });

  it('gets answers no cache may keep: the history, a thread, and a shared thread', async () => {
    const frame = { authorization: `Bearer ${await mint(ada)}` };
    const shared = (await t.call('POST', `${HISTORY}/${adaThreads[7]}/share`, { headers: frame })).body as {
      path: string;
    };
    for (const path of [
      HISTORY,
      `${HISTORY}/${adaThreads[7]}`,
      `/api/redchat/shared/${shared.path.split('/').pop()}`,
    ]) {
      const answer = await t.call('GET', path, { headers: frame });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
    // A share link read signed out ends when revoked: not kept either.
    const signedOut = await t.call('GET', `/api/redchat/shared/${shared.path.split('/').pop()}`);
    expect(signedOut.headers.get('cache-control')).toBe('no-store');
  });

  it('is refused when altered, expired or signed by anyone else', async () => {
    const token = await mint(ada);
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url')}.${signature}`;
    const key = Buffer.from((await readMeta<string>(t.database.db, 'chat_token_key'))!, 'base64url');
    const expired = await new SignJWT({ scope: 'chat' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub as string)
      .setAudience('redchat')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 600)
      .sign(key);
    const stranger = await new SignJWT({ scope: 'chat' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub as string)
      .setAudience('redchat')
      .setExpirationTime('10m')
      .sign(new Uint8Array(32));
    for (const bad of [forged, expired, stranger, 'not-a-token'])
      expect((await t.call('GET', HISTORY, { headers: { authorization: `Bearer ${bad}` } })).status).toBe(401);
  });
});

describe('a chat token and the session it was minted in', () => {
  const mintFor = async (session: Record<string, string>) => ({
    authorization: `Bearer ${((await t.call('POST', '/api/redchat/token', { headers: session })).body as { token: string }).token}`,
  });

  it('reads no more history once that session is signed out, while another session’s token still does', async () => {
    const email = 'logout.chat@example.com';
    const session = bearer(await verifiedUser(t, email));
    const other = bearer(
      (
        (await t.call('POST', '/api/auth/login', { json: { email, password: GOOD_PASSWORD } })).body as {
          token: string;
        }
      ).token,
    );
    const frame = await mintFor(session);
    const otherFrame = await mintFor(other);
    expect((await t.call('GET', HISTORY, { headers: frame })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { headers: session })).status).toBe(200);
    const refused = await t.call('GET', HISTORY, { headers: frame });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'The chat token expired. Please try again.' });
    expect((await t.call('GET', HISTORY, { headers: otherFrame })).status).toBe(200);
  });

  it('is refused with 401, not an error, once the account is deleted', async () => {
    const session = bearer(await verifiedUser(t, 'deleted.chat@example.com'));
    const frame = await mintFor(session);
    expect((await t.call('DELETE', '/api/auth/delete', { headers: session })).status).toBe(200);
    const asked = await ask(t, 'What is the price of ACME?', { headers: frame });
    expect(asked.status).toBe(401);
    expect(asked.error).toEqual({ message: 'The chat token expired. Please try again.' });
    expect((await t.call('GET', HISTORY, { headers: frame })).status).toBe(401);
    // A guest still asks without any token.
    expect((await ask(t, 'What is the price of ACME?')).status).toBe(200);
  });
});

describe('guest conversations', () => {
  it('are deleted a week after their last question, while newer ones and signed-in users’ stay', async () => {
    const now = new Date(Date.UTC(2026, 10, 20, 12));
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const stale = randomUUID();
    const recent = randomUUID();
    const ownedOld = randomUUID();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'grace.chat@example.com'));
    await t.database.db.insert(chatThreads).values([
      { id: stale, userId: null, title: 'Old guest question', updatedAt: daysAgo(GUEST_THREAD_DAYS + 1) },
      { id: recent, userId: null, title: 'Recent guest question', updatedAt: daysAgo(GUEST_THREAD_DAYS - 1) },
      { id: ownedOld, userId: user!.id, title: 'Old question of a reader', updatedAt: daysAgo(90) },
    ]);
    await t.database.db.insert(chatMessages).values({ threadId: stale, role: 'user', content: 'Anyone there?' });

    expect(await deleteStaleGuestThreads(t.database.db, now)).toBe(1);

    const left = new Set((await t.database.db.select({ id: chatThreads.id }).from(chatThreads)).map((r) => r.id));
    expect(left.has(stale)).toBe(false);
    expect(left.has(recent)).toBe(true);
    expect(left.has(ownedOld)).toBe(true);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.threadId, stale))).toEqual([]);
  });
});
