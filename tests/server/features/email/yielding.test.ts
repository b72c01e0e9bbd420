import { describe, expect, it } from 'vitest';
import { adjustLimit, BUSY_LAG_MS, yieldingLimit } from '../../../../src/server/features/email/bulk/yielding.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the event loop for `busyMs` out of every `everyMs`, for `forMs`, as a flood of callbacks would. */
async function busyLoop(busyMs: number, everyMs: number, forMs: number) {
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    const end = performance.now() + busyMs;
    while (performance.now() < end);
    await sleep(everyMs - busyMs);
  }
}

describe('the bulk sender’s in-flight limit', () => {
  it('falls to a message at a time while the server’s requests would wait behind it', async () => {
    const limit = yieldingLimit(8);
    try {
      await busyLoop(45, 50, 800);
      expect(limit.value).toBeLessThanOrEqual(2);
    } finally {
      limit.stop();
    }
  });

  it('halves while the loop runs late, climbs back by one once it is on time, and stays within its bounds', () => {
    expect(adjustLimit(8, BUSY_LAG_MS + 1, 8)).toBe(4);
    expect(adjustLimit(1, 100, 8)).toBe(1);
    expect(adjustLimit(4, 0, 8)).toBe(5);
    expect(adjustLimit(8, 0, 8)).toBe(8);
    // Between on time and late it holds, so it does not swing with every tick.
    expect(adjustLimit(5, BUSY_LAG_MS / 2, 8)).toBe(5);
    let value = 1;
    for (let step = 0; step < 7; step++) value = adjustLimit(value, 0, 8);
    expect(value).toBe(8);
  });
});
