/**
 * /api/redchat: asking RedChat (the answer streams as Server-Sent Events),
 * the chat history calls at the paths of docs/product.md (§18.11) — the signed-in user's
 * threads a page at a time, renaming one — reading or deleting a thread,
 * sharing one read-only by link, and the short-lived token the chat page
 * hands to its frame.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { streamSSE } from 'hono/streaming';
import { CHAT_HISTORY_PAGE_SIZE, CHAT_MESSAGE_MAX, CHAT_TEXT, CHAT_TITLE_MAX } from '../../../lib/chat.ts';
import type { AnswerEventName, AnswerEvents } from '../../../lib/chat-protocol.ts';
import { chatHistoryRecord, chatMessageRecord } from '../../../lib/content-records.ts';
import { unauthorized } from '../../platform/errors.ts';
import { setAnswerHeaders } from '../../platform/http/answer-headers.ts';
import { createRouter, type AppEnv } from '../../platform/http/context.ts';
import { queryInteger, textField, tickerSchema } from '../../platform/http/fields.ts';
import { clientIp } from '../../platform/http/request.ts';
import {
  apiSchema,
  errorResponses,
  jsonContent,
  notFoundResponse,
  unauthorizedResponse,
} from '../../platform/http/schemas.ts';
import { bearerToken, requireUser } from '../accounts/index.ts';
import type { SnapshotStore } from '../screener/index.ts';
import { researchContext } from './answer/context.ts';
import type { AnswerEngine } from './answer/engine.ts';
import { CHAT_TOKEN_SECONDS, chatTokenUser, mintChatToken } from './chat-token.ts';
import { prepareAnswer, type AnswerStream, type ChatLimits } from './conversation.ts';
import { chatHistory, deleteThread, renameThread, threadWithMessages } from './history.ts';
import { revokeShares, sharePath, sharedThread, shareThread } from './sharing.ts';

const HISTORY = '/api/chat/chat/history';

const HistoryItem = apiSchema(chatHistoryRecord, 'ChatHistoryItem');
const Message = apiSchema(chatMessageRecord, 'ChatMessage');

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

const askRoute = createRoute({
  method: 'post',
  path: '/api/chat/chat/messages',
  tags: ['RedChat'],
  summary: 'Asks RedChat; the answer streams as Server-Sent Events',
  description:
    'Guests may ask too (their conversations are not kept in a history). Events: `thread`, `subject`, `notice`, `delta` (the next piece of text), `reset` (forget the text so far), `citations` (the sources; `[n]` in the text is the n-th), `done`, `error`. A refused question (too long, too many per minute, a thread that is not the asker’s) answers an ordinary JSON error before any event.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.strictObject({
            message: textField(CHAT_MESSAGE_MAX, {
              required: 'message is required',
              min: 1,
              minMessage: 'message is required',
              maxMessage: CHAT_TEXT.tooLong(CHAT_MESSAGE_MAX),
              multiline: true,
            }),
            thread_id: z.uuid({ message: 'thread_id is not a chat thread id' }).optional(),
            symbol: tickerSchema.optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The answer, as it is written' },
    ...errorResponses,
    ...notFoundResponse,
  },
});

/**
 * Who is asking: the signed-in user, or the user a chat token speaks for
 * (the frame's calls carry it as a bearer token); null for a guest.
 */
async function askerId(c: Context<AppEnv>): Promise<number | null> {
  if (c.var.user) return c.var.user.id;
  const token = bearerToken(c);
  if (!token) return null;
  const userId = await chatTokenUser(c.var.db, token);
  // A token that no longer holds is refused, not taken as a guest: the frame asks for a new one.
  if (userId === null) throw unauthorized('The chat token expired. Please try again.');
  return userId;
}

/** The asker, who must be signed in (history, sharing). */
async function chatUserId(c: Context<AppEnv>): Promise<number> {
  const userId = await askerId(c);
  if (userId === null) throw unauthorized();
  return userId;
}

export interface ChatDeps {
  snapshots: SnapshotStore;
  engine: AnswerEngine;
  limits: ChatLimits;
  /** The clock answers are given by: which session is the latest, what 'this week' is (tests fix it). */
  now?: () => Date;
}

/**
 * Every chat answer is one asker's conversation (signed in, or through the
 * frame's token, which the session check does not see) or a share link that
 * may be revoked at any time: no cache, shared or the browser's, keeps it.
 */
const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  setAnswerHeaders(c, [['Cache-Control', 'no-store']]);
};

export function chatRoutes({ snapshots, engine, limits, now = () => new Date() }: ChatDeps) {
  const router = createRouter();
  router.use('*', noStore);
  return router
    .openapi(askRoute, async (c) => {
      const body = c.req.valid('json');
      const userId = await askerId(c);
      const research = await researchContext(c.var.db, snapshots, userId, now());
      const prepared = await prepareAnswer(
        research,
        engine,
        limits,
        { userId, address: clientIp(c) },
        { text: body.message, threadId: body.thread_id ?? null, symbol: body.symbol ?? null },
      );
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (sse) => {
        // Events go out in order; the stream ends only after the last one is written.
        let written = Promise.resolve();
        const send = <K extends AnswerEventName>(event: K, data: AnswerEvents[K]) => {
          written = written.then(() => sse.writeSSE({ event, data: JSON.stringify(data) }));
        };
        const stream: AnswerStream = {
          thread: (thread) => send('thread', thread),
          subject: (subject) => send('subject', subject),
          notice: (text) => send('notice', { text }),
          delta: (text) => send('delta', { text }),
          reset: () => send('reset', {}),
          citations: (citations) => send('citations', { citations }),
        };
        const controller = new AbortController();
        sse.onAbort(() => controller.abort());
        try {
          send('done', { message_id: await prepared.run(stream, controller.signal) });
        } catch (err) {
          c.var.logger.error({ reqId: c.var.requestId, err }, 'chat answer failed');
          send('error', { message: CHAT_TEXT.sendFailed });
        }
        await written;
      }) as unknown as Response & { _status: 200 };
    })
    .openapi(tokenRoute, async (c) => {
      const user = requireUser(c);
      const sessionId = c.var.sessionId;
      if (sessionId === undefined) throw unauthorized();
      return c.json(
        { token: await mintChatToken(c.var.db, { userId: user.id, sessionId }), expires_in: CHAT_TOKEN_SECONDS },
        200,
      );
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
}
