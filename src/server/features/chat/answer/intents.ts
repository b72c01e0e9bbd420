/**
 * Which facts a question asks for (its intents), read from its words with
 * the vocabulary: strong words first, weak ones only when nothing stronger
 * names an intent, single words with a typo or two. Also the words a
 * question uses that RedChat does not read, which mark a question (or a
 * part of one) as about something else.
 */
import { LEGAL_WORDS } from './company-mentions.ts';
import { NUMBER_WORDS } from './period.ts';
import {
  ADVICE,
  COMPARE,
  FAVORITES,
  FILING_WORDS,
  LAGGARDS,
  LEADERS,
  MARKET,
  MOVERS,
  SINGLE_WORDS,
  SMALL_TALK,
  VOCABULARY,
  type Intent,
} from './vocabulary.ts';
import { COMMON_WORDS, sameWord, type Token } from './words.ts';

/** The question's words joined by single spaces, with spaces around, for phrase matching. */
export function phraseText(tokens: Token[], skip: Set<number>): string {
  return ` ${tokens
    .filter((t) => !skip.has(t.index))
    .map((t) => t.word.replace(/-/g, ' '))
    .join(' ')} `;
}

const has = (text: string, phrase: string) => text.includes(` ${phrase} `);
export const hasAny = (text: string, phrases: readonly string[]) => phrases.some((p) => has(text, p));

export function findIntents(tokens: Token[], text: string, skip: Set<number>, filings: boolean): Set<Intent> {
  const strong = new Set<Intent>();
  // A form type ('10-K', 'proxy') names the filings intent as surely as the word 'filings'.
  if (filings) strong.add('filings');
  const weak = new Set<Intent>();
  for (const [intent, v] of Object.entries(VOCABULARY) as [Intent, (typeof VOCABULARY)[Intent]][]) {
    if (v.words.some((p) => p.includes(' ') && has(text, p))) strong.add(intent);
    if (v.weak?.some((p) => p.includes(' ') && has(text, p))) weak.add(intent);
  }
  for (const token of tokens) {
    if (skip.has(token.index)) continue;
    const word = token.word;
    for (const entry of SINGLE_WORDS) {
      // A common word counts only as written ('sell' is not a typo of 'shell').
      const matches =
        word === entry.word || (!COMMON_WORDS.has(word) && word.length >= 4 && sameWord(word, entry.word));
      if (matches) (entry.weak ? weak : strong).add(entry.intent);
    }
  }
  return strong.size > 0 ? strong : weak;
}

/** Whether an intent was named only by its weak words. */
export function isWeakOnly(intent: Intent, text: string, tokens: Token[], skip: Set<number>): boolean {
  const words = VOCABULARY[intent].words;
  if (words.some((p) => p.includes(' ') && has(text, p))) return false;
  return !tokens.some((t) => !skip.has(t.index) && words.some((w) => !w.includes(' ') && sameWord(t.word, w)));
}

/**
 * Words that say nothing about what a question asks ('going', 'lately') and
 * the words of every phrase RedChat reads: a question made only of these,
 * common words and its vocabulary is about the stock; any other word
 * ('weather', 'world cup') is about something RedChat does not cover.
 */
const EXPLAINED_WORDS: ReadonlySet<string> = new Set(
  [
    ...[
      'going',
      'goes',
      'happening',
      'happened',
      'lately',
      'recently',
      'currently',
      'today',
      'right',
      'overall',
      'anything',
      'everything',
      'something',
      'stuff',
      'thing',
      'things',
      'kind',
      'sort',
      'bit',
      'quick',
      'quickly',
      'briefly',
      'summary',
      'summarize',
      'details',
      'detail',
      'exactly',
      'please',
      'pls',
      'doing',
      'buying',
      'selling',
      'bought',
      'sold',
      'company',
      'companies',
      'firm',
      'ticker',
      'symbol',
      'share',
      'shares',
      'quarter',
      'quarters',
      'session',
      'weekly',
      'monthly',
      'yearly',
      'since',
      'far',
    ],
    ...Object.values(VOCABULARY).flatMap((v) => [...v.words, ...(v.weak ?? [])]),
    ...ADVICE,
    ...MARKET,
    ...LEADERS,
    ...LAGGARDS,
    ...MOVERS,
    ...FAVORITES,
    ...COMPARE,
    ...SMALL_TALK,
    ...FILING_WORDS.flatMap(([, words]) => words),
    ...LEGAL_WORDS,
    ...Object.keys(NUMBER_WORDS),
  ].flatMap((phrase) => phrase.split(' ')),
);

/** The question's words that are neither common, nor RedChat's own, nor a company's name. */
export function unexplainedWords(tokens: Token[], skip: Set<number>): string[] {
  return tokens
    .filter((t) => !skip.has(t.index) && !/^\d/.test(t.word) && t.word.length > 1)
    .map((t) => t.word)
    .filter(
      (word) =>
        !COMMON_WORDS.has(word) &&
        !EXPLAINED_WORDS.has(word) &&
        !(word.length >= 4 && SINGLE_WORDS.some((entry) => sameWord(word, entry.word))),
    );
}
