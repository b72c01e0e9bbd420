/**
 * /api/email-subscriptions: the newsletter sign-ups (docs/product.md §18.4): the
 * footer's address-only form, and the newsletter page's form confirmed by an
 * emailed link.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../../platform/http/context.ts';
import { noStore } from '../../../platform/http/middleware.ts';
import { clientIp } from '../../../platform/http/request.ts';
import { emailField, textField } from '../../../platform/http/fields.ts';
import { errorResponses, jsonContent } from '../../../platform/http/schemas.ts';
import { confirmNewsletterSignup, requestNewsletterSignup, subscribe } from './newsletter-signup.ts';

const SubscribeBody = z.object({ email: emailField }).openapi('SubscribeRequest');

const SubscribeAnswer = z
  .object({
    data: z.object({
      email: z.string(),
      subscribed: z.literal(true),
      alreadySubscribed: z.boolean(),
      confirmed: z.boolean().openapi({ description: 'The newsletter goes to the address (its link was opened)' }),
      confirmationSent: z.boolean().openapi({ description: 'A confirmation link was emailed by this sign-up' }),
    }),
  })
  .openapi('SubscribeResponse');

const subscribeRoute = createRoute({
  method: 'post',
  path: '/subscribe',
  tags: ['Newsletter'],
  summary: 'Subscribe an email address to the newsletter',
  description:
    'A repeated address is not an error: it answers 200 and is stored once. A confirmation link is emailed; the newsletter goes to the address once it is opened. `confirmed` says the address gets the newsletter, `confirmationSent` that this sign-up emailed a link.',
  request: { body: { content: { 'application/json': { schema: SubscribeBody } }, required: true } },
  responses: {
    201: jsonContent(SubscribeAnswer, 'Subscribed'),
    200: jsonContent(SubscribeAnswer, 'Already subscribed'),
    ...errorResponses,
  },
});

const required = (label: string, max: number) =>
  textField(max, {
    required: `${label} is required`,
    min: 1,
    minMessage: `${label} is required`,
    maxMessage: `${label} is too long`,
  });

const SignupBody = z
  .strictObject({
    firstName: required('First Name', 80),
    lastName: required('Last Name', 80),
    email: emailField,
    phone: required('Phone Number', 30).regex(/^[0-9()+\-.\s]{7,30}$/, 'Phone Number is not a phone number'),
    consent: z.literal(true, { message: 'Please agree to receive updates' }),
  })
  .openapi('NewsletterSignupRequest');

const signupRoute = createRoute({
  method: 'post',
  path: '/newsletter',
  tags: ['Newsletter'],
  summary: 'Sign up on the newsletter page; a confirmation link is emailed to the address',
  request: { body: { content: { 'application/json': { schema: SignupBody } }, required: true } },
  responses: {
    202: jsonContent(
      z.object({ data: z.object({ email: z.string(), confirmationSent: z.boolean() }) }),
      'Confirmation link sent (or the address was already confirmed)',
    ),
    ...errorResponses,
  },
});

const confirmRoute = createRoute({
  method: 'get',
  path: '/confirm',
  tags: ['Newsletter'],
  summary: 'The link in the confirmation email: confirms the sign-up and opens the newsletter page',
  middleware: [noStore] as const,
  request: { query: z.object({ token: textField(200).default('') }) },
  responses: { 302: { description: 'To /newsletters?confirmed=1 (or =0 for a used or unknown link)' } },
});

export const subscriptionRoutes = createRouter()
  .openapi(subscribeRoute, async (c) => {
    const { email } = c.req.valid('json');
    const result = await subscribe(c.var.db, email, {
      siteUrl: c.var.config.siteUrl,
      ip: clientIp(c),
      perHour: c.var.config.signupsPerHourPerAddress,
    });
    const body = {
      data: {
        email: result.email,
        subscribed: true as const,
        alreadySubscribed: !result.created,
        confirmed: result.confirmed,
        confirmationSent: result.confirmationSent,
      },
    };
    return result.created ? c.json(body, 201) : c.json(body, 200);
  })
  .openapi(signupRoute, async (c) => {
    const { consent: _consent, ...person } = c.req.valid('json');
    const result = await requestNewsletterSignup(c.var.db, person, {
      siteUrl: c.var.config.siteUrl,
      ip: clientIp(c),
    });
    return c.json({ data: { email: result.email, confirmationSent: !result.alreadyConfirmed } }, 202);
  })
  .openapi(confirmRoute, async (c) => {
    const ok = await confirmNewsletterSignup(c.var.db, c.req.valid('query').token);
    return c.redirect(`/newsletters?confirmed=${ok ? 1 : 0}`, 302);
  });
