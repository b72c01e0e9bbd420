import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../../src/server/platform/batch.ts';

describe('a batcher', () => {
  it('loads every key asked for in one pass with one call, each key once', async () => {
    const calls: string[][] = [];
    const batcher = createBatcher(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((k) => [k, k.toLowerCase()]));
    }, null);
    const values = await Promise.all(['A', 'B', 'A', 'C'].map((key) => batcher.load(key)));
    expect(values).toEqual(['a', 'b', 'a', 'c']);
    expect(calls).toEqual([['A', 'B', 'C']]);
    expect(await batcher.load('B')).toBe('b');
    expect(calls).toHaveLength(1);
  });

  it('answers the missing value for keys the load did not find, and passes failures on', async () => {
    const found = createBatcher(async () => new Map([['x', 1]]), 0);
    expect(await Promise.all([found.load('x'), found.load('y')])).toEqual([1, 0]);
    const broken = createBatcher<string, number>(async () => {
      throw new Error('database gone');
    }, 0);
    await expect(broken.load('x')).rejects.toThrow('database gone');
  });
});
