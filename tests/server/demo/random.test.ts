import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/server/demo/random.ts';

describe('seeded random numbers', () => {
  it('repeat exactly for the same seed and differ for another', () => {
    const a = createRandom('seed');
    const b = createRandom('seed');
    const c = createRandom('other');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('stay within their ranges', () => {
    const r = createRandom('range');
    for (let i = 0; i < 2000; i++) {
      const v = r.int(3, 7);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(7);
      const x = r.logBetween(10, 1000);
      expect(x).toBeGreaterThanOrEqual(10);
      expect(x).toBeLessThan(1000);
    }
  });

  it('give forks that do not depend on how much the parent was used afterwards', () => {
    const p1 = createRandom('p');
    const f1 = p1.fork('x');
    p1.next();
    const p2 = createRandom('p');
    const f2 = p2.fork('x');
    expect(f1.next()).toBe(f2.next());
  });
});
