/**
 * /api/alerts, the channels' part (docs/product.md §18.15): the site's push
 * key and the reader's devices, and the stop links of alert emails. The
 * rest of /api/alerts (the bell's list, the settings) is routes.ts's.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { ALERT_MESSAGES } from '../../../lib/alerts.ts';
import { createRouter } from '../../platform/http/context.ts';
import { noStore } from '../../platform/http/middleware.ts';
import { textField } from '../../platform/http/fields.ts';
import { errorResponses, jsonBody, jsonContent, unauthorizedResponse } from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/index.ts';
import { vapidKeys } from './push/keys.ts';
import { subscribePush, unsubscribePush } from './push/subscriptions.ts';
import { applyStop, describeStop } from './stop/service.ts';

const endpointField = textField(2000, { required: 'endpoint: required' }).openapi({
  description: 'The push service’s address for the device (PushSubscription.endpoint)',
});

const SubscriptionBody = z
  .object({
    endpoint: endpointField,
    keys: z.object({
      p256dh: textField(200, { required: 'keys.p256dh: required' }),
      auth: textField(100, { required: 'keys.auth: required' }),
    }),
    expirationTime: z.number().nullable().optional(),
  })
  .openapi('PushSubscription');

const StopQuery = z.object({ t: textField(2000).default('') });

const StopAnswer = z
  .object({
    description: z.string().openapi({ example: 'News about the company alerts for ABCD' }),
    done: z.boolean(),
  })
  .openapi('AlertStop');

const badLink = {
  400: jsonContent(
    z.object({ message: z.string().openapi({ example: ALERT_MESSAGES.stopInvalid }) }),
    'Not a good link',
  ),
};

const pushKeyRoute = createRoute({
  method: 'get',
  path: '/push-key',
  tags: ['Alerts'],
  summary: 'The site’s VAPID public key (base64url), for PushManager.subscribe',
  responses: { 200: jsonContent(z.object({ data: z.object({ publicKey: z.string() }) }), 'The key') },
});

const subscribeRoute = createRoute({
  method: 'post',
  path: '/push-subscriptions',
  tags: ['Alerts'],
  summary: 'Send the reader’s alerts to this device (PushSubscription.toJSON())',
  description: 'An endpoint already known answers 200 and now belongs to the signed-in reader.',
  request: jsonBody(SubscriptionBody),
  responses: {
    201: jsonContent(z.object({ data: z.object({ id: z.number() }) }), 'Subscribed'),
    200: jsonContent(z.object({ data: z.object({ id: z.number() }) }), 'Known: bound to this reader'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

const unsubscribeRoute = createRoute({
  method: 'delete',
  path: '/push-subscriptions',
  tags: ['Alerts'],
  summary: 'Stop pushes to this device (signed in or not: the endpoint is the device’s secret)',
  request: jsonBody(z.object({ endpoint: endpointField })),
  responses: {
    200: jsonContent(z.object({ data: z.object({ removed: z.boolean() }) }), 'Whether a device was removed'),
    ...errorResponses,
  },
});

const describeStopRoute = createRoute({
  method: 'get',
  path: '/stop',
  tags: ['Alerts'],
  summary: 'What an alert email’s stop link stops, and whether it is stopped already (nothing changes)',
  middleware: [noStore] as const,
  request: { query: StopQuery },
  responses: { 200: jsonContent(z.object({ data: StopAnswer }), 'What it stops'), ...badLink },
});

const stopRoute = createRoute({
  method: 'post',
  path: '/stop',
  tags: ['Alerts'],
  summary: 'Stop what an alert email’s link names, at once (also RFC 8058 one-click; the body is ignored)',
  middleware: [noStore] as const,
  request: { query: StopQuery },
  responses: {
    200: jsonContent(z.object({ data: StopAnswer, message: z.string() }), 'Stopped'),
    ...badLink,
  },
});

export const alertChannelRoutes = createRouter()
  .openapi(pushKeyRoute, async (c) => c.json({ data: { publicKey: (await vapidKeys(c.var.db)).publicKey } }, 200))
  .openapi(subscribeRoute, async (c) => {
    const user = requireUser(c);
    const { id, created } = await subscribePush(c.var.db, user.id, c.req.valid('json'), {
      localServices: c.var.config.pushLocalServices,
    });
    return created ? c.json({ data: { id } }, 201) : c.json({ data: { id } }, 200);
  })
  .openapi(unsubscribeRoute, async (c) =>
    c.json({ data: { removed: await unsubscribePush(c.var.db, c.req.valid('json').endpoint) } }, 200),
  )
  .openapi(describeStopRoute, async (c) => c.json({ data: await describeStop(c.var.db, c.req.valid('query').t) }, 200))
  .openapi(stopRoute, async (c) => {
    const answer = await applyStop(c.var.db, c.req.valid('query').t);
    return c.json({ data: answer, message: ALERT_MESSAGES.stopped(answer.description) }, 200);
  });
