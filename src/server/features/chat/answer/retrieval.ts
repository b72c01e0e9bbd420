/**
 * Open questions are answered from the site's own texts: the database's
 * full-text search finds news articles and SEC filings that use the
 * question's words, and the sentence of each that uses the most of them is
 * quoted with a link to the article or filing. A hit must share most of the
 * question's meaningful words, so a question the texts do not cover gets no
 * quote rather than a loosely related one.
 */
import { formatNewYorkDate } from '../../../../lib/time-format.ts';
import { searchFilingText } from '../../companies/index.ts';
import { searchNewsText } from '../../news/index.ts';
import type { ResearchContext } from './research.ts';
import { COMMON_WORDS } from './words.ts';

export interface Passage {
  kind: 'news' | 'filing';
  /** The article's headline, or the filing's form and description. */
  title: string;
  date: string;
  href: string;
  /** The sentence quoted (plain text). */
  quote: string;
  symbol: string | null;
}

/** Words of questions, and words nearly every article or filing holds: they say nothing about relevance. */
const QUESTION_WORDS = new Set([
  'life',
  'science',
  'sciences',
  'million',
  'billion',
  'shares',
  'share',
  'market',
  'markets',
  'inc',
  'corp',
  'corporation',
  'group',
  'holdings',
  'plc',
  'ltd',
  'quarter',
  'today',
  'announced',
  'announces',
  'reported',
  'reports',
  'any',
  'there',
  'happened',
  'tell',
  'know',
  'anything',
  'something',
  'say',
  'says',
  'said',
  'did',
  'does',
  'company',
  'companies',
  'stock',
  'stocks',
  'about',
]);

/** The words a passage must contain, cut to a stem so 'offerings' finds 'offering'. */
export function meaningfulStems(question: string): string[] {
  const words = question.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const stems = words
    .filter((w) => w.length >= 3 && !COMMON_WORDS.has(w) && !QUESTION_WORDS.has(w))
    .map((w) => (w.length > 5 ? w.slice(0, Math.max(5, w.length - 3)) : w));
  return [...new Set(stems)];
}

const stripTags = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const covered = (text: string, stems: string[]) => {
  const lower = text.toLowerCase();
  return stems.filter((s) => lower.includes(s)).length;
};

/** Words whose full stop does not end a sentence ('Acme Co. (ACM) said…'). */
const ABBREVIATIONS = new Set([
  'co',
  'inc',
  'corp',
  'ltd',
  'no',
  'st',
  'mr',
  'ms',
  'mrs',
  'dr',
  'jr',
  'sr',
  'vs',
  'u.s',
  'e.g',
  'i.e',
]);

/** A text's sentences: a stop, a space and a capital (or an opening bracket) end one; decimals and abbreviations do not. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?]\s+(?=[A-Z("“])/g)) {
    const end = match.index + 1;
    const lastWord = /([A-Za-z.]+)[.!?]$/.exec(text.slice(start, end))?.[1]?.toLowerCase().replace(/\.$/, '');
    if (lastWord && ABBREVIATIONS.has(lastWord)) continue;
    sentences.push(text.slice(start, end).trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** The sentence of a text that holds the most of the stems, at most ~300 characters. */
function bestSentence(text: string, stems: string[]): string {
  const sentences = sentencesOf(text);
  let best = sentences[0] ?? '';
  let score = -1;
  for (const sentence of sentences) {
    const s = covered(sentence, stems);
    if (s > score) {
      best = sentence;
      score = s;
    }
  }
  const quote = best.trim();
  return quote.length > 300 ? `${quote.slice(0, 297)}…` : quote;
}

/**
 * Whether a text answers enough of the question to be quoted: half of its
 * meaningful words and at least one, or every one of them when nothing else
 * in the question ties it to RedCap's data ('capital' alone does not make a
 * financing article answer 'What's the capital of France?').
 */
const relevant = (text: string, stems: string[], everyWord: boolean) => {
  if (stems.length === 0) return false;
  const hits = covered(text, stems);
  return everyWord ? hits === stems.length : hits >= 1 && hits / stems.length >= 0.5;
};

/**
 * Passages that answer a question, best first: articles, then filings; of
 * one company when it is named. `everyWord`: the question names no company
 * and nothing RedChat reads, so a passage must hold all its words.
 */
export async function findPassages(
  ctx: ResearchContext,
  question: string,
  symbol: string | null,
  everyWord = false,
): Promise<Passage[]> {
  const stems = meaningfulStems(question);
  if (stems.length === 0) return [];
  const search = async (only: string | undefined) => {
    const [articles, filings] = await Promise.all([
      searchNewsText(ctx.db, question, { symbol: only, limit: 6 }),
      searchFilingText(ctx.db, question, { symbol: only, limit: 4 }),
    ]);
    const passages: Passage[] = [];
    for (const a of articles) {
      const body = `${a.title}. ${a.summary ?? ''} ${stripTags(a.description)}`;
      if (!relevant(body, stems, everyWord)) continue;
      passages.push({
        kind: 'news',
        title: a.title,
        date: formatNewYorkDate(new Date(a.published_at)),
        href: `/news/${a.id}`,
        quote: bestSentence(`${a.summary ?? ''} ${stripTags(a.description)}`.trim() || a.title, stems),
        symbol: a.company_symbol,
      });
    }
    for (const f of filings) {
      const text = `${f.filing_type} ${f.description}`;
      if (!relevant(text, stems, everyWord)) continue;
      passages.push({
        kind: 'filing',
        title: `${f.filing_type}: ${f.description}`,
        date: formatNewYorkDate(new Date(`${f.date_as_of_change}T12:00:00Z`)),
        href: f.raw_text_link,
        quote: f.description,
        symbol: f.company_symbol,
      });
    }
    return passages;
  };
  const own = symbol ? await search(symbol) : [];
  const found = own.length > 0 ? own : await search(undefined);
  return found.slice(0, 4);
}
