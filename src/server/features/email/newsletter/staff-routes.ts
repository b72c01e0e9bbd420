/**
 * /api/tools/newsletter (docs/product.md §18.13): staff compose, preview,
 * test, schedule and follow the weekly newsletter.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newsletterIssueRecord, newsletterSectionRecord } from '../../../../lib/newsletter.ts';
import { fromDateTimeValue } from '../../../../lib/eastern-time-input.ts';
import { createRouter } from '../../../platform/http/context.ts';
import { actorOf } from '../../../platform/http/editor-routes.ts';
import { idParam, textField, versionField } from '../../../platform/http/fields.ts';
import {
  apiSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffResponses,
} from '../../../platform/http/schemas.ts';
import { STYLED_DOCUMENT_POLICY } from '../../../platform/http/middleware.ts';
import { invalid, notFound } from '../../../platform/errors.ts';
import { asBulk } from '../bulk/bulk-mail.ts';
import { requireStaff, staffOnly } from '../../accounts/index.ts';
import { renderIssueEmail } from './render.ts';
import { actOnIssue, composeDraft, issueById, listIssues, sendTest, updateIssue, type IssueAction } from './service.ts';

const tags = ['Newsletter (staff)'];
const Issue = apiSchema(newsletterIssueRecord, 'NewsletterIssue');
const IssueAnswer = z.object({ data: Issue });
const answers = { ...errorResponses, ...staffResponses, ...notFoundResponse };

const listRoute = createRoute({
  method: 'get',
  path: '/newsletter/issues',
  tags,
  summary: 'The latest newsletter issues, newest first, with their sending figures',
  responses: { 200: jsonContent(z.object({ data: z.array(Issue) }), 'Issues'), ...answers },
});

const composeRoute = createRoute({
  method: 'post',
  path: '/newsletter/issues',
  tags,
  summary: 'This week’s draft: composed from the week’s newsletter articles and top news (or the draft there is)',
  responses: { 200: jsonContent(IssueAnswer, 'The draft'), ...answers },
});

const PatchBody = z
  .strictObject({
    version: versionField,
    subject: textField(200, { min: 1, minMessage: 'subject is required' }).optional(),
    intro: textField(50_000, { multiline: true, keepSpaces: true }).optional(),
    sections: z.array(newsletterSectionRecord).max(12, 'An issue holds at most 12 sections').optional(),
  })
  .openapi('NewsletterIssueChange');

const patchRoute = createRoute({
  method: 'patch',
  path: '/newsletter/issues/{id}',
  tags,
  summary: 'Change a draft or scheduled issue (subject, intro, sections), based on the version loaded',
  request: { params: idParam, ...jsonBody(PatchBody) },
  responses: {
    200: jsonContent(IssueAnswer, 'Saved'),
    409: jsonContent(z.object({ message: z.string() }), 'Stale or not editable'),
    ...answers,
  },
});

const ActionBody = z
  .strictObject({
    action: z.enum(['schedule', 'unschedule', 'pause', 'resume', 'cancel']),
    /** For `schedule`: Eastern Time (YYYY-MM-DDTHH:MM) or an instant with its offset; none: now. */
    at: textField(40).optional(),
  })
  .openapi('NewsletterIssueAction');

const actionRoute = createRoute({
  method: 'post',
  path: '/newsletter/issues/{id}/actions',
  tags,
  summary: 'Schedule (or send now), take back to draft, pause, resume or cancel an issue',
  request: { params: idParam, ...jsonBody(ActionBody) },
  responses: {
    200: jsonContent(IssueAnswer, 'Done'),
    409: jsonContent(z.object({ message: z.string() }), 'Not in a state for it'),
    ...answers,
  },
});

const testRoute = createRoute({
  method: 'post',
  path: '/newsletter/issues/{id}/test',
  tags,
  summary: 'Send the issue to the signed-in staff member’s own address, marked as a test',
  request: { params: idParam },
  responses: { 202: jsonContent(z.object({ data: z.object({ email: z.string() }) }), 'Queued'), ...answers },
});

const previewRoute = createRoute({
  method: 'get',
  path: '/newsletter/issues/{id}/preview',
  tags,
  summary: 'The issue as a reader gets it (HTML), in the light or dark scheme, or as the reader’s client decides',
  request: { params: idParam, query: z.object({ scheme: z.enum(['auto', 'light', 'dark']).default('auto') }) },
  responses: { 200: { description: 'The email', content: { 'text/html': { schema: z.string() } } }, ...answers },
});

/** The time of a schedule: Eastern Time as the console's field writes it, or an instant with an offset. */
function scheduleTime(at: string | undefined): Date | undefined {
  if (!at) return undefined;
  const when = fromDateTimeValue(at);
  if (!when) throw invalid('at: not a date and time');
  return when;
}

/** `onSending` starts the sending job at once after an issue was scheduled or resumed (its wake-up). */
export const newsletterStaffRoutes = (options: { onSending?: () => void } = {}) => {
  const router = createRouter();
  router.use('/newsletter/*', staffOnly);
  return router
    .openapi(listRoute, async (c) => c.json({ data: await listIssues(c.var.db) }, 200))
    .openapi(composeRoute, async (c) => c.json({ data: await composeDraft(c.var.db, actorOf(c)) }, 200))
    .openapi(patchRoute, async (c) => {
      const { version, ...changes } = c.req.valid('json');
      return c.json({ data: await updateIssue(c.var.db, actorOf(c), c.req.valid('param').id, version, changes) }, 200);
    })
    .openapi(actionRoute, async (c) => {
      const { action, at } = c.req.valid('json');
      const issue = await actOnIssue(
        c.var.db,
        actorOf(c),
        c.req.valid('param').id,
        action as IssueAction,
        scheduleTime(at),
      );
      if (action === 'schedule' || action === 'resume') options.onSending?.();
      return c.json({ data: issue }, 200);
    })
    .openapi(testRoute, async (c) => {
      const user = requireStaff(c);
      const sent = await sendTest(
        c.var.db,
        { id: user.id, email: user.email, name: user.name },
        c.req.valid('param').id,
        c.var.config.siteUrl,
      );
      return c.json({ data: sent }, 202);
    })
    .openapi(previewRoute, async (c) => {
      const row = await issueById(c.var.db, c.req.valid('param').id);
      if (!row) throw notFound(`No newsletter issue ${c.req.valid('param').id}`);
      const { siteUrl, mail } = c.var.config;
      const email = renderIssueEmail(row, { name: 'Alex' }, { siteUrl, scheme: c.req.valid('query').scheme });
      const sample = `${siteUrl}/email/preferences?t=preview`;
      const shown = asBulk(
        { id: 0, channel: 'email', to: 'reader@example.com', ...email, calendar: null, createdAt: new Date() },
        {
          list: 'newsletter',
          links: { unsubscribe: sample, preferences: sample },
          postalAddress: mail.postalAddress,
          siteHost: new URL(siteUrl).hostname,
        },
      );
      // The email's own inline styles, and pictures from anywhere, in a frame of the console.
      c.header('Content-Security-Policy', `${STYLED_DOCUMENT_POLICY}; img-src https: data:`);
      c.header('Cache-Control', 'no-store');
      return c.html(shown.html ?? '', 200);
    });
};
