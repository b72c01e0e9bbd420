/**
 * /api/notifications: staff broadcast a global notification (docs/product.md §18.12
 * POST /notifications/notifications); signed-in users read theirs in the
 * bell, mark them read, and choose whether announcements also come by email
 * or SMS.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { broadcastRecord, notificationRecord } from '../../../lib/console-records.ts';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATION_OBJECT_TYPES, CONSOLE_MESSAGES } from '../../../lib/console.ts';
import { createRouter } from '../../platform/http/context.ts';
import { actorOf } from '../../platform/http/editor-routes.ts';
import { MAX_ID, idParam, queryInteger, textField } from '../../platform/http/fields.ts';
import {
  apiSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffResponses,
  unauthorizedResponse,
} from '../../platform/http/schemas.ts';
import { requireUser, staffOnly } from '../accounts/index.ts';
import {
  announcementsByMessage,
  broadcast,
  broadcastHistory,
  markAllRead,
  markRead,
  notificationsOf,
  setAnnouncementsByMessage,
} from './service.ts';

const tags = ['Notifications'];

const BroadcastBody = z.strictObject({
  message: textField(500, { required: 'message is required', min: 1, minMessage: 'message is required' }),
  objectId: z
    .union([z.string(), z.number().int().nonnegative()], { message: 'objectId is required' })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'objectId is required').max(32, 'objectId is too long')),
  objectType: z.enum(NOTIFICATION_OBJECT_TYPES, {
    message: `objectType is required: one of ${NOTIFICATION_OBJECT_TYPES.join(', ')}`,
  }),
});

const broadcastRoute = createRoute({
  method: 'post',
  path: '/notifications',
  tags,
  summary: 'Broadcast a global notification to every user (staff); delivery by email or SMS follows in batches',
  request: jsonBody(BroadcastBody),
  responses: {
    201: jsonContent(
      z.object({
        message: z.string(),
        data: z.object({ id: z.number(), message: z.string(), objectType: z.string(), objectId: z.string() }),
      }),
      'Broadcast',
    ),
    ...errorResponses,
    ...staffResponses,
  },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/notifications',
  tags,
  summary: 'Broadcasts newest first, with the messages queued so far and when delivery finished (staff)',
  request: { query: z.object({ limit: queryInteger(1, 100).default(20) }) },
  responses: {
    200: jsonContent(z.object({ data: z.array(apiSchema(broadcastRecord, 'Broadcast')) }), 'Broadcasts'),
    ...errorResponses,
    ...staffResponses,
  },
});

const Notification = apiSchema(notificationRecord, 'Notification');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The signed-in user’s notifications, newest first, and how many are unread',
  request: {
    query: z.object({
      limit: queryInteger(1, 50).default(NOTIFICATIONS_PAGE_SIZE),
      before: queryInteger(1, MAX_ID).optional(),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(Notification), unread: z.number() }), 'Notifications'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

const readRoute = createRoute({
  method: 'post',
  path: '/{id}/read',
  tags,
  summary: 'Mark one notification read',
  request: { params: idParam },
  responses: { 204: { description: 'Marked' }, ...notFoundResponse, ...errorResponses, ...unauthorizedResponse },
});

const readAllRoute = createRoute({
  method: 'post',
  path: '/read-all',
  tags,
  summary: 'Mark every notification read',
  responses: { 204: { description: 'Marked' }, ...unauthorizedResponse },
});

const Settings = z.object({ announcements: z.boolean() });

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags,
  summary: 'Whether announcements also come by email or SMS (the bell shows them either way)',
  responses: { 200: jsonContent(z.object({ data: Settings }), 'Settings'), ...unauthorizedResponse },
});

const putSettingsRoute = createRoute({
  method: 'put',
  path: '/settings',
  tags,
  summary: 'Turn announcements by email or SMS on or off',
  request: jsonBody(z.strictObject({ announcements: z.boolean({ message: 'announcements must be true or false' }) })),
  responses: {
    200: jsonContent(z.object({ data: Settings, message: z.string() }), 'Saved'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

/** `onBroadcast` starts delivery at once (the delivery job's wake-up). */
export function notificationRoutes(options: { onBroadcast?: () => void } = {}) {
  const router = createRouter();
  router.use('/notifications', staffOnly);
  return router
    .openapi(broadcastRoute, async (c) => {
      const data = await broadcast(c.var.db, actorOf(c), c.req.valid('json'));
      options.onBroadcast?.();
      return c.json({ message: CONSOLE_MESSAGES.broadcast.sent, data }, 201);
    })
    .openapi(historyRoute, async (c) =>
      c.json({ data: await broadcastHistory(c.var.db, c.req.valid('query').limit) }, 200),
    )
    .openapi(listRoute, async (c) => {
      const user = requireUser(c);
      return c.json(await notificationsOf(c.var.db, user, c.req.valid('query')), 200);
    })
    .openapi(readAllRoute, async (c) => {
      await markAllRead(c.var.db, requireUser(c).id);
      return c.body(null, 204);
    })
    .openapi(readRoute, async (c) => {
      await markRead(c.var.db, requireUser(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(getSettingsRoute, async (c) =>
      c.json({ data: { announcements: await announcementsByMessage(c.var.db, requireUser(c).id) } }, 200),
    )
    .openapi(putSettingsRoute, async (c) => {
      const on = await setAnnouncementsByMessage(c.var.db, requireUser(c).id, c.req.valid('json').announcements);
      return c.json(
        {
          data: { announcements: on },
          message: on ? 'Announcements will also reach you by message.' : 'Announcements will only appear in the bell.',
        },
        200,
      );
    });
}
