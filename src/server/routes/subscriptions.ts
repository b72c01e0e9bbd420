import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../context.ts';
import { errorResponses, jsonContent } from '../http/schemas.ts';
import { subscribe } from '../services/subscriptions.ts';

const SubscribeBody = z
  .object({
    email: z
      .string({ message: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .pipe(z.email({ message: 'Invalid email format' })),
  })
  .openapi('SubscribeRequest');

const SubscribeAnswer = z
  .object({
    data: z.object({ email: z.string(), subscribed: z.literal(true), alreadySubscribed: z.boolean() }),
  })
  .openapi('SubscribeResponse');

const subscribeRoute = createRoute({
  method: 'post',
  path: '/subscribe',
  tags: ['Newsletter'],
  summary: 'Subscribe an email address to the newsletter',
  description: 'A repeated address is not an error: it answers 200 and is stored once.',
  request: { body: { content: { 'application/json': { schema: SubscribeBody } }, required: true } },
  responses: {
    201: jsonContent(SubscribeAnswer, 'Subscribed'),
    200: jsonContent(SubscribeAnswer, 'Already subscribed'),
    ...errorResponses,
  },
});

export const subscriptionRoutes = createRouter().openapi(subscribeRoute, async (c) => {
  const { email } = c.req.valid('json');
  const result = await subscribe(c.var.db, email);
  const body = { data: { email: result.email, subscribed: true as const, alreadySubscribed: !result.created } };
  return result.created ? c.json(body, 201) : c.json(body, 200);
});
