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
