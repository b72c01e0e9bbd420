/**
 * /api/email (docs/product.md §18.4): what the links at the foot of bulk
 * email reach, without signing in (each carries a token signed for its
 * address and list), and the bounce and complaint notifications of Amazon
 * SES by SNS.
 *
 * The unsubscribe address answers RFC 8058's one-click POST by
 * unsubscribing at once. Opened in a browser (a GET) it only shows the
 * preference centre asking to confirm: mail scanners follow links, and a
 * followed link must not unsubscribe anyone.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { EMAIL_LISTS, PREFERENCE_TEXTS, type EmailList } from '../../../lib/email-lists.ts';
import { createRouter } from '../../platform/http/context.ts';
import { noStore } from '../../platform/http/middleware.ts';
import { textField } from '../../platform/http/fields.ts';
import { errorResponses, jsonBody, jsonContent, unauthorizedResponse } from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/index.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { readListLink, storedMailLinkSecret, type ListLinkSubject } from './list-links.ts';
import type { Db } from '../../platform/db/client.ts';
import { preferencesOf, setPreferences, unsubscribe } from './preferences.ts';
import { readSnsMessage, type SnsOptions } from './sns.ts';
import { recordFeedback } from './suppressions.ts';

const TokenQuery = z.object({ t: textField(2000).default('') });

const Preferences = z
  .object({
    email: z.string(),
    newsletter: z.boolean(),
    announcements: z.boolean().nullable().openapi({ description: 'null: no account has the address' }),
    alerts: z.boolean().nullable().openapi({ description: 'null: no company news alerts were asked for' }),
    /** The list the link was for. */
    list: z.enum(EMAIL_LISTS),
  })
  .openapi('EmailPreferences');

const PreferencesAnswer = z.object({ data: Preferences });

const PreferencesBody = z
  .strictObject({ newsletter: z.boolean(), announcements: z.boolean(), alerts: z.boolean() })
  .partial()
  .openapi('EmailPreferencesChange');

const badLink = { 400: jsonContent(z.object({ message: z.string() }), 'The link is not valid') };

async function subjectOf(db: Db, token: string): Promise<ListLinkSubject> {
  const secret = token ? await storedMailLinkSecret(db) : null;
  const subject = secret ? readListLink(secret, token) : null;
  if (!subject) throw invalid(PREFERENCE_TEXTS.badLink);
  return subject;
}

const oneClickRoute = createRoute({
  method: 'post',
  path: '/unsubscribe',
  tags: ['Email'],
  summary: 'One-click unsubscribe (RFC 8058): the list of the link off for its address, at once',
  description:
    'Mail providers POST `List-Unsubscribe=One-Click` to the address in the List-Unsubscribe header. No session is needed; doing it twice is the same as once.',
  middleware: [noStore] as const,
  request: { query: TokenQuery },
  responses: { 200: jsonContent(PreferencesAnswer, 'Unsubscribed'), ...badLink },
});

const confirmPageRoute = createRoute({
  method: 'get',
  path: '/unsubscribe',
  tags: ['Email'],
  summary: 'The unsubscribe link opened in a browser: the preference centre, asking to confirm (nothing changes)',
  middleware: [noStore] as const,
  request: { query: TokenQuery },
  responses: { 302: { description: 'To /email/preferences?t={token}&unsubscribe=1' } },
});

const readRoute = createRoute({
  method: 'get',
  path: '/preferences',
  tags: ['Email'],
  summary: 'The bulk email the link’s address gets',
  middleware: [noStore] as const,
  request: { query: TokenQuery },
  responses: { 200: jsonContent(PreferencesAnswer, 'The preferences'), ...badLink },
});

const writeRoute = createRoute({
  method: 'put',
  path: '/preferences',
  tags: ['Email'],
  summary: 'Choose the bulk email the link’s address gets (lists not named stay as they are)',
  middleware: [noStore] as const,
  request: { query: TokenQuery, ...jsonBody(PreferencesBody) },
  responses: { 200: jsonContent(PreferencesAnswer, 'Saved'), ...errorResponses },
});

const snsRoute = createRoute({
  method: 'post',
  path: '/sns',
  tags: ['Email'],
  summary: 'Amazon SNS notifications of SES bounces and complaints (signature verified)',
  description:
    'Only the topics in MAIL_SNS_TOPIC_ARNS are accepted. A subscription confirmation is confirmed; hard bounces and complaints suppress the address.',
  responses: {
    200: jsonContent(z.object({ data: z.object({ outcome: z.string(), suppressed: z.number() }) }), 'Read'),
    403: jsonContent(z.object({ message: z.string() }), 'Refused: bad signature, unknown topic or certificate'),
    ...errorResponses,
  },
});

const mineRoute = createRoute({
  method: 'get',
  path: '/mine',
  tags: ['Email'],
  summary: 'The bulk email the signed-in reader’s address gets',
  responses: {
    200: jsonContent(z.object({ data: Preferences.omit({ list: true }) }), 'The preferences'),
    ...unauthorizedResponse,
  },
});

const putMineRoute = createRoute({
  method: 'put',
  path: '/mine',
  tags: ['Email'],
  summary: 'Choose the bulk email the signed-in reader’s (verified) address gets',
  request: jsonBody(PreferencesBody),
  responses: {
    200: jsonContent(z.object({ data: Preferences.omit({ list: true }) }), 'Saved'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

/** A reader's own address, once it is proven theirs (a verified account). */
function verifiedEmail(c: Parameters<typeof requireUser>[0]): string {
  const user = requireUser(c);
  if (!user.verified) throw forbidden('Verify your account first.');
  return user.email;
}

export interface EmailRouteDeps {
  sns: Pick<SnsOptions, 'allowedTopics' | 'fetchCertificate'> & {
    /** Visits a subscription's confirmation address. */
    confirmSubscription: (url: string) => Promise<void>;
  };
}

const answer = (preferences: Awaited<ReturnType<typeof preferencesOf>>, list: EmailList) => ({
  data: { ...preferences, list },
});

export const emailRoutes = ({ sns }: EmailRouteDeps) =>
  createRouter()
    .openapi(oneClickRoute, async (c) => {
      const subject = await subjectOf(c.var.db, c.req.valid('query').t);
      const preferences = await unsubscribe(c.var.db, subject.email, subject.list, subject.issueId);
      return c.json(answer(preferences, subject.list), 200);
    })
    .openapi(confirmPageRoute, (c) => {
      const token = encodeURIComponent(c.req.valid('query').t);
      return c.redirect(`/email/preferences?t=${token}&unsubscribe=1`, 302);
    })
    .openapi(readRoute, async (c) => {
      const subject = await subjectOf(c.var.db, c.req.valid('query').t);
      return c.json(answer(await preferencesOf(c.var.db, subject.email), subject.list), 200);
    })
    .openapi(writeRoute, async (c) => {
      const subject = await subjectOf(c.var.db, c.req.valid('query').t);
      const changes = c.req.valid('json');
      const preferences = await setPreferences(c.var.db, subject.email, changes, subject.issueId);
      return c.json(answer(preferences, subject.list), 200);
    })
    .openapi(mineRoute, async (c) => c.json({ data: await preferencesOf(c.var.db, verifiedEmail(c)) }, 200))
    .openapi(putMineRoute, async (c) =>
      c.json({ data: await setPreferences(c.var.db, verifiedEmail(c), c.req.valid('json')) }, 200),
    )
    .openapi(snsRoute, async (c) => {
      if (!sns.allowedTopics.length) throw forbidden('No SNS topics are configured (MAIL_SNS_TOPIC_ARNS).');
      // A message that is not genuine is refused with 403 (SnsRejected is a 'forbidden' domain error).
      const outcome = await readSnsMessage(await c.req.text(), sns);
      if (outcome.type === 'subscribe') {
        await sns.confirmSubscription(outcome.subscribeUrl);
        return c.json({ data: { outcome: 'subscribed', suppressed: 0 } }, 200);
      }
      if (outcome.type === 'ignored') return c.json({ data: { outcome: 'ignored', suppressed: 0 } }, 200);
      const { suppressed } = await recordFeedback(c.var.db, outcome.feedback, 'sns');
      c.var.logger.info(
        { topic: outcome.topicArn, reports: outcome.feedback.length, suppressed },
        'mail feedback read',
      );
      return c.json({ data: { outcome: 'feedback', suppressed } }, 200);
    });
