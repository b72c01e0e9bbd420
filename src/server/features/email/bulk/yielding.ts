/**
 * How many messages the bulk sender keeps in flight, held back while the
 * server's event loop is busy. Writing, signing and handing over mail runs
 * on the thread that answers readers' requests (and on the embedded
 * database, that runs their queries too): at full speed on a small machine
 * the sender would make every request wait behind its callbacks. A timer
 * that should fire every 10 ms tells how late the loop runs; while it runs
 * late the limit halves, and once it is on time again the limit climbs back
 * by one, up to the configured concurrency (additive increase,
 * multiplicative decrease).
 */
const TICK_MS = 10;
/** Lateness, smoothed, above which requests are waiting too long. */
export const BUSY_LAG_MS = 15;
/** The limit moves at most this often, so each change is seen before the next. */
const ADJUST_MS = 100;

export interface InFlightLimit {
  /** Messages that may be in flight now. */
  readonly value: number;
  stop(): void;
}

/** The next limit for a smoothed lateness: halved while busy, one more once on time, kept in between. */
export function adjustLimit(limit: number, lagMs: number, ceiling: number): number {
  if (lagMs > BUSY_LAG_MS) return Math.max(1, Math.floor(limit / 2));
  if (lagMs < BUSY_LAG_MS / 3) return Math.min(ceiling, limit + 1);
  return limit;
}

export function yieldingLimit(ceiling: number): InFlightLimit {
  let limit = ceiling;
  let lag = 0;
  let last = performance.now();
  let adjusted = last;
  const timer = setInterval(() => {
    const now = performance.now();
    lag = 0.7 * lag + 0.3 * Math.max(0, now - last - TICK_MS);
    last = now;
    if (now - adjusted < ADJUST_MS) return;
    adjusted = now;
    limit = adjustLimit(limit, lag, ceiling);
  }, TICK_MS);
  timer.unref();
  return {
    get value() {
      return limit;
    },
    stop: () => clearInterval(timer),
  };
}
