import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDUSTRIES, SECTORS, industryFor } from '../../src/lib/industries.ts';
import {
  SECTOR_CARDS,
  cardCodeRanges,
  cardCodesText,
  cardContains,
  sectorCardFor,
  subSectors,
} from '../../src/lib/sectors.ts';

const card = (name: string) => SECTOR_CARDS.find((c) => c.name === name)!;
const cardsHolding = (code: number) => SECTOR_CARDS.filter((c) => cardContains(c, code)).map((c) => c.name);
const inRanges = (ranges: [number, number][], code: number) => ranges.some(([lo, hi]) => code >= lo && code <= hi);

describe('sector cards', () => {
  it('are the nine cards of the screener, one per sector of the industry lookup', () => {
    expect(SECTOR_CARDS.map((c) => c.name)).toEqual([
      'Energy & Transportation',
      'Real Estate & Construction',
      'Manufacturing',
      'Industrial Applications',
      'Life Sciences',
      'Technology',
      'Trade & Services',
      'Finance',
      'Crypto Assets',
    ]);
    expect(new Set(SECTOR_CARDS.map((c) => c.sector))).toEqual(new Set(Object.values(SECTORS)));
  });

  it('hold only the industries of the sector their name says, and every listed industry in one card', () => {
    for (const entry of INDUSTRIES)
      expect(cardsHolding(entry.code), `${entry.code}`).toEqual([sectorCardFor(entry.sector)!.name]);
    for (const c of SECTOR_CARDS)
      expect(
        subSectors(c).every((i) => i.sector === c.sector),
        c.name,
      ).toBe(true);
  });

  it('put any code in the card of its lookup sector, and their code ranges say the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), (code) => {
        const sector = industryFor(code)?.sector;
        expect(cardsHolding(code)).toEqual(sector ? [sectorCardFor(sector)!.name] : []);
        for (const c of SECTOR_CARDS) expect(inRanges(cardCodeRanges(c), code)).toBe(cardContains(c, code));
      }),
      { numRuns: 2000 },
    );
  });

  it('keep real-estate trusts and blank checks out of Crypto Assets, which holds the crypto investors alone', () => {
    expect(cardsHolding(6798)).toEqual(['Real Estate & Construction']);
    expect(cardsHolding(6770)).toEqual(['Finance']);
    expect(cardsHolding(6799)).toEqual(['Crypto Assets']);
    expect(subSectors(card('Crypto Assets')).map((i) => i.code)).toEqual([6799]);
    expect(cardCodesText(card('Crypto Assets'))).toBe('6799');
    expect(cardCodesText(card('Real Estate & Construction'))).toBe('1520-1731, 6500-6552, 6798');
  });

  it('hold drug makers in Life Sciences and oil producers in Energy & Transportation', () => {
    expect(cardsHolding(2834)).toEqual(['Life Sciences']);
    expect(cardsHolding(1311)).toEqual(['Energy & Transportation']);
    expect(cardsHolding(3571)).toEqual(['Technology']);
    expect(cardsHolding(8071)).toEqual(['Life Sciences']);
  });

  it('offer a non-empty sub-sector list for every card', () => {
    for (const c of SECTOR_CARDS) expect(subSectors(c).length, c.name).toBeGreaterThan(0);
  });
});
