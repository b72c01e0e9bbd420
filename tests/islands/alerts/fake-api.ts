/**
 * The site's API client as the alerts islands use it, answered by a fake
 * server: each test sets the routes, and every call is recorded.
 */
import { vi } from 'vitest';

/** A refused call as the site's client reports it: the status and the server's `{ message }`. */
export class Refused extends Error {
  readonly response: { status: number };
  constructor(status: number, message: string) {
    super(message);
    this.response = { status };
  }
}

export interface Call {
  method: string;
  path: string;
  options: { json?: unknown; searchParams?: unknown } | undefined;
}

type Handler = (call: Call) => unknown;

export const calls: Call[] = [];
export const routes = new Map<string, Handler>();
/** While set, answers wait for it. */
export const gate: { hold: Promise<void> | null } = { hold: null };

export function reset(): void {
  calls.length = 0;
  routes.clear();
  gate.hold = null;
}

const call = (method: string) => (path: string, options?: Call['options']) => {
  const entry = { method, path, options };
  calls.push(entry);
  const answer = async () => {
    if (gate.hold) await gate.hold;
    const handler = routes.get(`${method} ${path}`);
    if (!handler) throw new Refused(404, 'Not found');
    return handler(entry);
  };
  const promise = answer();
  // Like ky: the call is a promise of the response, with `.json()` for its body.
  const response = promise.then(() => ({ ok: true }));
  // Callers that read only the body handle its failure there.
  response.catch(() => {});
  return Object.assign(response, { json: () => promise });
};

export const fakeClient = {
  API_BASE: '/api/',
  api: { get: call('GET'), put: call('PUT'), post: call('POST'), delete: call('DELETE'), patch: call('PATCH') },
  BACKGROUND: { background: true },
  isHttpError: (error: unknown) => error instanceof Refused,
  serverMessage: (error: unknown) => (error instanceof Refused ? error.message : null),
  setUnauthorizedHandler: vi.fn(),
};

export const writes = () => calls.filter((c) => c.method !== 'GET');
