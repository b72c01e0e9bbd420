/** /api/news-alerts: news alerts for a client company, confirmed by an emailed link. */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../../platform/http/context.ts';
import { noStore } from '../../../platform/http/middleware.ts';
import { clientIp } from '../../../platform/http/request.ts';
import { emailField, textField, tickerSchema } from '../../../platform/http/fields.ts';
import { errorResponses, jsonContent, notFoundResponse } from '../../../platform/http/schemas.ts';
import { confirmNewsAlert, requestNewsAlert } from './news-alerts.ts';

const AlertBody = z
  .strictObject({
    email: emailField,
    symbol: tickerSchema,
  })
  .openapi('NewsAlertRequest');

const requestRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Newsletter'],
  summary: 'Ask for news alerts about a client company; a confirmation link is emailed',
  request: { body: { content: { 'application/json': { schema: AlertBody } }, required: true } },
  responses: {
    202: jsonContent(
      z.object({ data: z.object({ email: z.string(), symbol: z.string(), confirmationSent: z.boolean() }) }),
      'Confirmation link sent (or already confirmed)',
    ),
    ...errorResponses,
    ...notFoundResponse,
  },
});

const confirmRoute = createRoute({
  method: 'get',
  path: '/confirm',
  tags: ['Newsletter'],
  summary: 'The link in the confirmation email: confirms the alerts and opens the news page',
  middleware: [noStore] as const,
  request: { query: z.object({ token: textField(200).default('') }) },
  responses: { 302: { description: 'To /news?alerts=SYMBOL, or /news?alerts=0 for a used or unknown link' } },
});

export const newsAlertRoutes = createRouter()
  .openapi(requestRoute, async (c) => {
    const { email, symbol } = c.req.valid('json');
    const result = await requestNewsAlert(
      c.var.db,
      { email, symbol },
      { siteUrl: c.var.config.siteUrl, ip: clientIp(c) },
    );
    return c.json(
      { data: { email: result.email, symbol: result.symbol, confirmationSent: !result.alreadyConfirmed } },
      202,
    );
  })
  .openapi(confirmRoute, async (c) => {
    const symbol = await confirmNewsAlert(c.var.db, c.req.valid('query').token);
    return c.redirect(`/news?alerts=${symbol ? encodeURIComponent(symbol) : '0'}`, 302);
  });
