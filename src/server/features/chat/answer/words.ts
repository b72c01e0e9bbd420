/**
 * Words of a question as RedChat reads them: tokens with their position and
 * case, the common English words that are never tickers when written in
 * lower case, and a typo-tolerant comparison.
 */

export interface Token {
  /** Lower case, without a possessive ('s) or a leading '$'. */
  word: string;
  /** As written. */
  raw: string;
  /** Written with a leading '$' (a cashtag: always a ticker). */
  cashtag: boolean;
  /** Index among the question's tokens. */
  index: number;
  /** Where the token begins and ends in the question (as normalized by `normalizeQuestion`). */
  start: number;
  end: number;
}

/** The form of a question every reading of it works on (compatibility characters folded: 'ﬁ' is 'fi'). */
export const normalizeQuestion = (text: string) => text.normalize('NFKC');

const TOKEN = /\$?[A-Za-z0-9][A-Za-z0-9.&-]*(?:['’][sS])?/g;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of normalizeQuestion(text).matchAll(TOKEN)) {
    let raw = match[0].replace(/['’][sS]$/, '').replace(/[.-]+$/, '');
    const cashtag = raw.startsWith('$');
    if (cashtag) raw = raw.slice(1);
    if (!raw) continue;
    const start = match.index;
    tokens.push({ word: raw.toLowerCase(), raw, cashtag, index: tokens.length, start, end: start + match[0].length });
  }
  return tokens;
}

/**
 * Words that are English before they are tickers: in lower case they are
 * never read as a symbol (in upper case, or as a cashtag, they are).
 */
export const COMMON_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him his ' +
    'how i if in into is it its just me more most my no nor not now of off on once only or other our out over own ' +
    'same she should so some such than that the their them then there these they this those through to too under ' +
    'until up very was we were what when where which while who whom why will with would you your yours ' +
    'also anything best big buy cap caps cheap compare data day days did does doing else ever find get give go good ' +
    'high hold info last latest let like list low many me month months much new news next please price rate sell ' +
    'show stock stocks tell than top trade two week weeks year years yes one three four five six ten per vs via ' +
    'ok hi hey thanks thank well way want know look see say said sure tech bio fund funds deal real free open ' +
    'close run runs fly win wins bad big key plus pro net fast safe earn gain team life care cash flow bank home ' +
    'ago ytd mom dad car job art fun love hope'
  ).split(/\s+/),
);

/**
 * Abbreviations investors write in capitals that are not meant as tickers
 * (some are tickers in a universe all the same: a cashtag still reads them).
 */
export const NOT_TICKERS = new Set(
  (
    'AI CEO CFO COO CTO SEC FDA NYSE NASDAQ OTC IPO ETF EPS PE RSI MACD EMA SMA YTD USA US UK EU Q1 Q2 Q3 Q4 ' +
    'NDA BLA IND PDUFA CRL 8K 10K 10Q 6K S1 S3 ADR OK API ESG GDP CPI FED IR PR TV ET EST EDT PM AM I A'
  ).split(/\s+/),
);

/** Optimal string alignment distance (edits, with a swap of neighbours as one), up to `max` (then max + 1). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, prevPrev[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[cols - 1]!;
}

/** How many typos a word of this length may carry and still be recognised. */
export const typoAllowance = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/** Whether `typed` is `word`, allowing for the typos a word of its length may carry. */
export function sameWord(typed: string, word: string): boolean {
  if (typed === word) return true;
  const allowed = typoAllowance(Math.min(typed.length, word.length));
  return allowed > 0 && editDistance(typed, word, allowed) <= allowed;
}
