/**
 * /api/alerts (docs/product.md §18.15): the signed-in reader's alerts in the
 * bell, their alert settings, and the rules of the companies they follow.
 * The delivery channels' own calls (push devices, the stop links) are served
 * by the channels' routes.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  ALERTS_PAGE_MAX,
  ALERTS_PAGE_SIZE,
  ALERT_KIND_IDS,
  ALERT_MESSAGES,
  COMPANY_ALERT_KINDS,
  EASTERN_HOUR_MAX,
  EASTERN_HOUR_MIN,
  EMAIL_MODES,
  PRICE_THRESHOLD_MAX,
  PRICE_THRESHOLD_MIN,
} from '../../../lib/alerts.ts';
import { alertRecord, alertSettingsRecord, companyAlertRuleRecord } from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { MAX_ID, idParam, queryInteger, tickerSchema } from '../../platform/http/fields.ts';
import {
  apiSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  unauthorizedResponse,
} from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/index.ts';
import { alertsOf, markAlertRead, markAllAlertsRead } from './bell.ts';
import {
  readAlertSettings,
  readCompanyRule,
  resetCompanyRule,
  saveAlertSettings,
  saveCompanyRule,
} from './settings.ts';

const tags = ['Alerts'];
const Alert = apiSchema(alertRecord, 'Alert');
const AlertSettings = apiSchema(alertSettingsRecord, 'AlertSettings');
const CompanyAlertRule = apiSchema(companyAlertRuleRecord, 'CompanyAlertRule');

const companyKinds = z.array(
  z.enum(COMPANY_ALERT_KINDS, { message: `kinds: each one of ${COMPANY_ALERT_KINDS.join(', ')}` }),
  { message: 'kinds must be a list of alert kinds' },
);
const threshold = z
  .number({ message: ALERT_MESSAGES.thresholdInvalid })
  .int(ALERT_MESSAGES.thresholdInvalid)
  .min(PRICE_THRESHOLD_MIN, ALERT_MESSAGES.thresholdInvalid)
  .max(PRICE_THRESHOLD_MAX, ALERT_MESSAGES.thresholdInvalid);
const hour = z
  .number({ message: 'must be a whole hour from 0 to 23' })
  .int('must be a whole hour from 0 to 23')
  .min(EASTERN_HOUR_MIN, 'must be a whole hour from 0 to 23')
  .max(EASTERN_HOUR_MAX, 'must be a whole hour from 0 to 23');

const SettingsChange = z
  .strictObject({
    kinds: companyKinds.optional(),
    priceThreshold: threshold.optional(),
    email: z.enum(EMAIL_MODES, { message: `email: one of ${EMAIL_MODES.join(', ')}` }).optional(),
    digestHour: hour.optional(),
    sms: z.boolean({ message: 'sms must be true or false' }).optional(),
    smsKinds: z
      .array(z.enum(ALERT_KIND_IDS, { message: `smsKinds: each one of ${ALERT_KIND_IDS.join(', ')}` }))
      .optional(),
    push: z.boolean({ message: 'push must be true or false' }).optional(),
    quietHours: z
      .strictObject({ start: hour, end: hour })
      .refine((q) => q.start !== q.end, ALERT_MESSAGES.quietHoursInvalid)
      .nullable()
      .optional(),
  })
  .openapi('AlertSettingsChange');

const CompanyChange = z.strictObject({ kinds: companyKinds, priceThreshold: threshold }).openapi('CompanyAlertChange');

const symbolParam = z.object({ symbol: tickerSchema });
const unread = z.object({ unread: z.number().int() });

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The signed-in reader’s alerts, newest first, and how many are unread',
  request: {
    query: z.object({
      limit: queryInteger(1, ALERTS_PAGE_MAX).default(ALERTS_PAGE_SIZE),
      before: queryInteger(1, MAX_ID).optional(),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(Alert), unread: z.number().int() }), 'Alerts'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

const readRoute = createRoute({
  method: 'post',
  path: '/{id}/read',
  tags,
  summary: 'Marks one alert read; answers how many stay unread',
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ data: unread }), 'Marked'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

const readAllRoute = createRoute({
  method: 'post',
  path: '/read-all',
  tags,
  summary: 'Marks every alert read',
  responses: {
    200: jsonContent(z.object({ data: z.object({ unread: z.literal(0) }) }), 'Marked'),
    ...unauthorizedResponse,
  },
});

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags,
  summary: 'The reader’s alert settings, followed companies’ rules and saved screens’ alert switches',
  responses: { 200: jsonContent(z.object({ data: AlertSettings }), 'Settings'), ...unauthorizedResponse },
});

const putSettingsRoute = createRoute({
  method: 'put',
  path: '/settings',
  tags,
  summary: 'Changes any of the alert settings (text messages need a phone number on the profile)',
  request: jsonBody(SettingsChange),
  responses: {
    200: jsonContent(z.object({ data: AlertSettings, message: z.string() }), 'Saved'),
    ...errorResponses,
    ...unauthorizedResponse,
  },
});

const getCompanyRoute = createRoute({
  method: 'get',
  path: '/companies/{symbol}',
  tags,
  summary: 'A company’s alerts for the reader (`followed` tells whether it is a favorite)',
  request: { params: symbolParam },
  responses: {
    200: jsonContent(z.object({ data: CompanyAlertRule }), 'Rule'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

const putCompanyRoute = createRoute({
  method: 'put',
  path: '/companies/{symbol}',
  tags,
  summary: 'Gives a company kinds and a threshold of its own, following it if needed',
  request: { params: symbolParam, ...jsonBody(CompanyChange) },
  responses: {
    200: jsonContent(z.object({ data: CompanyAlertRule, message: z.string() }), 'Saved'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

const deleteCompanyRoute = createRoute({
  method: 'delete',
  path: '/companies/{symbol}',
  tags,
  summary: 'The company alerts as every followed company does again',
  request: { params: symbolParam },
  responses: {
    200: jsonContent(z.object({ data: CompanyAlertRule, message: z.string() }), 'Reset'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

export const alertRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await alertsOf(c.var.db, requireUser(c).id, c.req.valid('query')), 200))
  .openapi(readAllRoute, async (c) => c.json({ data: await markAllAlertsRead(c.var.db, requireUser(c).id) }, 200))
  .openapi(readRoute, async (c) =>
    c.json({ data: await markAlertRead(c.var.db, requireUser(c).id, c.req.valid('param').id) }, 200),
  )
  .openapi(getSettingsRoute, async (c) => c.json({ data: await readAlertSettings(c.var.db, requireUser(c).id) }, 200))
  .openapi(putSettingsRoute, async (c) => {
    const data = await saveAlertSettings(c.var.db, requireUser(c).id, c.req.valid('json'));
    return c.json({ data, message: ALERT_MESSAGES.settingsSaved }, 200);
  })
  .openapi(getCompanyRoute, async (c) =>
    c.json({ data: await readCompanyRule(c.var.db, requireUser(c).id, c.req.valid('param').symbol) }, 200),
  )
  .openapi(putCompanyRoute, async (c) => {
    const data = await saveCompanyRule(c.var.db, requireUser(c).id, c.req.valid('param').symbol, c.req.valid('json'));
    return c.json({ data, message: ALERT_MESSAGES.companySaved(data.symbol) }, 200);
  })
  .openapi(deleteCompanyRoute, async (c) => {
    const data = await resetCompanyRule(c.var.db, requireUser(c).id, c.req.valid('param').symbol);
    return c.json({ data, message: ALERT_MESSAGES.companyDefaults(data.symbol) }, 200);
  });
