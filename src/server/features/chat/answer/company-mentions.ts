/**
 * Which listed companies a question names: by ticker (any case, or as a
 * cashtag) or by name (with or without its legal suffix, with a typo or two).
 * Built once per screener snapshot from its rows.
 */
import { COMMON_WORDS, NOT_TICKERS, sameWord, tokenize, type Token } from './words.ts';

export interface ListedCompany {
  symbol: string;
  name: string;
  is_client: boolean;
}

export interface CompanyMention {
  company: ListedCompany;
  /** The first token of the mention, to keep mentions in the order they were written. */
  at: number;
}

export interface Mentions {
  companies: CompanyMention[];
  /** A name that fits several companies equally well, e.g. 'Acorn Systems' (Corporation or Ltd.). */
  ambiguous: { phrase: string; candidates: ListedCompany[] }[];
  /** Indices of the tokens that named a company (they are not read as anything else). */
  used: Set<number>;
}

/** Legal forms: a name is recognised without them, and they tell apart names that differ only by them. */
export const LEGAL_WORDS: ReadonlySet<string> = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'plc',
  'llc',
  'lp',
  'sa',
  'nv',
  'ag',
  'se',
  'group',
  'holdings',
  'holding',
  'the',
]);

const nameWords = (name: string) => tokenize(name.replace(/,/g, ' ')).map((t) => t.word.replace(/\.$/, ''));

interface NameEntry {
  company: ListedCompany;
  /** The name's distinctive words (legal forms dropped). */
  core: string[];
  /** Every word of the name, to tell apart 'Acorn Systems Corporation' from 'Acorn Systems Ltd.'. */
  all: Set<string>;
}

export interface CompanyDirectory {
  bySymbol: Map<string, ListedCompany>;
  find(question: string): Mentions;
}

/**
 * `reserved` are words of RedChat's own vocabulary ('insider', 'filings'):
 * like common English words, they are never tickers in lower case.
 */
export function createCompanyDirectory(
  rows: readonly ListedCompany[],
  reserved: ReadonlySet<string> = new Set(),
): CompanyDirectory {
  const bySymbol = new Map(rows.map((r) => [r.symbol.toUpperCase(), r]));
  const byFirstWord = new Map<string, NameEntry[]>();
  for (const company of rows) {
    const words = nameWords(company.name);
    const core = words.filter((w) => !LEGAL_WORDS.has(w));
    if (core.length === 0) continue;
    const entry: NameEntry = { company, core, all: new Set(words) };
    const list = byFirstWord.get(core[0]!) ?? [];
    list.push(entry);
    byFirstWord.set(core[0]!, list);
  }
  const firstWords = [...byFirstWord.keys()];

  /** Entries whose first distinctive word is this token (allowing a typo). */
  const entriesStartingWith = (word: string): NameEntry[] => {
    const exact = byFirstWord.get(word);
    if (exact) return exact;
    if (word.length < 5 || COMMON_WORDS.has(word)) return [];
    return firstWords.filter((w) => sameWord(word, w)).flatMap((w) => byFirstWord.get(w)!);
  };

  /** The names starting at a token, with how many of their words the question spells out in a row. */
  function namesAt(tokens: Token[], start: number) {
    const matches: { entry: NameEntry; length: number }[] = [];
    for (const entry of entriesStartingWith(tokens[start]!.word)) {
      let length = 1;
      while (
        length < entry.core.length &&
        start + length < tokens.length &&
        sameWord(tokens[start + length]!.word, entry.core[length]!)
      )
        length++;
      matches.push({ entry, length });
    }
    return matches;
  }

  /** Whether a token is written as a ticker. */
  function tickerAt(token: Token, shouting: boolean): ListedCompany | null {
    const company = bySymbol.get(token.raw.toUpperCase());
    if (!company) return null;
    if (token.cashtag) return company;
    const upper = token.raw === token.raw.toUpperCase() && /[A-Z]/.test(token.raw);
    if (upper && !shouting) return NOT_TICKERS.has(token.raw) ? null : company;
    // Lower case (or a question in capitals): a ticker unless it is a common English word.
    return COMMON_WORDS.has(token.word) ||
      reserved.has(token.word) ||
      NOT_TICKERS.has(token.raw.toUpperCase()) ||
      token.word.length < 2
      ? null
      : company;
  }

  return {
    bySymbol,
    find(question) {
      const tokens = tokenize(question);
      const letters = question.replace(/[^A-Za-z]/g, '');
      // A question typed in capitals says nothing by its case.
      const shouting = letters.length >= 8 && letters === letters.toUpperCase();
      const companies: CompanyMention[] = [];
      const ambiguous: Mentions['ambiguous'] = [];
      const used = new Set<number>();
      const add = (company: ListedCompany, at: number) => {
        if (!companies.some((m) => m.company.symbol === company.symbol)) companies.push({ company, at });
      };

      // Names first: their words may look like tickers ('Atlas Data' holds no ticker).
      for (let i = 0; i < tokens.length; i++) {
        if (used.has(i)) continue;
        const matches = namesAt(tokens, i);
        if (matches.length === 0) continue;
        const longest = Math.max(...matches.map((m) => m.length));
        // One distinctive word is not a name ('Atlas' starts 35 of them) unless it is the whole name.
        let best = matches.filter((m) => m.length === longest && (longest >= 2 || m.entry.core.length === 1));
        if (best.length === 0) continue;
        // A name spelled out in full beats one it only begins.
        const full = best.filter((m) => m.length === m.entry.core.length);
        if (full.length > 0) best = full;
        // A legal form written after the name tells apart names that differ only by it.
        const next = tokens[i + longest]?.word.replace(/\.$/, '');
        if (best.length > 1 && next && LEGAL_WORDS.has(next)) {
          const narrowed = best.filter((m) => m.entry.all.has(next));
          if (narrowed.length > 0) best = narrowed;
        }
        if (longest === 1 && tokens[i]!.raw[0] !== tokens[i]!.raw[0]!.toUpperCase()) continue;
        for (let k = i; k < i + longest; k++) used.add(k);
        if (next && LEGAL_WORDS.has(next)) used.add(i + longest);
        if (best.length === 1) add(best[0]!.entry.company, i);
        else
          ambiguous.push({
            phrase: tokens
              .slice(i, i + longest)
              .map((t) => t.raw)
              .join(' '),
            candidates: best.map((m) => m.entry.company),
          });
        i += longest - 1;
      }
      for (const token of tokens) {
        if (used.has(token.index)) continue;
        const company = tickerAt(token, shouting);
        if (company) {
          add(company, token.index);
          used.add(token.index);
        }
      }
      companies.sort((a, b) => a.at - b.at);
      return { companies, ambiguous, used };
    },
  };
}
