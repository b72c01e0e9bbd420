import { describe, expect, it } from 'vitest';
import { DATE_CHIPS, withinChip } from '../../../src/islands/content/NewsletterArchive.tsx';
import { sectorChips } from '../../../src/islands/content/VideoLibrary.tsx';

describe('newsletter date chips', () => {
  it('run from All to two years back and keep what was published in the span', () => {
    expect(DATE_CHIPS.map((c) => c.label)).toEqual([
      'All',
      'One Week Ago',
      'One Month Ago',
      'Three Months Ago',
      'Six Months Ago',
      'One Year Ago',
      'Two Years Ago',
    ]);
    const now = Date.parse('2026-11-22T12:00:00Z');
    const items = [
      { published_at: '2026-11-20T12:00:00Z' },
      { published_at: '2026-11-01T12:00:00Z' },
      { published_at: '2025-06-01T12:00:00Z' },
    ];
    expect(withinChip(items, null, now)).toHaveLength(3);
    expect(withinChip(items, 7, now)).toHaveLength(1);
    expect(withinChip(items, 30, now)).toHaveLength(2);
    expect(withinChip(items, 730, now)).toHaveLength(3);
  });
});

describe('video sector chips', () => {
  it('group the server’s SIC codes by sector, in alphabetical order', () => {
    const chips = sectorChips([2834, 2836, 7372, 6022]);
    expect([...chips.keys()]).toEqual([...chips.keys()].sort());
    const all = [...chips.values()].flat().sort((a, b) => a - b);
    expect(all).toEqual([2834, 2836, 6022, 7372]);
    const lifeSciences = [...chips].find(([, codes]) => codes.includes(2834));
    expect(lifeSciences?.[1]).toContain(2836);
  });
});
