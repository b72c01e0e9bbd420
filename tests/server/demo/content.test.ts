import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/build/sanitize.ts';
import { generateContent, HOSTILE_SNIPPETS } from '../../../src/server/demo/content.ts';
import { generateUniverse } from '../../../src/server/demo/universe.ts';

describe('demo articles', () => {
  // The default demo universe's first names and sectors (some with '&'), over two years of news.
  const universe = generateUniverse({ seed: 'smallcap-demo-1', asOf: '2026-11-20', count: 600 });
  const content = generateContent(
    'smallcap-demo-1',
    '2026-11-20',
    universe.companies.map(({ row }) => ({
      symbol: row.symbol,
      name: row.name,
      sectorName: row.sectorName,
      sicCode: row.sicCode,
      isClient: row.isClient ?? false,
      lastSale: row.lastSale ?? null,
    })),
  );

  it('are written as the sanitizer writes staff HTML, all but the few that carry hostile markup', () => {
    const changed = content.news.filter((row) => sanitizeHtml(row.description ?? '') !== row.description);
    expect(changed.filter((row) => !content.hostile.has(row)).map((row) => row.title)).toEqual([]);
    // The hostile ones are the ones the seed sanitizes, and each carries one of the snippets.
    expect(new Set(changed)).toEqual(content.hostile);
    expect(content.hostile.size).toBeGreaterThan(10);
    for (const row of content.hostile) expect(HOSTILE_SNIPPETS.some((s) => row.description?.includes(s))).toBe(true);
  });
});
