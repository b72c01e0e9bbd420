/**
 * Fixed-window rate limits kept in the database, so every instance behind a
 * load balancer counts the same hits. One atomic upsert per check.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db/client.ts';
import { rateLimited } from './errors.ts';
import { rateLimits } from './tables.ts';

export interface Limit {
  /** What is being limited, e.g. 'login:ip:1.2.3.4'. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** A key's count in its window, and the seconds until the window ends. */
export interface WindowHits {
  hits: number;
  retryAfter: number;
}

/** Whether the stored window began more than `windowSeconds` ago (its count no longer applies). */
const windowOver = (windowSeconds: number) =>
  sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;

/** The columns both readers answer: the count, and the seconds left in the window. */
const hitsAndRetry = (windowSeconds: number) =>
  sql`hits, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) as retry`;

const windowHitsOf = (result: unknown, fallback: WindowHits): WindowHits => {
  const row = rowsOf<{ hits: number; retry: string | number }>(result)[0];
  return row ? { hits: Number(row.hits), retryAfter: Number(row.retry) } : fallback;
};

/** Counts a hit on a key and answers the window's hits so far and the seconds until it ends. */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<WindowHits> {
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when ${windowOver(windowSeconds)} then 1 else ${rateLimits.hits} + 1 end,
      window_start = case when ${windowOver(windowSeconds)} then now() else ${rateLimits.windowStart} end
    returning ${hitsAndRetry(windowSeconds)}`);
  return windowHitsOf(result, { hits: 1, retryAfter: windowSeconds });
}

/** The hits a key has in its current window, without counting one (0 when the window has passed). */
export async function hitsOf(db: Db, key: string, windowSeconds: number): Promise<WindowHits> {
  const result = await db.execute(sql`
    select ${hitsAndRetry(windowSeconds)} from ${rateLimits}
    where key = ${key} and not (${windowOver(windowSeconds)})`);
  return windowHitsOf(result, { hits: 0, retryAfter: 0 });
}

/** Counts a hit; refuses (rate-limited, with the seconds until the window ends) when its allowance is used up. */
export async function enforce(db: Db, limit: Limit): Promise<void> {
  const { hits, retryAfter } = await hit(db, limit.key, limit.windowSeconds);
  if (hits > limit.max) throw rateLimited(retryAfter);
}

export async function enforceAll(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await enforce(db, limit);
}

/** Clears the counters of a key (a successful sign-in resets its failures). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where key = ${key}`);
}
