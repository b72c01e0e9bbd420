/**
 * The nine sector cards of the screener, each a set of SIC code ranges
 * (docs/product.md §7.5, §22.2). Ranges are by major group (first two digits), so a code
 * may fall in more than one card: Industrial Applications lies inside
 * Manufacturing and Crypto Assets inside Finance.
 */
import { INDUSTRIES, SECTORS, type Industry, type SectorName } from './industries.ts';

export interface SectorCard {
  id: string;
  name: string;
  /** The industry lookup's sector of the same name, as company records carry it. */
  sector: SectorName;
  /** Inclusive ranges of SIC major groups. */
  groups: readonly (readonly [number, number])[];
}

export const SECTOR_CARDS: readonly SectorCard[] = [
  { id: 'energy-transportation', name: 'Energy & Transportation', sector: SECTORS.E, groups: [[40, 49]] },
  { id: 'real-estate-construction', name: 'Real Estate & Construction', sector: SECTORS.R, groups: [[15, 17]] },
  { id: 'manufacturing', name: 'Manufacturing', sector: SECTORS.M, groups: [[20, 39]] },
  { id: 'industrial-applications', name: 'Industrial Applications', sector: SECTORS.I, groups: [[34, 37]] },
  { id: 'life-sciences', name: 'Life Sciences', sector: SECTORS.L, groups: [[80, 80]] },
  { id: 'technology', name: 'Technology', sector: SECTORS.T, groups: [[73, 73]] },
  { id: 'trade-services', name: 'Trade & Services', sector: SECTORS.S, groups: [[50, 59]] },
  { id: 'finance', name: 'Finance', sector: SECTORS.F, groups: [[60, 67]] },
  { id: 'crypto-assets', name: 'Crypto Assets', sector: SECTORS.C, groups: [[67, 67]] },
];

const folded = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The card a link names: by its id ('life-sciences'), its name ('Life
 * Sciences', any case) or the lookup sector a company page names
 * ('Industrial Applications and Services').
 */
export function sectorCardFor(value: string): SectorCard | undefined {
  const wanted = folded(value);
  return SECTOR_CARDS.find((c) => c.id === wanted || folded(c.name) === wanted || folded(c.sector) === wanted);
}

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
