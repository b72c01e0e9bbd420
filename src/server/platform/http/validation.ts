/**
 * Turns a failed zod validation of a request into a 400 with a sentence a
 * person can act on, e.g. "email: Invalid email address".
 */
import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';

export function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `${where}${issue.message}`;
  });
  return parts.join('; ');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the hook is shared by every route
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    return c.json({ message: describeIssues(result.error) }, 400);
  }
  return undefined;
};
