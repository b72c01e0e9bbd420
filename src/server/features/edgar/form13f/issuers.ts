/**
 * Which listed company a 13F holding is of. A holding names its security by CUSIP and its issuer by
 * the name the SEC's 13F list gives it ("INTERCONTINENTAL EXCHANGE IN": abbreviated, cut after 28
 * characters, upper case), so a CUSIP is placed, in this order:
 * 1. by staff's CUSIP map (cusip_symbols), which always wins;
 * 2. by the company an import placed it with before by its issuer's name (kept in cusip_symbols
 *    too), so a company keeps its CUSIP whatever one filer calls it;
 * 3. by its issuer's name, held against the listed companies' names once both are brought to the
 *    same words (legal forms, share-class words and the 13F list's abbreviations evened out; a name
 *    cut at 28 characters matches the one company it is the start of), when the CUSIP is one of
 *    common equity (digits in its issue number, and a class that is not a note, preferred, warrant,
 *    right or unit) and the name fits one company only.
 * A name that fits two companies places neither: a holding placed wrongly would be worse than one
 * left out, and the import names what it left out, largest first, for the CUSIP map.
 */
import { ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { LEGAL_FORM_WORDS, companiesView, cusipSymbolsView, nameWords } from '../../companies/index.ts';

export { nameWords };

/** The 13F list cuts issuers' names after this many characters: a name this long may end mid-word. */
const CUT_AT = 28;

/**
 * Whether a CUSIP and its class can be a company's common equity: an issue number of digits (debt
 * issues have letters) and a class that is not a note, a preferred, a warrant, a right or a unit.
 */
export function isEquity(cusip: string, titleOfClass: string): boolean {
  if (!/^\d{2}$/.test(cusip.slice(6, 8))) return false;
  return !/\b(NOTE|NOTES|NT|DEB|DEBT|BOND|BD|PFD|PREF|PREFERRED|WT|WTS|WARRANT|WARRANTS|RT|RTS|RIGHT|RIGHTS|UNIT|UNITS|CONV|CV|SR|SUB|SUBORDINATED)\b|%|\*W/i.test(
    titleOfClass,
  );
}

interface Entry {
  symbol: string;
  words: string[];
}

export interface CompanyNames {
  /** The one listed company this issuer name is of, or null (none, or more than one). */
  match(issuer: string): string | null;
}

/** The listed companies by name, for matching issuers' names. */
export function companyNames(rows: readonly { symbol: string; name: string }[]): CompanyNames {
  const byKey = new Map<string, string | null>();
  const byFirst = new Map<string, Entry[]>();
  for (const { symbol, name } of rows) {
    const words = nameWords(name);
    if (!words.length) continue;
    const key = words.join(' ');
    // Two companies with one name: neither is matched by it.
    byKey.set(key, byKey.has(key) && byKey.get(key) !== symbol ? null : symbol);
    const list = byFirst.get(words[0]!) ?? [];
    list.push({ symbol, words });
    byFirst.set(words[0]!, list);
  }
  return {
    match(issuer) {
      const words = nameWords(issuer);
      if (!words.length) return null;
      const exact = byKey.get(words.join(' '));
      if (exact !== undefined) return exact;
      if (issuer.trim().length < CUT_AT || words.length < 2) return null;
      // Cut short: every word but the last is whole, the last is the start of one (or of a legal form dropped).
      const whole = words.slice(0, -1);
      const part = words.at(-1)!;
      const found = new Set<string>();
      for (const entry of byFirst.get(whole[0]!) ?? []) {
        if (entry.words.length < whole.length || whole.some((w, i) => entry.words[i] !== w)) continue;
        const next = entry.words[whole.length];
        if (next === undefined ? [...LEGAL_FORM_WORDS].some((t) => t.startsWith(part)) : next.startsWith(part))
          found.add(entry.symbol);
      }
      return found.size === 1 ? [...found][0]! : null;
    },
  };
}

/** What a data set or a filing says of one CUSIP: the names its lines give the issuer, with their value. */
export interface CusipNames {
  /** Issuer name → dollars of the lines that give it (a few names at most). */
  names: Map<string, number>;
  /** The class of the line of largest value. */
  titleOfClass: string;
  titleValue: number;
}

export interface CusipMatcher {
  /** The listed company a CUSIP is of, by staff's map, the CUSIPs placed before, then its issuer's names. */
  match(cusip: string, seen: CusipNames): string | null;
  /** The CUSIPs `match` placed by their issuer's name for the first time, to keep (companies' keepCusipsPlacedByName). */
  readonly placedByName: Map<string, string>;
  /** Whether the database holds companies holdings can be placed with (not the demo universe). */
  readonly universe: number;
}

/** Names kept per CUSIP: filers rarely differ on more than a few spellings. */
export const NAMES_PER_CUSIP = 6;

/** Adds one line's issuer name and class to what is known of its CUSIP. */
export function noteName(
  seen: Map<string, CusipNames>,
  cusip: string,
  issuer: string,
  title: string,
  dollars: number,
): void {
  let entry = seen.get(cusip);
  if (!entry) seen.set(cusip, (entry = { names: new Map(), titleOfClass: title, titleValue: dollars }));
  else if (dollars > entry.titleValue) {
    entry.titleOfClass = title;
    entry.titleValue = dollars;
  }
  const known = entry.names.get(issuer);
  if (known !== undefined) entry.names.set(issuer, known + dollars);
  else if (entry.names.size < NAMES_PER_CUSIP) entry.names.set(issuer, dollars);
}

/** The issuer name a CUSIP's lines give most (by value). */
export const mainName = (seen: CusipNames): string => [...seen.names].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';

/**
 * The matcher over the database's listed companies. Demo companies are never matched: demo and
 * real records do not mix.
 */
export async function createCusipMatcher(db: Db): Promise<CusipMatcher> {
  const listed = await db
    .select({ symbol: companiesView.symbol, name: companiesView.name })
    .from(companiesView)
    .where(ne(companiesView.dataSource, 'demo'));
  const symbols = new Set(listed.map((c) => c.symbol));
  const mapped = new Map(
    (await db.select({ cusip: cusipSymbolsView.cusip, symbol: cusipSymbolsView.symbol }).from(cusipSymbolsView)).map(
      (r) => [r.cusip, r.symbol],
    ),
  );
  const names = companyNames(listed);
  const placedByName = new Map<string, string>();
  return {
    universe: symbols.size,
    placedByName,
    match(cusip, seen) {
      const known = mapped.get(cusip);
      if (known) return symbols.has(known) ? known : null;
      if (!isEquity(cusip, seen.titleOfClass)) return null;
      // The company most of the CUSIP's value names, when the names that match agree enough.
      const votes = new Map<string, number>();
      let matched = 0;
      for (const [name, dollars] of seen.names) {
        const symbol = names.match(name);
        if (!symbol) continue;
        votes.set(symbol, (votes.get(symbol) ?? 0) + dollars + 1);
        matched += dollars + 1;
      }
      const [best] = [...votes].sort((a, b) => b[1] - a[1]);
      if (!best || best[1] * 2 <= matched) return null;
      placedByName.set(cusip, best[0]);
      return best[0];
    },
  };
}
