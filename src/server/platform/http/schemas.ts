/** Response shapes shared by many routes. */
import { z } from '@hono/zod-openapi';

export const ErrorSchema = z.object({ message: z.string() }).openapi('Error');

export const errorResponses = {
  400: { description: 'Bad input', content: { 'application/json': { schema: ErrorSchema } } },
  413: { description: 'Body too large', content: { 'application/json': { schema: ErrorSchema } } },
} as const;

export const notFoundResponse = {
  404: { description: 'Not found', content: { 'application/json': { schema: ErrorSchema } } },
} as const;

export const unauthorizedResponse = {
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
} as const;

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A ticker as it may appear in a path, query or body ('abcd' is accepted; services upper-case it). */
export const tickerSchema = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(/^[A-Za-z.-]+$/, 'symbol must be a ticker such as ABCD');

/** The largest value of an integer column: ids beyond it name nothing. */
export const MAX_ID = 2 ** 31 - 1;

/** A record id in a path. */
export const idParam = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** The answers of a staff-only call to everyone else. */
export const staffResponses = {
  ...unauthorizedResponse,
  403: jsonContent(z.object({ message: z.string() }), 'Not staff'),
};

/** A site path ('/api/covers/…') or an http(s) address; empty means none. */
export const linkField = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/[^\s]+$/i.test(v), 'must be a URL or a site path')
  .transform((v) => (v === '' ? null : v));

/** The company a staff edit is about. */
export const companySymbolField = z
  .string()
  .trim()
  .min(1, 'company_symbol is required')
  .max(12)
  .regex(/^[A-Za-z.-]+$/, 'company_symbol must be a ticker');

/** A JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** A date and time with its offset (or local, read as the server's), as a Date. */
export const dateTimeField = z.iso.datetime({ offset: true, local: true }).transform((v) => new Date(v));

/** A page of a staff list (the console pages 25 at a time). */
export const staffListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** An email address field with the spec's messages. */
export const emailField = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Invalid email format' }));

/**
 * A shared record shape (src/lib) as a named API schema. Zod gives a schema
 * its methods when it is made, and the shared shapes may be made before this
 * module loads the OpenAPI extension: the object is made again here, over the
 * same fields, so it can carry a name.
 */
export const apiSchema = <Shape extends z.ZodRawShape>(record: z.ZodObject<Shape>, name: string) =>
  z.object(record.shape).openapi(name);
