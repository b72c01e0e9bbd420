/** Response shapes shared by many routes, and the request body wrapper; request fields are in fields.ts. */
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

/** The answers of a staff-only call to everyone else. */
export const staffResponses = {
  ...unauthorizedResponse,
  403: jsonContent(z.object({ message: z.string() }), 'Not staff'),
};

/** A staff edit or delete based on a version someone else has since replaced (optimistic concurrency). */
export const staleEditResponse = {
  409: jsonContent(ErrorSchema, 'Changed by someone else since the version the edit is based on'),
};

/** A JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/**
 * A shared record shape (src/lib) as a named API schema. Zod gives a schema
 * its methods when it is made, and the shared shapes may be made before this
 * module loads the OpenAPI extension: the object is made again here, over the
 * same fields, so it can carry a name.
 */
export const apiSchema = <Shape extends z.ZodRawShape>(record: z.ZodObject<Shape>, name: string) =>
  z.object(record.shape).openapi(name);
