/**
 * Headers added to an answer after its handler made it. Hono's `c.header()`
 * on a finished answer copies the whole answer first (a new Response, its
 * headers and body stream) for every header set: the security headers and
 * the request id every answer carries cost seven copies a request. Here
 * they are set on the answer's own headers, and the answer is copied once
 * only when its headers cannot be changed (an answer fetched from elsewhere).
 */
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

export function setAnswerHeaders(c: Context<AppEnv>, headers: readonly (readonly [string, string])[]): void {
  try {
    const target = c.res.headers;
    for (const [name, value] of headers) target.set(name, value);
  } catch {
    // Immutable headers: one copy of the answer, then the same settings on it.
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
}
