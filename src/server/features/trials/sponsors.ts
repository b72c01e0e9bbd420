/**
 * Which listed company a trial's sponsor is (docs/product.md §9.13). ClinicalTrials.gov names a
 * sponsor as the sponsor wrote it ("Regeneron Pharmaceuticals", "Neuren Pharmaceuticals Ltd.",
 * "Tocagen Inc."), so both names are brought to the same words first: legal forms, punctuation, case
 * and the listed security's words left out (companies/company-names.ts), and plurals made singular
 * (Therapeutics and Therapeutic are one name). A sponsor is a company's when:
 * 1. it is one of staff's aliases of the company (they always win), or
 * 2. its words are the company's words, and no other company has them.
 * A sponsor whose words begin with the company's, or the other way round ("Sanofi" and "Sanofi
 * Pasteur"), is *doubtful*: not placed, but reported, so staff can add it as an alias.
 */
import { nameWords } from '../companies/index.ts';

/** A word's singular, for the plurals of company names (THERAPEUTICS, BIOSCIENCES, LABORATORIES). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('IES')) return `${word.slice(0, -3)}Y`;
  if (word.length > 3 && word.endsWith('S') && !/(SS|US|IS)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A name's words as a key: 'Regeneron Pharmaceuticals, Inc.' and 'REGENERON PHARMACEUTICAL' give one key. */
export const sponsorWords = (name: string): string[] => nameWords(name).map(singular);
export const sponsorKey = (name: string): string => sponsorWords(name).join(' ');

/** Security and legal-form words a listed company's name adds, left out of what the registry is asked. */
const LISTING_WORDS =
  /\s*[,.]?\s*\b(?:(?:Class|Series)\s+[A-Z0-9]\s+)?(?:Common\s+Stock|Common\s+Shares|Ordinary\s+Shares|American\s+Depositary\s+(?:Shares|Receipts)|Depositary\s+(?:Shares|Receipts))\b.*$/i;
const LEGAL_FORM =
  /[\s,]+(?:Inc|Incorporated|Corp|Corporation|Co|Ltd|Limited|plc|LLC|L\.P|LP|N\.V|NV|S\.A|SA|AG|SE|Holdings?)\.?$/i;

/**
 * What the registry is asked for a company: its name as people write it, without the listed security
 * or a legal form ('Regeneron Pharmaceuticals, Inc. Common Stock' → 'Regeneron Pharmaceuticals').
 */
export function sponsorQuery(name: string): string {
  let query = name.replace(LISTING_WORDS, '').trim();
  for (let previous = ''; previous !== query;) {
    previous = query;
    query = query.replace(LEGAL_FORM, '').trim();
  }
  return query.replace(/[,.]+$/, '').trim();
}

export interface SponsorMatch {
  symbol: string;
  /** Staff's alias, or the company's own name. */
  how: 'alias' | 'name';
}

export interface DoubtfulSponsor {
  sponsor: string;
  symbol: string;
}

export interface SponsorMatcher {
  /** The company a sponsor is, or null. */
  match(sponsor: string): SponsorMatch | null;
  /** The company a sponsor that was not placed might be (see the header), or null. */
  doubtful(sponsor: string): DoubtfulSponsor | null;
}

export function sponsorMatcher(
  companies: readonly { symbol: string; name: string }[],
  aliases: readonly { symbol: string; alias: string }[],
): SponsorMatcher {
  const byAlias = new Map<string, string>();
  for (const { symbol, alias } of aliases) {
    const key = sponsorKey(alias);
    if (key) byAlias.set(key, symbol);
  }
  const byName = new Map<string, string | null>();
  const byFirst = new Map<string, { symbol: string; words: string[] }[]>();
  for (const { symbol, name } of companies) {
    const words = sponsorWords(name);
    if (!words.length) continue;
    const key = words.join(' ');
    // Two companies with one name: neither is placed by it.
    byName.set(key, byName.has(key) && byName.get(key) !== symbol ? null : symbol);
    const list = byFirst.get(words[0]!) ?? [];
    list.push({ symbol, words });
    byFirst.set(words[0]!, list);
  }
  return {
    match(sponsor) {
      const key = sponsorKey(sponsor);
      if (!key) return null;
      const alias = byAlias.get(key);
      if (alias) return { symbol: alias, how: 'alias' };
      const named = byName.get(key);
      return named ? { symbol: named, how: 'name' } : null;
    },
    doubtful(sponsor) {
      const words = sponsorWords(sponsor);
      if (!words.length) return null;
      for (const entry of byFirst.get(words[0]!) ?? []) {
        const [shorter, longer] = entry.words.length <= words.length ? [entry.words, words] : [words, entry.words];
        if (shorter.every((w, i) => longer[i] === w)) return { sponsor, symbol: entry.symbol };
      }
      return null;
    },
  };
}
