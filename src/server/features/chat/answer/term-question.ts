/**
 * Whether a question (or a part of one) asks what an investing term means
 * ('What is a reverse stock split?', 'what does short interest mean',
 * 'define PIPE'), and which glossary entry it names. The whole question,
 * less a greeting and a trailing 'in stocks', must be the term in one of
 * these forms. 'What is the float?' is not one: 'the' asks for a company's
 * figure, as 'what's the price target?' does.
 */
import { glossaryEntry, type GlossaryEntry } from './glossary.ts';

const ARTICLE = '(?:a |an |the )?';
const FORMS: RegExp[] = [
  new RegExp(`^what does ${ARTICLE}(.+?) (?:mean|stand for)$`),
  new RegExp(`^what (?:do|does) (?:you|people|investors|traders|they) mean by ${ARTICLE}(.+)$`),
  new RegExp(`^what is meant by ${ARTICLE}(.+)$`),
  /^(?:define|explain|describe) (?:what )?(?:a |an )?(.+?)(?: is| are| means)?$/,
  new RegExp(`^(?:what is |what's |give me )?(?:the )?(?:definition|meaning) of ${ARTICLE}(.+)$`),
  /^(.+?) (?:meaning|definition|defined|explained)$/,
  new RegExp(`^how (?:does|do) ${ARTICLE}(.+?) work$`),
  /^tell me (?:about|what) (?:a |an )?(.+?)(?: is| are| means)?$/,
  // 'What is a 10-K?', and with no article a term in general: 'what is market cap?', 'what are warrants?'.
  /^what(?:'s| is| are) (?:a |an )?(?!the )(.+)$/,
];

/** Words around a question that change nothing in it. */
const GREETING = /^(?:(?:so|and|ok|okay|hey|hi|hello|please|pls|quick question|redchat)[,:!]?\s+)+/;
const POLITE = /^(?:(?:can|could|would) you (?:please )?|i (?:want|would like|'d like) to know |i wonder )/;
const QUALIFIER =
  / (?:in|for|on) (?:stocks?|investing|trading|finance|the (?:stock )?market|a stock|a company|biotech|small caps?)$| exactly$| please$| again$/;

/** The glossary entry a question asks to be defined, or null. */
export function askedTerm(question: string): GlossaryEntry | null {
  const text = question
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[?!.]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(GREETING, '')
    .replace(POLITE, '');
  for (const pattern of FORMS) {
    const match = pattern.exec(text);
    const entry = match ? glossaryEntry(match[1]!.replace(QUALIFIER, '')) : null;
    if (entry) return entry;
  }
  return null;
}
