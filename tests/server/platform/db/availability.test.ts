import { describe, expect, it } from 'vitest';
import { createAvailability } from '../../../../src/server/platform/db/availability.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('database availability', () => {
  it('stops work after a lost connection and lets it through again once a probe succeeds', async () => {
    let databaseUp = false;
    let probes = 0;
    const availability = createAvailability(async () => {
      probes++;
      if (!databaseUp) throw new Error('ECONNREFUSED');
    }, 10);
    try {
      expect(availability.reachable()).toBe(true);
      expect(probes).toBe(0); // Nothing is probed while all is well.
      availability.reportUnreachable();
      availability.reportUnreachable(); // Many failing requests start one probe loop, not many.
      expect(availability.reachable()).toBe(false);
      await sleep(60);
      expect(availability.reachable()).toBe(false);
      expect(probes).toBeGreaterThan(2);
      expect(probes).toBeLessThan(8);
      databaseUp = true;
      await sleep(40);
      expect(availability.reachable()).toBe(true);
      const settled = probes;
      await sleep(40);
      expect(probes).toBe(settled);
    } finally {
      availability.close();
    }
  });
});
