/**
 * Background work that writes many statements (quotes, alert rows) lets
 * requests through between two. On the embedded database a statement runs on
 * the server's thread and a request's queries queue behind it; a request
 * makes a few queries in turn, so with only a turn of the event loop between
 * two statements it would wait behind one for each of its queries. After a
 * statement that took t ms the work pauses about as long (at most
 * `PACE_MAX_MS`): it takes at most about half the thread, and a request that
 * arrived meanwhile finishes all its queries in the pause.
 */
export const PACE_MAX_MS = 20;

/** Resolves after a pause as long as the time since `startedAt` (performance.now()), within 1–PACE_MAX_MS ms. */
export function paceAfter(startedAt: number): Promise<void> {
  const took = performance.now() - startedAt;
  return new Promise((resolve) => setTimeout(resolve, Math.min(PACE_MAX_MS, Math.max(1, took))));
}

/**
 * One turn of the event loop: enough between two statements on PostgreSQL
 * (its own processes run them) and between two slices of work done in this
 * thread, so a request that came meanwhile is answered.
 */
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
