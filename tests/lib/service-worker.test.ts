import { describe, expect, it } from 'vitest';
import { accountCacheName, pageCacheKey } from '../../src/lib/service-worker.ts';

describe('what the service worker keeps pages and answers under', () => {
  it('keeps a page once, whatever its query, fragment or trailing slash', () => {
    const key = pageCacheKey('https://redcap.example/stocks');
    expect(pageCacheKey('https://redcap.example/stocks/')).toBe(key);
    expect(pageCacheKey('https://redcap.example/stocks?sector=Health+Care#grid')).toBe(key);
    expect(pageCacheKey('https://redcap.example/stocks/ABCD')).not.toBe(key);
    expect(pageCacheKey('https://redcap.example/')).toBe('https://redcap.example/');
  });

  it('keeps each reader’s private answers apart from another reader’s and a guest’s', () => {
    expect(accountCacheName('a1')).not.toBe(accountCacheName('b2'));
    expect(accountCacheName(null)).not.toBe(accountCacheName('a1'));
  });
});
