/** /api/profile: the signed-in user's profile and notification method (docs/product.md §18.3). */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { textField } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent, unauthorizedResponse } from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/index.ts';
import { profileOf, setMessagePreference, updateProfile } from './service.ts';

const ProfileSchema = z
  .object({
    name: z.string(),
    phone_number: z.string(),
    email: z.string(),
    profile_picture_url: z.string().nullable(),
  })
  .openapi('Profile');

const Preference = z.object({ message_preference: z.enum(['email', 'phone']), googleUser: z.boolean() });

const getProfile = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['Profile'],
  summary: 'The signed-in user’s profile',
  responses: { 200: jsonContent(z.object({ data: ProfileSchema }), 'Profile'), ...unauthorizedResponse },
});

const putProfile = createRoute({
  method: 'put',
  path: '/profile/update',
  tags: ['Profile'],
  summary: 'Change name and phone number (email cannot be changed)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.strictObject({
            name: textField(200, { keepSpaces: true }).optional(),
            phone_number: textField(32, { keepSpaces: true }).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: jsonContent(z.object({ data: ProfileSchema }), 'Saved'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

const getPreference = createRoute({
  method: 'get',
  path: '/profile/message-preference',
  tags: ['Profile'],
  summary: 'How codes and alerts reach the user',
  responses: { 200: jsonContent(z.object({ data: Preference }), 'Preference'), ...unauthorizedResponse },
});

const putPreference = createRoute({
  method: 'put',
  path: '/profile/message-preference',
  tags: ['Profile'],
  summary: 'Choose email or text messages (not for Google accounts)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: z.strictObject({ message_preference: textField(16, { keepSpaces: true }) }) },
      },
    },
  },
  responses: {
    200: jsonContent(z.object({ data: Preference, message: z.string() }), 'Saved'),
    ...errorResponses,
    ...unauthorizedResponse,
    403: jsonContent(z.object({ message: z.string() }), 'Google accounts cannot change it'),
  },
});

export const profileRoutes = createRouter()
  .openapi(getProfile, (c) => c.json({ data: profileOf(requireUser(c)) }, 200))
  .openapi(putProfile, async (c) =>
    c.json({ data: await updateProfile(c.var.db, requireUser(c), c.req.valid('json')) }, 200),
  )
  .openapi(getPreference, (c) => {
    const user = requireUser(c);
    return c.json(
      { data: { message_preference: user.messagePreference, googleUser: user.googleSubject !== null } },
      200,
    );
  })
  .openapi(putPreference, async (c) => {
    const user = requireUser(c);
    const method = await setMessagePreference(c.var.db, user, c.req.valid('json').message_preference);
    return c.json(
      { data: { message_preference: method, googleUser: false }, message: 'Notification method updated successfully!' },
      200,
    );
  });
