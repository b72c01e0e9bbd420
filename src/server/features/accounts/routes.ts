/**
 * /api/auth: sign-up, sign-in and out, verification and password codes, the
 * signed-in user and account deletion (docs/product.md §18.2).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { AUTH_MESSAGES } from '../../../lib/validation.ts';
import { invalid } from '../../platform/errors.ts';
import { createRouter } from '../../platform/http/context.ts';
import { textField } from '../../platform/http/fields.ts';
import { clientIp } from '../../platform/http/request.ts';
import { errorResponses, jsonContent } from '../../platform/http/schemas.ts';
import {
  clearSessionCookies,
  requireUser,
  setSessionCookies,
  setVerifiedCookie,
  wantsBearerToken,
} from './middleware.ts';
import {
  changePassword,
  deleteAccount,
  forgotPassword,
  register,
  requestPasswordChange,
  resendVerification,
  resetPassword,
  verifyAccount,
} from './service.ts';
import { revokeSession } from './sessions.ts';
import { login } from './sign-in.ts';
import { publicUser } from './users.ts';

/** Account fields are checked and trimmed by the service, with the messages of docs/product.md. */
const text = (max: number) => textField(max, { keepSpaces: true });

const UserSchema = z
  .object({
    email: z.string(),
    phone_number: z.string(),
    message_preference: z.enum(['email', 'phone']),
    username: z.string(),
    name: z.string(),
    verified: z.boolean(),
    googleUser: z.boolean(),
    isStaff: z.boolean(),
  })
  .openapi('User');

const Ok = z.object({ success: z.literal(true), message: z.string() }).openapi('Success');
const Contact = { email: text(254).optional(), phone_number: text(32).optional() };

const post = <B extends z.ZodType>(path: string, summary: string, body: B, description?: string) =>
  createRoute({
    method: 'post',
    path,
    tags: ['Identity'],
    summary,
    description,
    request: { body: { content: { 'application/json': { schema: body } }, required: true } },
    responses: {
      200: jsonContent(Ok, 'Done'),
      ...errorResponses,
      429: jsonContent(z.object({ message: z.string() }), 'Too many attempts; see Retry-After'),
    },
  });

const registerRoute = createRoute({
  method: 'post',
  path: '/register',
  tags: ['Identity'],
  summary: 'Create an account and send its verification code',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .strictObject({
              username: text(120).optional(),
              name: text(200),
              email: text(254),
              phone_number: text(32).optional(),
              password: text(1000),
              message_preference: text(16).optional(),
              terms_accepted: z.boolean(),
            })
            .openapi('RegisterRequest'),
        },
      },
    },
  },
  responses: {
    201: jsonContent(z.object({ success: z.literal(true), message: z.string(), user: UserSchema }), 'Created'),
    ...errorResponses,
  },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/login',
  tags: ['Identity'],
  summary: 'Sign in with email and password',
  description:
    'Sets the HttpOnly session cookie. API clients (requests without an Origin header) also get the token in the body, to send as `Authorization: Bearer`.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.strictObject({ email: text(254), password: text(1000) }) } },
    },
  },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), token: z.string().nullable(), user: UserSchema }).openapi('LoginResponse'),
      'Signed in',
    ),
    401: jsonContent(z.object({ success: z.literal(false), message: z.string() }), 'Incorrect credentials'),
    ...errorResponses,
  },
});

const verifyRoute = post(
  '/verify',
  'Confirm an account with its emailed or texted code',
  z.strictObject({ ...Contact, code: text(32) }),
);
const resendRoute = post(
  '/resend-verification',
  'Send a new verification code',
  z.strictObject(Contact),
  'Answers the same whether or not the account exists.',
);
const forgotRoute = post(
  '/forgot-password',
  'Send a password reset code',
  z.strictObject(Contact),
  'Answers the same, in status, body and time, whether or not the account exists.',
);
const resetRoute = post(
  '/reset-password',
  'Set a new password with a reset code',
  z.strictObject({ ...Contact, code: text(32), newPassword: text(1000) }),
);
const changeRequestRoute = post(
  '/change-password/request',
  'Send a code to confirm a password change (signed in)',
  z.strictObject({}),
);
const changeRoute = post(
  '/change-password',
  'Change the password with the code (signed in); signs out every session',
  z.strictObject({ code: text(32), newPassword: text(1000) }),
);

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Identity'],
  summary: 'The signed-in user',
  responses: {
    200: jsonContent(z.object({ user: UserSchema }), 'Signed in'),
    401: jsonContent(z.object({ message: z.string() }), 'Not signed in'),
  },
});
const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  tags: ['Identity'],
  summary: 'Sign out this session',
  responses: { 200: jsonContent(Ok, 'Signed out') },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/delete',
  tags: ['Identity'],
  summary: 'Delete the signed-in account and everything kept for it',
  responses: { 200: jsonContent(Ok, 'Deleted'), 401: jsonContent(z.object({ message: z.string() }), 'Not signed in') },
});

const contact = (body: { email?: string; phone_number?: string }) => {
  if (!body.email?.trim() && !body.phone_number?.trim()) return null;
  return body;
};

export const accountRoutes = createRouter()
  .openapi(registerRoute, async (c) => {
    const user = await register(c.var.db, c.req.valid('json'), {
      ip: clientIp(c),
      siteUrl: c.var.config.siteUrl,
      perHour: c.var.config.signupsPerHourPerAddress,
    });
    const via = user.message_preference === 'phone' ? 'text message' : 'email';
    return c.json(
      { success: true as const, message: `Account created. We sent a verification code by ${via}.`, user },
      201,
    );
  })
  .openapi(loginRoute, async (c) => {
    const body = c.req.valid('json');
    if (!body.email.trim() || !body.password) throw invalid(AUTH_MESSAGES.loginRequired);
    const { token, user } = await login(c.var.db, body, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? null,
      delayUnitMs: c.var.config.signInDelayMs,
    });
    setSessionCookies(c, token, user.verified);
    return c.json({ success: true as const, token: wantsBearerToken(c) ? token : null, user }, 200);
  })
  .openapi(verifyRoute, async (c) => {
    const body = c.req.valid('json');
    if (!contact(body)) throw invalid(AUTH_MESSAGES.forgotRequired);
    await verifyAccount(c.var.db, body, clientIp(c));
    setVerifiedCookie(c, true);
    return c.json({ success: true as const, message: 'Your account is verified.' }, 200);
  })
  .openapi(resendRoute, async (c) => {
    const body = c.req.valid('json');
    if (!contact(body)) throw invalid(AUTH_MESSAGES.forgotRequired);
    await resendVerification(c.var.db, body, clientIp(c));
    return c.json(
      { success: true as const, message: 'If the account needs verifying, a new code is on its way.' },
      200,
    );
  })
  .openapi(forgotRoute, async (c) => {
    const body = c.req.valid('json');
    if (!contact(body)) throw invalid(AUTH_MESSAGES.forgotRequired);
    await forgotPassword(c.var.db, body, clientIp(c));
    return c.json({ success: true as const, message: 'If an account matches, we sent it a reset code.' }, 200);
  })
  .openapi(resetRoute, async (c) => {
    const body = c.req.valid('json');
    if (!contact(body)) throw invalid(AUTH_MESSAGES.forgotRequired);
    await resetPassword(c.var.db, body, clientIp(c));
    clearSessionCookies(c);
    return c.json({ success: true as const, message: AUTH_MESSAGES.resetSuccess }, 200);
  })
  .openapi(changeRequestRoute, async (c) => {
    await requestPasswordChange(c.var.db, requireUser(c));
    return c.json({ success: true as const, message: 'We sent you a code to confirm the change.' }, 200);
  })
  .openapi(changeRoute, async (c) => {
    await changePassword(c.var.db, requireUser(c), c.req.valid('json'));
    clearSessionCookies(c);
    return c.json({ success: true as const, message: AUTH_MESSAGES.changePasswordSuccess }, 200);
  })
  .openapi(meRoute, (c) => c.json({ user: publicUser(requireUser(c)) }, 200))
  .openapi(logoutRoute, async (c) => {
    if (c.var.sessionId) await revokeSession(c.var.db, c.var.sessionId);
    clearSessionCookies(c);
    return c.json({ success: true as const, message: 'Signed out.' }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteAccount(c.var.db, requireUser(c));
    clearSessionCookies(c);
    return c.json({ success: true as const, message: AUTH_MESSAGES.deleted }, 200);
  });
