/**
 * /api/screens (docs/product.md §7.8, §18): the signed-in reader's saved
 * screens. The query and columns are checked loosely here and kept as the
 * screener reads them (the service drops what the screener would ignore).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { savedScreenRecord } from '../../../lib/content-records.ts';
import { ALERT_MESSAGES } from '../../../lib/alerts.ts';
import { hasInvisibleCharacters, normalizeName } from '../../../lib/names.ts';
import { SAVED_SCREEN_NAME_MAX, SAVED_SCREEN_QUERY_MAX, SAVED_SCREEN_TEXT } from '../../../lib/saved-screens.ts';
import { SCREENER_COLUMNS } from '../../../lib/screener-columns.ts';
import { createRouter } from '../../platform/http/context.ts';
import { idParam, textField } from '../../platform/http/fields.ts';
import {
  ErrorSchema,
  apiSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  unauthorizedResponse,
} from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/index.ts';
import { deleteSavedScreen, listSavedScreens, saveScreen, setSavedScreenAlert, updateSavedScreen } from './service.ts';

/** The record with its alert switch (docs/product.md §15.7). */
const SavedScreen = apiSchema(savedScreenRecord.extend({ alert: z.boolean() }), 'SavedScreen');

const nameField = textField(SAVED_SCREEN_NAME_MAX, {
  required: SAVED_SCREEN_TEXT.nameRequired,
  min: 1,
  minMessage: SAVED_SCREEN_TEXT.nameRequired,
})
  // One name however it was typed ('café' composed or not), and none that hides characters.
  .transform(normalizeName)
  .refine((name) => !hasInvisibleCharacters(name), SAVED_SCREEN_TEXT.nameInvisible);
const queryField = z
  .string({ message: 'query is the screener’s link query' })
  .max(SAVED_SCREEN_QUERY_MAX, `query must be at most ${SAVED_SCREEN_QUERY_MAX} characters`)
  .transform((query) => query.replace(/^\?/, ''));
const COLUMN_FIELDS: ReadonlySet<string> = new Set(SCREENER_COLUMNS.map((column) => column.field));
const columnsField = z
  .array(z.string().refine((field) => COLUMN_FIELDS.has(field), 'columns: not a column of the screener'))
  .max(SCREENER_COLUMNS.length);

const conflictResponse = { 409: jsonContent(ErrorSchema, 'Another of the reader’s screens has that name') };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Saved screens'],
  summary: 'The signed-in reader’s saved screens, newest first',
  responses: { 200: jsonContent(z.object({ data: z.array(SavedScreen) }), 'Screens'), ...unauthorizedResponse },
});

const createScreenRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Saved screens'],
  summary: 'Saves the screen under a name',
  request: jsonBody(z.strictObject({ name: nameField, query: queryField, columns: columnsField })),
  responses: {
    201: jsonContent(z.object({ data: SavedScreen }), 'Saved'),
    ...errorResponses,
    ...conflictResponse,
    ...unauthorizedResponse,
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Saved screens'],
  summary: 'Renames a saved screen, or keeps another screen in it',
  request: {
    params: idParam,
    ...jsonBody(
      z
        .strictObject({ name: nameField.optional(), query: queryField.optional(), columns: columnsField.optional() })
        .refine((body) => Object.keys(body).length > 0, 'Give a name, a query or columns to change'),
    ),
  },
  responses: {
    200: jsonContent(z.object({ data: SavedScreen }), 'Changed'),
    ...errorResponses,
    ...notFoundResponse,
    ...conflictResponse,
    ...unauthorizedResponse,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Saved screens'],
  summary: 'Deletes a saved screen',
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true) }), 'Deleted'),
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

const alertRoute = createRoute({
  method: 'put',
  path: '/{id}/alert',
  tags: ['Saved screens'],
  summary: 'Turns alerts on or off for companies newly entering the screen',
  request: {
    params: idParam,
    ...jsonBody(z.strictObject({ alert: z.boolean({ message: 'alert must be true or false' }) })),
  },
  responses: {
    200: jsonContent(z.object({ data: SavedScreen, message: z.string() }), 'Changed'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

export const savedScreenRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json({ data: await listSavedScreens(c.var.db, requireUser(c).id) }, 200))
  .openapi(createScreenRoute, async (c) => {
    const screen = await saveScreen(c.var.db, requireUser(c).id, c.req.valid('json'));
    return c.json({ data: screen }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const screen = await updateSavedScreen(c.var.db, requireUser(c).id, id, c.req.valid('json'));
    return c.json({ data: screen }, 200);
  })
  .openapi(alertRoute, async (c) => {
    const { id } = c.req.valid('param');
    const screen = await setSavedScreenAlert(c.var.db, requireUser(c).id, id, c.req.valid('json').alert);
    const message = screen.alert ? ALERT_MESSAGES.screenOn(screen.name) : ALERT_MESSAGES.screenOff(screen.name);
    return c.json({ data: screen, message }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param');
    await deleteSavedScreen(c.var.db, requireUser(c).id, id);
    return c.json({ success: true as const }, 200);
  });
