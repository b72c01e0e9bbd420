/**
 * /api/tools/events: staff list, add, change and delete webinars and
 * conference sessions (docs/product.md §18.13). An event needs a title (§5.10); each
 * write is audited and rebuilds the affected pages.
 */
import { z } from '@hono/zod-openapi';
import { formIdFrom } from '../../../lib/event-registration.ts';
import { eventEditRecord } from '../../../lib/console-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { editorRoutes } from '../../platform/http/editor-routes.ts';
import { companySymbolField, dateTimeField, editBody, linkField, textField } from '../../platform/http/fields.ts';
import { apiSchema } from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { createEvent, deleteEvent, eventsForConsole, updateEvent } from './staff-edits.ts';

/** The registration form's id; a pasted registration link gives its id, so links are built from ids only. */
const formIdField = textField(2000).transform((value, ctx) => {
  if (value === '') return null;
  const id = formIdFrom(value);
  if (id) return id;
  ctx.addIssue({
    code: 'custom',
    message: 'must be a form id (letters, digits, - and _) or a registration link /events/form/{form id}/{zoom id}',
  });
  return z.NEVER;
});

const EventBody = z.strictObject({
  title: textField(300, { required: 'title is required', min: 1, minMessage: 'title is required' }),
  company_symbol: companySymbolField.nullable().optional(),
  upcoming_date: dateTimeField.optional(),
  isActive: z.boolean().optional(),
  archived: z.boolean().optional(),
  archive_url: linkField.nullable().optional(),
  Zoom_url: linkField.nullable().optional(),
  form_url: formIdField.nullable().optional(),
  zoom_id: textField(64)
    .regex(/^[A-Za-z0-9_-]*$/, 'zoom_id may hold letters, digits, - and _ only')
    .nullable()
    .optional(),
  image_url: linkField.nullable().optional(),
  agenda: textField(5000, { multiline: true }).nullable().optional(),
});

const router = createRouter();
router.use('*', staffOnly);

export const eventStaffRoutes = router.route(
  '/',
  editorRoutes({
    path: '/events',
    summaries: {
      list: 'Events for the console, latest date first, searched by words (q)',
      create: 'Add an event (title required)',
      update: 'Change an event (any of the create fields, and the version the change is based on)',
      remove: 'Delete an event (optionally only if it is still at the given version)',
    },
    listKey: 'data',
    record: apiSchema(eventEditRecord, 'EventEdit'),
    createBody: EventBody,
    patchBody: editBody(EventBody),
    list: eventsForConsole,
    create: createEvent,
    update: updateEvent,
    remove: deleteEvent,
  }),
);
