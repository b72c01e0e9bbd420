/**
 * The built-in engine: no model, no network. It reads the question
 * (understand.ts), looks up what it asks in the site's data (facts.ts,
 * site-facts.ts) and writes the answer a line at a time, every figure
 * formatted as the site shows it and followed by the number of its source:
 * the composer below chooses the sections (company-sections.ts,
 * site-sections.ts) and their order. An investing term is defined from the
 * glossary (glossary.ts) before anything else, and briefly. Questions it has
 * no data function for are answered from the news and filings texts
 * (retrieval.ts), or plainly not answered.
 */
import { CHAT_TEXT } from '../../../../lib/chat.ts';
import { INTENT_ORDER, SECTIONS, latestPrice, overview, quote, valuation } from './company-sections.ts';
import type { AnswerEngine, AnswerRequest, AnswerSink } from './engine.ts';
import * as research from './research.ts';
import {
  allWebinars,
  compare,
  favorites,
  ipoCalendar,
  latestNews,
  market,
  passages,
  screen,
  unanswered,
} from './site-sections.ts';
import type { GlossaryEntry } from './glossary.ts';
import { asksAnything, understand, type Question } from './understand.ts';
import { FORECASTABLE } from './vocabulary.ts';
import { Writer, rowLink } from './writer.ts';

/** At most this many companies are answered about in one answer. */
const MAX_COMPANIES = 4;

const ABOUT_ME =
  "I can tell you a stock's price and performance, valuation, 52-week range, volume, analyst ratings, insider and institutional activity, SEC filings, drug pipeline, news and webinars; compare stocks; find stocks for a screen like 'tech stocks under $10'; and explain investing terms like 'reverse split' or 'float'.";

/** Terms defined from the glossary: general education about no company, said to be so. */
function define(w: Writer, entries: GlossaryEntry[]) {
  for (const entry of new Set(entries)) w.line(`**${entry.term}**: ${entry.definition}`);
  w.line(`_${CHAT_TEXT.definitionNote}_`);
}

async function compose(q: Question, req: AnswerRequest, w: Writer, sink: AnswerSink) {
  const ctx = req.research;
  if (q.definitions.length > 0) {
    define(w, q.definitions);
    if (!asksAnything(q)) {
      unanswered(w, q);
      return;
    }
    w.gap();
  }
  if (q.smallTalk) {
    w.line(`Hello! ${ABOUT_ME}`);
    return;
  }
  if (q.ambiguous.length > 0 && q.companies.length === 0) {
    for (const a of q.ambiguous) {
      w.line(`"${a.phrase}" could be any of these. Which one do you mean?`);
      for (const c of a.candidates.slice(0, 6)) w.line(`- ${rowLink(c)} ${c.name}`);
    }
    return;
  }
  const general = q.screen !== null || q.market || q.favorites || q.ipos;
  let symbols = q.companies.map((c) => c.symbol);
  if (symbols.length === 0 && !general && req.subject && (q.intents.size > 0 || q.advice || q.unknown.length > 0)) {
    symbols = [req.subject];
  }
  const list = await Promise.all(symbols.slice(0, MAX_COMPANIES).map((s) => research.company(ctx, s)));
  if (list.length === 1) sink.subject(list[0]!.symbol, list[0]!.name);

  if (q.advice) {
    w.line(
      `I can't tell you whether to buy, sell or hold: ${CHAT_TEXT.disclaimer} Small-cap stocks can be volatile and illiquid; do your own research and consider a licensed adviser ${w.cite({ label: 'Information, not investment advice', href: '/terms#not-advice' })}.`,
    );
    for (const c of list.slice(0, 2)) {
      w.gap();
      w.line(`The facts RedCap has on ${c.symbol}:`);
      const asked = INTENT_ORDER.filter((i) => q.intents.has(i));
      if (asked.length === 0) await overview(w, ctx, c);
      for (const intent of asked) await SECTIONS[intent](w, ctx, c, q);
    }
    unanswered(w, q);
    return;
  }
  if (q.forecast) {
    w.line(
      `I can't predict prices: no one knows what a stock will be worth tomorrow or next year. ${CHAT_TEXT.disclaimer}`,
    );
  }
  if (q.favorites) {
    await favorites(w, ctx, q);
  }
  if (q.market) {
    w.gap();
    await market(w, ctx, q);
  }
  if (q.ipos) {
    w.gap();
    await ipoCalendar(w, ctx, req.question);
  }
  if (q.screen) {
    w.gap();
    screen(w, ctx, q);
  }
  if (list.length >= 2 && q.compare) {
    w.gap();
    await compare(w, ctx, list, q);
  } else {
    for (const c of list) {
      if (q.forecast) {
        w.gap();
        latestPrice(w, ctx, c);
      }
      // Asked of the future, a figure that changes with time is answered by the latest price above.
      const intents = INTENT_ORDER.filter((i) => q.intents.has(i) && !(q.forecast && FORECASTABLE.has(i)));
      if (q.forecast && intents.length === 0) continue;
      if (intents.length === 0) {
        w.gap();
        if (q.unknown.length > 0) {
          w.line(`RedCap doesn't have ${q.unknown.join(' or ')} for ${c.symbol}. What it has:`);
          quote(w, ctx, c);
          valuation(w, ctx, c);
        } else await overview(w, ctx, c);
        continue;
      }
      for (const intent of intents) {
        w.gap();
        await SECTIONS[intent](w, ctx, c, q);
      }
    }
  }
  if (list.length === 0 && !general) {
    if (q.intents.has('webinars')) {
      await allWebinars(w, ctx);
    } else if (q.intents.size > 0 && !q.intents.has('news') && !q.intents.has('profile')) {
      w.line(
        'Which company do you mean? Name it by its ticker or its name, for example "AA price" or "Acme Corp filings".',
      );
      return;
    }
  }
  const answeredUnknown = list.length > 0 && INTENT_ORDER.every((i) => !q.intents.has(i));
  if (q.unknown.length > 0 && !answeredUnknown) {
    w.gap();
    const of = list.length === 1 ? ` for ${list[0]!.symbol}` : '';
    w.line(`RedCap doesn't have ${q.unknown.join(' or ')}${of}, so I can't answer that part.`);
  }
  if (w.wrote) unanswered(w, q);
  const siteNews = list.length === 0 && !general && q.intents.has('news');
  if (!w.wrote || siteNews) {
    const symbol = list[0]?.symbol ?? req.subject;
    // A question about nothing RedChat reads, in a chat about no stock, is quoted from only when a text answers all of it.
    const quoted = await passages(w, ctx, req.question, symbol, symbol === null && !asksAnything(q));
    if (!quoted && siteNews) await latestNews(w, ctx);
    else if (!quoted && !w.wrote) w.line(`${CHAT_TEXT.notCovered} ${ABOUT_ME}`);
  }
}

/** The last question asked before this one. */
const previousQuestion = (history: AnswerRequest['history']) =>
  [...history].reverse().find((m) => m.role === 'user')?.content ?? null;

/**
 * A follow-up ('and AAC?', 'over 6 months?') keeps what the last question
 * asked about, or whom it asked about.
 */
function withFollowUp(q: Question, before: Question | null): Question {
  if (!before) return q;
  const asksNothing =
    q.intents.size === 0 &&
    !q.screen &&
    !q.market &&
    !q.favorites &&
    !q.advice &&
    !q.smallTalk &&
    q.definitions.length === 0;
  if (asksNothing && q.companies.length > 0 && before.intents.size > 0) {
    return {
      ...q,
      intents: new Set(before.intents),
      filingGroups: before.filingGroups,
      period: q.period ?? before.period,
    };
  }
  return q;
}

export function createBuiltinEngine(): AnswerEngine {
  return {
    kind: 'builtin',
    async answer(req, sink) {
      const directory = req.research.directory;
      const previous = previousQuestion(req.history);
      const now = req.research.now;
      const q = withFollowUp(
        understand(req.question, directory, now),
        previous ? understand(previous, directory, now) : null,
      );
      await compose(q, req, new Writer(sink), sink);
    },
  };
}
