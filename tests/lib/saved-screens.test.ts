import { describe, expect, it } from 'vitest';
import { canonicalScreen, savedScreenLink } from '../../src/lib/saved-screens.ts';
import { REQUIRED_COLUMNS } from '../../src/lib/screener-columns.ts';

describe('what a saved screen keeps', () => {
  it('keeps the screen as the screener reads it, on its first page', () => {
    const kept = canonicalScreen('?page=3&sort=volume&dir=desc&size=100&Bogus=1&sector=manufacturing', []);
    expect(new URLSearchParams(kept.query)).toEqual(
      new URLSearchParams('sector=manufacturing&sort=volume&dir=desc&size=100'),
    );
  });

  it('keeps the grid’s required columns and drops columns the grid has not', () => {
    const kept = canonicalScreen('', ['volume', 'no_such_column']);
    expect(kept.columns).toContain('volume');
    expect(kept.columns).not.toContain('no_such_column');
    for (const column of REQUIRED_COLUMNS) expect(kept.columns).toContain(column);
  });

  it('opens the default screen as the default, not the screen the browser last showed', () => {
    expect(savedScreenLink({ query: '' })).toBe('/stocks?sort=symbol');
    expect(savedScreenLink({ query: 'sort=volume' })).toBe('/stocks?sort=volume');
  });
});
