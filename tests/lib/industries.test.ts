import { describe, expect, it } from 'vitest';
import { INDUSTRIES, MAJOR_GROUPS, SECTORS, industryFor } from '../../src/lib/industries.ts';

describe('industry lookup', () => {
  it('maps codes to sector, subdivision and description', () => {
    expect(industryFor(2834)).toMatchObject({
      sector: 'Life Sciences',
      subdivision: 'Chemicals and Allied Products',
      description: 'Pharmaceutical preparations',
    });
  });

  it('covers every SIC major group from agriculture to nonclassifiable', () => {
    const groups = new Set(INDUSTRIES.map((i) => Math.floor(i.code / 100)));
    for (const group of Object.keys(MAJOR_GROUPS).map(Number)) {
      if (![2, 43, 88, 89, 91, 95, 97].includes(group)) expect(groups, `group ${group}`).toContain(group);
    }
    expect(Math.min(...INDUSTRIES.map((i) => i.code))).toBeLessThan(200);
    expect(Math.max(...INDUSTRIES.map((i) => i.code))).toBe(9999);
  });

  it('resolves an unlisted code to the nearest code of its major group', () => {
    expect(industryFor(2837)?.code).toBe(2836);
    expect(industryFor(7375)?.sector).toBe('Technology');
  });

  it('uses only the known sectors and unique codes', () => {
    const names = new Set(Object.values(SECTORS));
    expect(INDUSTRIES.every((i) => names.has(i.sector))).toBe(true);
    expect(new Set(INDUSTRIES.map((i) => i.code)).size).toBe(INDUSTRIES.length);
  });
});
