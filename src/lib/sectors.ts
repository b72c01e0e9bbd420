/**
 * The nine sector cards of the screener, each a set of SIC code ranges
 * (spec 002 §3). Ranges are by major group (first two digits), so a code
 * may fall in more than one card: Industrial Applications lies inside
 * Manufacturing and Crypto Assets inside Finance.
 */
import { INDUSTRIES, type Industry } from './industries.ts';

export interface SectorCard {
  id: string;
  name: string;
  /** Inclusive ranges of SIC major groups. */
  groups: readonly (readonly [number, number])[];
}

export const SECTOR_CARDS: readonly SectorCard[] = [
  { id: 'energy-transportation', name: 'Energy & Transportation', groups: [[40, 49]] },
  { id: 'real-estate-construction', name: 'Real Estate & Construction', groups: [[15, 17]] },
  { id: 'manufacturing', name: 'Manufacturing', groups: [[20, 39]] },
  { id: 'industrial-applications', name: 'Industrial Applications', groups: [[34, 37]] },
  { id: 'life-sciences', name: 'Life Sciences', groups: [[80, 80]] },
  { id: 'technology', name: 'Technology', groups: [[73, 73]] },
  { id: 'trade-services', name: 'Trade & Services', groups: [[50, 59]] },
  { id: 'finance', name: 'Finance', groups: [[60, 67]] },
  { id: 'crypto-assets', name: 'Crypto Assets', groups: [[67, 67]] },
];

export function cardContains(card: SectorCard, sicCode: number): boolean {
  const group = Math.floor(sicCode / 100);
  return card.groups.some(([from, to]) => group >= from && group <= to);
}

/** SIC code bounds (inclusive) of a card's ranges, for database filters. */
export function cardCodeRanges(card: SectorCard): [number, number][] {
  return card.groups.map(([from, to]) => [from * 100, to * 100 + 99]);
}

/** The sub-sectors offered in a card's dropdown: the lookup entries inside it. */
export function subSectors(card: SectorCard): Industry[] {
  return INDUSTRIES.filter((i) => cardContains(card, i.code));
}
