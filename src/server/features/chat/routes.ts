/**
 * /api/redchat: the chat history calls at the spec's paths (001 §7) — the
 * signed-in user's threads a page at a time, renaming one — reading or
 * deleting a thread, and sharing one read-only by link.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CHAT_HISTORY_PAGE_SIZE, CHAT_TITLE_MAX } from '../../../lib/chat.ts';
import { createRouter } from '../../platform/http/context.ts';
import { queryInteger, textField } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent, notFoundResponse, unauthorizedResponse } from '../../platform/http/schemas.ts';
import type { Context } from 'hono';
import { unauthorized } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { bearerToken, requireUser } from '../accounts/index.ts';
import { CHAT_TOKEN_SECONDS, chatTokenUser, mintChatToken } from './chat-token.ts';
import { chatHistory, deleteThread, renameThread, threadWithMessages } from './history.ts';
import { revokeShares, sharePath, sharedThread, shareThread } from './sharing.ts';

const HISTORY = '/api/chat/chat/history';

const HistoryItem = z
  .object({
    thread_id: z.string(),
    symbol: z.string().nullable(),
    company_name: z.string().nullable(),
    chat_title: z.string(),
    created_at: z.string(),
  })
  .openapi('ChatHistoryItem');

const threadParam = z.object({ threadId: z.uuid({ message: 'threadId is not a chat thread id' }) });

const historyRoute = createRoute({
  method: 'get',
  path: HISTORY,
  tags: ['RedChat'],
  summary: 'The signed-in user’s chat threads, most recently active first, a page at a time',
  request: {
    query: z.object({
      page: queryInteger(1, 100_000).default(1),
      limit: queryInteger(1, 100).default(CHAT_HISTORY_PAGE_SIZE),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(HistoryItem) }), 'Threads'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

const titleRoute = createRoute({
  method: 'post',
  path: `${HISTORY}/{threadId}/title`,
  tags: ['RedChat'],
  summary: 'Renames a thread',
  request: {
    params: threadParam,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.strictObject({
            title: textField(CHAT_TITLE_MAX, {
              required: 'title is required',
              min: 1,
              minMessage: 'title is required',
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: jsonContent(z.object({ title: z.string() }), 'The new title'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

const Message = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(z.object({ label: z.string(), href: z.string() })),
  created_at: z.string(),
});

/** A call on one of the asker's threads, named in the path (anyone else's answers 404). */
const threadCall = <T extends z.ZodType>(
  method: 'get' | 'post' | 'delete',
  suffix: string,
  summary: string,
  answer: T,
  description: string,
) =>
  createRoute({
    method,
    path: `${HISTORY}/{threadId}${suffix}`,
    tags: ['RedChat'],
    summary,
    request: { params: threadParam },
    responses: {
      200: jsonContent(answer, description),
      ...errorResponses,
      ...notFoundResponse,
      ...unauthorizedResponse,
    },
  });

const Done = z.object({ success: z.literal(true) });

const threadRoute = threadCall(
  'get',
  '',
  'A thread with its messages, oldest first',
  z.object({ data: HistoryItem.extend({ messages: z.array(Message) }) }),
  'Thread',
);
const deleteRoute = threadCall('delete', '', 'Deletes a thread and its messages', Done, 'Deleted');
const shareRoute = threadCall(
  'post',
  '/share',
  'A read-only link to a thread (a new link ends the earlier one)',
  z.object({ url: z.string(), path: z.string() }),
  'The link',
);
const revokeRoute = threadCall('delete', '/share', 'Ends every share link of a thread', Done, 'Revoked');

const sharedRoute = createRoute({
  method: 'get',
  path: '/shared/{token}',
  tags: ['RedChat'],
  summary: 'The conversation behind a live share link (no sign-in needed)',
  request: {
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a share link') }),
  },
  responses: {
    200: jsonContent(
      z.object({ data: HistoryItem.omit({ thread_id: true }).extend({ messages: z.array(Message) }) }),
      'Shared thread',
    ),
    ...errorResponses,
    ...notFoundResponse,
  },
});

const tokenRoute = createRoute({
  method: 'post',
  path: '/token',
  tags: ['RedChat'],
  summary: 'A short-lived token for the chat calls, which the chat page hands to its frame',
  responses: {
    200: jsonContent(z.object({ token: z.string(), expires_in: z.number() }), 'The token and its lifetime in seconds'),
    ...unauthorizedResponse,
  },
});

/**
 * Who is asking: the signed-in user, or the user a chat token speaks for
 * (the frame's calls carry it as a bearer token).
 */
async function chatUserId(c: Context<AppEnv>): Promise<number> {
  if (c.var.user) return c.var.user.id;
  const token = bearerToken(c);
  const userId = token ? await chatTokenUser(c.var.db, token) : null;
  if (userId === null) throw unauthorized();
  return userId;
}

export const chatRoutes = createRouter()
  .openapi(tokenRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ token: await mintChatToken(c.var.db, user.id), expires_in: CHAT_TOKEN_SECONDS }, 200);
  })
  .openapi(historyRoute, async (c) => {
    return c.json({ data: await chatHistory(c.var.db, await chatUserId(c), c.req.valid('query')) }, 200);
  })
  .openapi(titleRoute, async (c) => {
    const title = await renameThread(
      c.var.db,
      await chatUserId(c),
      c.req.valid('param').threadId,
      c.req.valid('json').title,
    );
    return c.json({ title }, 200);
  })
  .openapi(threadRoute, async (c) => {
    return c.json(
      { data: await threadWithMessages(c.var.db, await chatUserId(c), c.req.valid('param').threadId) },
      200,
    );
  })
  .openapi(shareRoute, async (c) => {
    const path = sharePath(await shareThread(c.var.db, await chatUserId(c), c.req.valid('param').threadId));
    return c.json({ url: `${c.var.config.siteUrl}${path}`, path }, 200);
  })
  .openapi(revokeRoute, async (c) => {
    await revokeShares(c.var.db, await chatUserId(c), c.req.valid('param').threadId);
    return c.json({ success: true as const }, 200);
  })
  .openapi(sharedRoute, async (c) => c.json({ data: await sharedThread(c.var.db, c.req.valid('param').token) }, 200))
  .openapi(deleteRoute, async (c) => {
    await deleteThread(c.var.db, await chatUserId(c), c.req.valid('param').threadId);
    return c.json({ success: true as const }, 200);
  });
