/**
 * The nine sector cards of the screener (docs/product.md §7.5, §22.2). A card
 * holds the industries the lookup puts in the sector of its name, so a
 * company is in exactly one card, the one its page names: drug makers in
 * Life Sciences, real-estate trusts in Real Estate & Construction, blank
 * checks in Finance and only the crypto investors in Crypto Assets.
 */
import { INDUSTRIES, SECTORS, industryFor, type Industry, type SectorName } from './industries.ts';

export interface SectorCard {
  id: string;
  name: string;
  /** The industry lookup's sector the card holds, as company records carry it. */
  sector: SectorName;
}

export const SECTOR_CARDS: readonly SectorCard[] = [
  { id: 'energy-transportation', name: 'Energy & Transportation', sector: SECTORS.E },
  { id: 'real-estate-construction', name: 'Real Estate & Construction', sector: SECTORS.R },
  { id: 'manufacturing', name: 'Manufacturing', sector: SECTORS.M },
  { id: 'industrial-applications', name: 'Industrial Applications', sector: SECTORS.I },
  { id: 'life-sciences', name: 'Life Sciences', sector: SECTORS.L },
  { id: 'technology', name: 'Technology', sector: SECTORS.T },
  { id: 'trade-services', name: 'Trade & Services', sector: SECTORS.S },
  { id: 'finance', name: 'Finance', sector: SECTORS.F },
  { id: 'crypto-assets', name: 'Crypto Assets', sector: SECTORS.C },
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

/** Whether a company of this SIC code is in the card: the lookup (an unlisted code by its nearest) names its sector. */
export function cardContains(card: SectorCard, sicCode: number): boolean {
  return industryFor(sicCode)?.sector === card.sector;
}

const LAST_CODE = 9999;

/** Each card's SIC code bounds (inclusive), computed the first time a screen asks. */
let rangesByCard: Map<SectorCard, [number, number][]> | null = null;

/** SIC code bounds (inclusive) of the codes a card holds, for filters over a code column. */
export function cardCodeRanges(card: SectorCard): [number, number][] {
  if (!rangesByCard) {
    const ranges = new Map<SectorCard, [number, number][]>(SECTOR_CARDS.map((c) => [c, []]));
    const bySector = new Map(SECTOR_CARDS.map((c) => [c.sector, ranges.get(c)!]));
    let open: { list: [number, number][]; from: number } | null = null;
    for (let code = 0; code <= LAST_CODE + 1; code++) {
      const list = code > LAST_CODE ? undefined : bySector.get(industryFor(code)?.sector as SectorName);
      if (open && open.list !== list) {
        open.list.push([open.from, code - 1]);
        open = null;
      }
      if (list && !open) open = { list, from: code };
    }
    rangesByCard = ranges;
  }
  return rangesByCard.get(card) ?? [];
}

/** The sub-sectors offered in a card's dropdown: the lookup entries of its sector. */
export function subSectors(card: SectorCard): Industry[] {
  return INDUSTRIES.filter((i) => i.sector === card.sector);
}

/** A card's lookup codes in words, runs of neighbouring entries joined: '1520-1731, 6500-6552, 6798'. */
export function cardCodesText(card: SectorCard): string {
  const runs: [number, number][] = [];
  let last: Industry | undefined;
  for (const entry of [...INDUSTRIES].sort((a, b) => a.code - b.code)) {
    if (entry.sector === card.sector) {
      if (last?.sector === card.sector) runs[runs.length - 1]![1] = entry.code;
      else runs.push([entry.code, entry.code]);
    }
    last = entry;
  }
  return runs.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(', ');
}
