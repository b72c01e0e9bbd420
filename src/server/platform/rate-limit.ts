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

/** Counts a hit; refuses (rate-limited, with the seconds until the window ends) when its allowance is used up. */
export async function enforce(db: Db, limit: Limit): Promise<void> {
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, window_start, hits) values (${limit.key}, now(), 1)
    on conflict (key) do update set
      hits = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${limit.windowSeconds})
                  then 1 else ${rateLimits.hits} + 1 end,
      window_start = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${limit.windowSeconds})
                  then now() else ${rateLimits.windowStart} end
    returning hits, extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())) as retry`);
  const row = rowsOf<{ hits: number; retry: string | number }>(result)[0];
  if (row && Number(row.hits) > limit.max) throw rateLimited(Number(row.retry));
}

export async function enforceAll(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await enforce(db, limit);
}

/** Clears the counters of a key (a successful sign-in resets its failures). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where key = ${key}`);
}
