/**
 * Input hygiene in one place: the field types every request schema is built
 * from. Text never carries NUL or other control characters (newlines and
 * tabs only where a field holds several lines) nor broken Unicode; numbers
 * that name rows stay within their integer columns; links are absolute
 * http(s) addresses with a host, or paths of this site.
 */
import { z } from '@hono/zod-openapi';
import { isSafeLink } from '../../../lib/links.ts';

/** C0 and C1 control characters, DEL included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same but tab, newline and carriage return, which multi-line text may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The largest value of an integer column: ids beyond it name nothing. */
export const MAX_ID = 2 ** 31 - 1;

export interface TextOptions {
  /** The message when the field is missing or not text. */
  required?: string;
  /** At least this many characters (after trimming), with the message for fewer. */
  min?: number;
  minMessage?: string;
  /** Message for more than `max` characters. */
  maxMessage?: string;
  /** Several lines allowed (bodies, descriptions, HTML). */
  multiline?: boolean;
  /** Leading and trailing spaces are kept (passwords, codes as typed); trimmed otherwise. */
  keepSpaces?: boolean;
}

/** Text from outside: trimmed, at most `max` characters, no control characters, well-formed Unicode. */
export function textField(max: number, options: TextOptions = {}) {
  const string = options.required ? z.string({ message: options.required }) : z.string();
  const base = options.keepSpaces ? string : string.trim();
  const sized = base
    .min(options.min ?? 0, options.minMessage)
    .max(max, options.maxMessage ?? `must be at most ${max} characters`);
  const control = options.multiline ? CONTROL_IN_LINES : CONTROL;
  return sized
    .refine((value) => !control.test(value), 'must not contain control characters')
    .refine((value) => value.isWellFormed(), 'must be valid Unicode text');
}

/** A whole number within `min`..`max`, from a query or path string. */
export const queryInteger = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** A row id in a JSON body. */
export const idField = z.number().int().positive().max(MAX_ID);

/** A record id in a path. */
export const idParam = z.object({ id: queryInteger(1, MAX_ID) });

/** A ticker named `field` in messages ('abcd' is accepted; services upper-case it). */
const tickerField = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required`)
    .max(12)
    .regex(/^[A-Za-z.-]+$/, `${field} must be a ticker such as ABCD`);

/** A ticker as it may appear in a path, query or body. */
export const tickerSchema = tickerField('symbol');

/** The company a staff edit is about. */
export const companySymbolField = tickerField('company_symbol');

/** The link rule, shared with the links inside rich text (src/lib/links.ts). */
export { isSafeLink };

/** A link (see isSafeLink); empty means none. */
export const linkField = textField(2000)
  .refine((v) => v === '' || isSafeLink(v), 'must be an http(s) URL or a site path')
  .transform((v) => (v === '' ? null : v));

/** A date and time with its offset (or local, read as the server's), as a Date. */
export const dateTimeField = z.iso.datetime({ offset: true, local: true }).transform((v) => new Date(v));

/** A page of a staff list (the console pages 25 at a time). */
export const staffListQuery = z.object({
  q: textField(200).optional(),
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 100).default(25),
});

/** The version of a record an edit is based on (optimistic concurrency). */
export const versionField = z
  .number({ message: 'version is required: send the version of the record the edit is based on' })
  .int()
  .positive()
  .max(MAX_ID);

/** A staff edit's body: the fields to change and the version they are based on. */
export const editBody = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  fields
    .partial()
    .extend({ version: versionField })
    .refine((v) => Object.keys(v).some((key) => key !== 'version'), 'nothing to update');

/** A delete may name the version it was based on; without one it deletes whatever is stored. */
export const versionQuery = z.object({ version: queryInteger(1, MAX_ID).optional() });

/** An email address field with the messages of docs/product.md. */
export const emailField = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Invalid email format' }));
