/**
 * What a question asks, as the built-in engine reads it: the companies it
 * names, the facts it wants about them (intents.ts), the period of a
 * performance question (period.ts), the filing groups of a filings question,
 * a screen described in words (screen-words.ts), the investing terms it asks
 * to be defined (term-question.ts), and whether it asks for advice, about
 * the future, about the market, or about the reader's favorites. A compound
 * question is read whole and part by part. Pure: the companies come from a
 * directory built from the screener's snapshot.
 */
import type { FilingGroupName } from '../../../../lib/company.ts';
import type { CompanyDirectory, ListedCompany, Mentions } from './company-mentions.ts';
import { FORECAST_WORDS, PRICE_VERBS, asksAboutFuture } from './future.ts';
import { findIntents, hasAny, isWeakOnly, phraseText, unexplainedWords } from './intents.ts';
import { findPeriod, type Period } from './period.ts';
import type { GlossaryEntry } from './glossary.ts';
import { findScreen, type ScreenWords } from './screen-words.ts';
import { askedTerm } from './term-question.ts';
import {
  ADVICE,
  COMPARE,
  FAVORITES,
  FILING_WORDS,
  FORECASTABLE,
  IPO_CALENDAR,
  LAGGARDS,
  LEADERS,
  MARKET,
  MOVERS,
  SMALL_TALK,
  UNKNOWN_METRICS,
  type Intent,
} from './vocabulary.ts';
import { normalizeQuestion, tokenize, type Token } from './words.ts';

export interface Question {
  companies: ListedCompany[];
  /** Names that fit several companies: the answer asks which one. */
  ambiguous: { phrase: string; candidates: ListedCompany[] }[];
  intents: Set<Intent>;
  period: Period | null;
  filingGroups: FilingGroupName[];
  screen: ScreenWords | null;
  /** The small-cap indices and the day's movers. */
  market: boolean;
  movers: 'leaders' | 'laggards' | null;
  /** The IPO calendar: coming and recent listings. */
  ipos: boolean;
  favorites: boolean;
  advice: boolean;
  compare: boolean;
  /** Figures the site does not have ('P/E ratio', 'dividends'), as the reader named them. */
  unknown: string[];
  /** Hello, thanks and the like, with nothing else asked. */
  smallTalk: boolean;
  /** It asks what a price (or another market figure) will be: no one can know that. */
  forecast: boolean;
  /** Parts of a compound question that ask nothing RedChat reads ('… and who won the world cup'), as written. */
  unanswered: string[];
  /** Investing terms it asks to be defined ('What is a reverse stock split?'), answered from the glossary. */
  definitions: GlossaryEntry[];
}

/** One reading of a question (or of one part of it), with what it needs to be split into parts. */
interface Reading {
  question: Question;
  mentions: Mentions;
  tokens: Token[];
  /** Words that are neither common, nor RedChat's, nor a company's. */
  unexplained: string[];
}

function read(question: string, directory: CompanyDirectory, now: Date): Reading {
  const tokens = tokenize(question);
  const mentions = directory.find(question);
  const lower = ` ${normalizeQuestion(question).toLowerCase().replace(/[’]/g, "'")} `;
  const text = phraseText(tokens, mentions.used);
  const filingGroups = FILING_WORDS.filter(([, words]) => hasAny(text, words)).map(([group]) => group);
  const unknown = UNKNOWN_METRICS.filter(([pattern]) => pattern.test(lower)).map(([, name]) => name);
  let intents = findIntents(tokens, text, mentions.used, filingGroups.length > 0);
  // 'What is its P/E?' asks for a figure the site lacks, not for the profile 'what is' hints at.
  if (unknown.length > 0 && intents.size > 0 && [...intents].every((i) => isWeakOnly(i, text, tokens, mentions.used)))
    intents = new Set();
  let period = findPeriod(lower, intents);
  if (period && !intents.has('range') && !intents.has('filings')) intents.add('performance');
  const companies = mentions.companies.map((m) => m.company);
  const unexplained = unexplainedWords(tokens, mentions.used);
  // 'What is the weather this week?' in a company's chat: 'what is' and a period alone do not make it about the stock.
  if (
    companies.length === 0 &&
    unexplained.length > 0 &&
    intents.size > 0 &&
    [...intents].every((i) => isWeakOnly(i, text, tokens, mentions.used))
  ) {
    intents = new Set();
    period = null;
  }
  // A valuation question is not about the market; a question about a period is not about the 52-week range.
  const withoutCap = text.replace(/ market cap\w* /g, ' ');
  const screen = companies.length === 0 ? findScreen(lower, question) : null;
  const movers = hasAny(text, LEADERS) ? 'leaders' : hasAny(text, LAGGARDS) ? 'laggards' : null;
  const market =
    companies.length === 0 &&
    (hasAny(withoutCap, MARKET) || movers !== null || hasAny(text, MOVERS)) &&
    (screen === null || screen.described.every((d) => d === 'up today' || d === 'down today'));
  // 'Recent IPOs' asks for the calendar; 'companies that IPO'd since 2021' is a screen of listed companies.
  const ipos = companies.length === 0 && hasAny(text, IPO_CALENDAR) && !/\b(?:19|20)\d{2}\b/.test(lower);
  const advice = hasAny(text, ADVICE) || /\b(should|would) (?:i|you) (?:buy|sell|hold|invest)/.test(lower);
  // In 'will it go up?' or 'is it worth buying now?', 'up' and 'worth' are the advice asked, not a figure.
  if (advice) intents = new Set([...intents].filter((i) => !isWeakOnly(i, text, tokens, mentions.used)));
  const future = asksAboutFuture(lower, now);
  // Analysts' price targets are the site's own figures about the future: those it gives.
  const forecast =
    !advice &&
    !intents.has('analysts') &&
    (FORECAST_WORDS.test(lower) ||
      (future && ([...intents].some((i) => FORECASTABLE.has(i)) || PRICE_VERBS.test(lower))));
  if (forecast && intents.size === 0) intents.add('quote');
  const words = tokens.map((t) => t.word);
  const smallTalk =
    companies.length === 0 && words.length > 0 && words.length <= 6 && words.every((w) => SMALL_TALK.has(w));
  return {
    tokens,
    mentions,
    unexplained,
    question: {
      companies,
      ambiguous: mentions.ambiguous,
      intents,
      period: forecast ? null : period,
      filingGroups,
      screen: market || ipos ? null : screen,
      market,
      movers,
      ipos,
      favorites: hasAny(text, FAVORITES),
      advice,
      compare: companies.length >= 2 && (hasAny(text, COMPARE) || intents.size === 0),
      unknown,
      smallTalk,
      forecast,
      unanswered: [],
      definitions: [],
    },
  };
}

/** A question that asks only for definitions: nothing about companies, the market or the reader. */
const definitionsOnly = (definitions: GlossaryEntry[]): Question => ({
  companies: [],
  ambiguous: [],
  intents: new Set(),
  period: null,
  filingGroups: [],
  screen: null,
  market: false,
  movers: null,
  ipos: false,
  favorites: false,
  advice: false,
  compare: false,
  unknown: [],
  smallTalk: false,
  forecast: false,
  unanswered: [],
  definitions,
});

/** Whether a reading found anything at all to answer besides definitions. */
export const asksAnything = (q: Question) =>
  q.companies.length > 0 ||
  q.ambiguous.length > 0 ||
  q.intents.size > 0 ||
  q.period !== null ||
  q.filingGroups.length > 0 ||
  q.screen !== null ||
  q.market ||
  q.movers !== null ||
  q.ipos ||
  q.favorites ||
  q.advice ||
  q.unknown.length > 0 ||
  q.smallTalk ||
  q.forecast;

const JOINING_WORDS = new Set(['and', 'also', 'plus']);

/**
 * The parts of a compound question: split at 'and', 'also', 'plus', '&', and
 * at commas, semicolons and sentence ends, but never inside a company's name
 * ('Smith and Wesson') nor at the comma of a date or a number ('March 3, 2027').
 */
function splitParts(question: string, tokens: Token[], used: Set<number>): Token[][] {
  const parts: Token[][] = [[]];
  tokens.forEach((token, i) => {
    if (JOINING_WORDS.has(token.word) && !used.has(token.index)) {
      parts.push([]);
      return;
    }
    const before = i > 0 ? question.slice(tokens[i - 1]!.end, token.start) : '';
    const inName = i > 0 && used.has(token.index) && used.has(tokens[i - 1]!.index);
    const breaks = /[;?!&]|\.\s/.test(before) || (before.includes(',') && !/^\d/.test(token.word));
    if (breaks && !inName) parts.push([]);
    parts.at(-1)!.push(token);
  });
  return parts.filter((p) => p.length > 0);
}

/**
 * Reads a question. A compound question ('price of X and the pipeline',
 * 'how are small caps doing, and X's price?') is read whole for its
 * companies and what it asks of them, and part by part for what a part asks
 * on its own: the market or a screen beside a company, a price asked of the
 * future, and the parts RedChat cannot answer, which it names back.
 */
export function understand(question: string, directory: CompanyDirectory, now: Date = new Date()): Question {
  const normalized = normalizeQuestion(question);
  const term = askedTerm(normalized);
  if (term) return definitionsOnly([term]);
  const whole = read(normalized, directory, now);
  const parts = splitParts(normalized, whole.tokens, whole.mentions.used);
  if (parts.length < 2) return whole.question;
  // A part asking what a term means is answered from the glossary; the rest is read without it.
  const texts = parts.map((tokens) => normalized.slice(tokens[0]!.start, tokens.at(-1)!.end));
  const terms = texts.map((text) => askedTerm(text));
  if (terms.some((t) => t !== null)) {
    const rest = texts.filter((_, i) => terms[i] === null).join('; ');
    const definitions = terms.filter((t): t is GlossaryEntry => t !== null);
    if (!rest) return definitionsOnly(definitions);
    const q = understand(rest, directory, now);
    // Beside a term, parts that ask nothing RedChat reads are named back as not answered.
    const unanswered = asksAnything(q) ? q.unanswered : [rest];
    return { ...q, unanswered, definitions: [...definitions, ...q.definitions] };
  }
  const readings = parts.map((tokens) => ({
    start: tokens[0]!.start,
    end: tokens.at(-1)!.end,
    ...read(normalized.slice(tokens[0]!.start, tokens.at(-1)!.end), directory, now),
  }));
  const q = { ...whole.question };
  q.forecast = readings.some((r) => r.question.forecast);
  if (!q.forecast) q.period = whole.question.period ?? findPeriod(` ${normalized.toLowerCase()} `, q.intents);
  q.ipos ||= readings.some((r) => r.question.ipos);
  if (q.companies.length > 0) {
    const market = readings.find((r) => r.question.market);
    if (market) {
      q.market = true;
      q.movers = market.question.movers;
    }
    q.screen = readings.find((r) => r.question.screen)?.question.screen ?? null;
  }
  if (readings.some((r) => asksAnything(r.question))) {
    // Parts next to each other are one thing not answered ('research and development spending').
    const spans: { start: number; end: number }[] = [];
    let joined = false;
    for (const r of readings) {
      const missed = !asksAnything(r.question) && r.unexplained.length > 0;
      if (missed && joined) spans.at(-1)!.end = r.end;
      else if (missed) spans.push({ start: r.start, end: r.end });
      joined = missed;
    }
    q.unanswered = spans.map((span) => normalized.slice(span.start, span.end));
  }
  return q;
}
