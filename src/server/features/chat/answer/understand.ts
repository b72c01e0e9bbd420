/**
 * What a question asks, as the built-in engine reads it: the companies it
 * names, the facts it wants about them (intents), the period of a
 * performance question, the filing groups of a filings question, a screen
 * described in words ('life-science small caps under $5 with a phase 3
 * drug') as the screener's own filters, and whether it asks for advice,
 * about the market, or about the reader's favorites. Pure: the companies
 * come from a directory built from the screener's snapshot.
 */
import type { FilingGroupName } from '../../../../lib/company.ts';
import { BIO_PHASE_OPTIONS, type SortField } from '../../../../lib/screener.ts';
import { LEGAL_WORDS, type CompanyDirectory, type ListedCompany, type Mentions } from './company-mentions.ts';
import { COMMON_WORDS, normalizeQuestion, sameWord, tokenize, type Token } from './words.ts';

export type Intent =
  | 'quote'
  | 'performance'
  | 'valuation'
  | 'range'
  | 'volume'
  | 'analysts'
  | 'insiders'
  | 'institutions'
  | 'filings'
  | 'bio'
  | 'news'
  | 'webinars'
  | 'profile'
  | 'technicals'
  | 'growth'
  | 'team';

/** A period to measure performance over: a number of days, weeks, months or years back, the session, or the year so far. */
export interface Period {
  unit: 'session' | 'day' | 'week' | 'month' | 'year' | 'ytd';
  count: number;
}

export interface ScreenWords {
  /** The screener's filter map: filter name (or 'Sector') to value. */
  filters: Record<string, string>;
  /** Each criterion as the reader would say it back. */
  described: string[];
  sort: { field: SortField; direction: 'asc' | 'desc' };
  limit: number;
}

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
}

/**
 * Words and phrases of each intent. Single words are recognised with a typo
 * or two; phrases are matched as written. A weak word counts only when no
 * other word names an intent ('trading' in 'trading volume' is about volume).
 */
const VOCABULARY: Record<Intent, { words: string[]; weak?: string[] }> = {
  quote: {
    words: ['price', 'prices', 'priced', 'quote', 'quoted', 'last sale', 'share price', 'stock price', 'trading at'],
    weak: ['trading', 'trades', 'cost', 'costs', 'how much', 'worth', 'now', 'currently'],
  },
  performance: {
    words: [
      'performance',
      'perform',
      'performed',
      'performing',
      'return',
      'returns',
      'returned',
      'gain',
      'gains',
      'gained',
      'lost',
      'losses',
      'rally',
      'rallied',
      'dropped',
      'fell',
      'rose',
      'risen',
      'climbed',
      'ytd',
      'year to date',
      'how has',
      'how did',
    ],
    weak: ['doing', 'move', 'moved', 'change', 'changed', 'up', 'down'],
  },
  valuation: {
    words: [
      'valuation',
      'valued',
      'market cap',
      'market capitalization',
      'marketcap',
      'capitalization',
      'how big',
      'how large',
      'shares outstanding',
      'outstanding',
      'float',
      'free float',
    ],
    weak: ['size', 'worth', 'big', 'large'],
  },
  range: {
    words: [
      '52 week',
      '52w',
      '52wk',
      'year high',
      'year low',
      'yearly high',
      'yearly low',
      'annual high',
      'annual low',
    ],
    weak: ['range', 'high', 'low', 'highs', 'lows'],
  },
  volume: {
    words: ['volume', 'volumes', 'liquidity', 'liquid', 'shares traded', 'turnover', 'traded'],
  },
  analysts: {
    words: [
      'analyst',
      'analysts',
      'rating',
      'ratings',
      'rated',
      'consensus',
      'target',
      'targets',
      'price target',
      'upgrade',
      'upgraded',
      'downgrade',
      'downgraded',
      'coverage',
      'wall street',
      'upside',
    ],
  },
  insiders: {
    words: ['insider', 'insiders', 'form 4', 'executives buying', 'directors buying', 'management buying'],
  },
  institutions: {
    words: [
      'institution',
      'institutions',
      'institutional',
      'holders',
      'holder',
      'shareholders',
      'who owns',
      'owns',
      'ownership',
      '13f',
      'hedge fund',
      'hedge funds',
      'stake',
      'stakes',
    ],
    weak: ['fund', 'funds'],
  },
  filings: {
    words: [
      'filing',
      'filings',
      'filed',
      'sec',
      'edgar',
      'annual report',
      'annual reports',
      'quarterly report',
      'quarterly reports',
      'proxy',
      'prospectus',
      'registration statement',
      'comment letter',
      'comment letters',
    ],
  },
  bio: {
    words: [
      'phase',
      'phases',
      'pipeline',
      'pipelines',
      'drug',
      'drugs',
      'trial',
      'trials',
      'clinical',
      'fda',
      'pdufa',
      'candidate',
      'candidates',
      'therapy',
      'therapies',
    ],
  },
  news: {
    words: [
      'news',
      'headline',
      'headlines',
      'press release',
      'press releases',
      'announcement',
      'announcements',
      'announced',
      'happening',
      'articles',
      'article',
      'stories',
    ],
    weak: ['latest', 'update', 'updates', 'recent', 'new'],
  },
  webinars: {
    words: [
      'webinar',
      'webinars',
      'event',
      'events',
      'conference',
      'conferences',
      'presentation',
      'presentations',
      'presenting',
      'investor day',
    ],
  },
  profile: {
    words: [
      'describe',
      'description',
      'business',
      'overview',
      'profile',
      'what does',
      'headquarters',
      'headquartered',
      'website',
      'employees',
      'industry',
      'sector',
    ],
    weak: ['about', 'what is', 'who is', 'tell me', 'company', 'explain', 'info', 'information'],
  },
  technicals: {
    words: [
      'rsi',
      'macd',
      'ema',
      'sma',
      'moving average',
      'moving averages',
      'technical',
      'technicals',
      'momentum',
      'overbought',
      'oversold',
      'indicators',
    ],
  },
  growth: {
    words: ['revenue', 'revenues', 'sales', 'growth', 'growing', 'yoy', 'qoq', 'top line'],
  },
  team: {
    words: ['ceo', 'cfo', 'management', 'executives', 'leadership', 'leaders', 'founder', 'founders', 'board', 'team'],
  },
};

const ADVICE = [
  'should i',
  'shall i',
  'should we',
  'do you recommend',
  'would you recommend',
  'recommend',
  'good buy',
  'good investment',
  'worth buying',
  'worth investing',
  'buy or sell',
  'sell or hold',
  'hold or sell',
  'is it a buy',
  'is a buy',
  'a good stock',
  'will it go up',
  'will it rise',
  'will it fall',
  'will it drop',
  'will go up',
  'go up',
  'go down',
  'good time to buy',
  'time to buy',
  'time to sell',
  'financial advice',
  'investment advice',
  'what to buy',
  'which stock to buy',
  'which stocks to buy',
  'stock to buy',
  'stocks to buy',
  'best stock',
  'best stocks',
  'should buy',
  'should sell',
  'moon',
  'double my money',
  'get rich',
];

const MARKET = [
  'market',
  'markets',
  'small caps',
  'small cap',
  'smallcaps',
  'smallcap',
  'russell',
  'russell 2000',
  's&p',
  'index',
  'indices',
  'indexes',
  'benchmark',
  'benchmarks',
];
const LEADERS = ['gainers', 'top gainers', 'leaders', 'winners', 'up the most', 'best performers', 'best performing'];
const LAGGARDS = ['losers', 'top losers', 'laggards', 'down the most', 'worst performers', 'worst performing'];
const MOVERS = ['movers', 'top movers', 'biggest movers', 'moving the most'];
const FAVORITES = [
  'my favorites',
  'my favourites',
  'my favorite',
  'my favourite',
  'my watchlist',
  'my watch list',
  'my stocks',
  'my companies',
  'stocks i follow',
  'companies i follow',
  'my portfolio',
  'my list',
  'i follow',
];
const COMPARE = ['compare', 'comparison', 'versus', 'vs', 'against', 'better', 'difference', 'differ', 'or'];
const SMALL_TALK = new Set([
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'you',
  'ok',
  'okay',
  'cool',
  'great',
  'good',
  'morning',
  'evening',
  'afternoon',
  'bye',
  'goodbye',
  'there',
  'redchat',
]);

/** Figures the site does not hold, and how to name them back. */
const UNKNOWN_METRICS: [RegExp, string][] = [
  [/\bp\s*\/\s*e\b|\bpe ratio|\bprice[- ]to[- ]earnings|\bearnings multiple/, 'P/E ratio'],
  [/\beps\b|\bearnings per share|\bearnings\b|\bnet income|\bprofits?\b|\bprofitab/, 'earnings'],
  [/\bdividends?\b|\byield\b|\bpayout/, 'dividends'],
  [/\bdebt\b|\bleverage\b|\bbalance sheet/, 'debt and the balance sheet'],
  [/\bcash\b|\bburn rate|\brunway\b/, 'cash and cash burn'],
  [/\bmargins?\b|\bebitda\b|\bgross profit/, 'margins'],
  [/\bshort interest|\bshorted\b|\bshort squeeze/, 'short interest'],
  [/\bbook value|\bp\s*\/\s*b\b/, 'book value'],
  [/\bbeta\b|\bvolatility\b/, 'volatility (beta)'],
  [/\bguidance\b|\boutlook\b/, 'company guidance'],
  [/\boptions? (chain|volume|activity)|\bcalls and puts/, 'options activity'],
];

const FILING_WORDS: [FilingGroupName, string[]][] = [
  ['8K-related', ['8 k', '8k', '8 ks', '8ks', 'current report', 'current reports']],
  ['Annual reports', ['10 k', '10k', '10 ks', '10ks', 'annual report', 'annual reports', '20 f', '40 f']],
  ['Quarterly Reports', ['10 q', '10q', '10 qs', '10qs', 'quarterly report', 'quarterly reports', 'quarterly filings']],
  ['Insider transactions', ['form 4', 'form 3', 'form 5', 'insider filings', '13d', '13g', 'form 144']],
  ['Proxies and info statements', ['proxy', 'proxies', 'def 14a', 'information statement']],
  [
    'Registration statements',
    ['registration statement', 'registration statements', 's 1', 's 3', 's 8', 'prospectus', 'shelf', '424b5'],
  ],
  ['Comment letters', ['comment letter', 'comment letters', 'correspondence']],
  ['Form 6-K', ['6 k', '6k', '6 ks', '6ks']],
];

/** Every word of the vocabulary: never read as a lower-case ticker. */
export const VOCABULARY_WORDS: ReadonlySet<string> = new Set(
  Object.values(VOCABULARY)
    .flatMap((v) => [...v.words, ...(v.weak ?? [])])
    .filter((w) => !w.includes(' ')),
);

/** Single words of all intents, for typo-tolerant matching. */
const SINGLE_WORDS: { word: string; intent: Intent; weak: boolean }[] = Object.entries(VOCABULARY).flatMap(
  ([intent, v]) => [
    ...v.words.filter((w) => !w.includes(' ')).map((word) => ({ word, intent: intent as Intent, weak: false })),
    ...(v.weak ?? []).filter((w) => !w.includes(' ')).map((word) => ({ word, intent: intent as Intent, weak: true })),
  ],
);

/** The question's words joined by single spaces, with spaces around, for phrase matching. */
function phraseText(tokens: Token[], skip: Set<number>): string {
  return ` ${tokens
    .filter((t) => !skip.has(t.index))
    .map((t) => t.word.replace(/-/g, ' '))
    .join(' ')} `;
}

const has = (text: string, phrase: string) => text.includes(` ${phrase} `);
const hasAny = (text: string, phrases: readonly string[]) => phrases.some((p) => has(text, p));

function findIntents(tokens: Token[], text: string, skip: Set<number>, filings: boolean): Set<Intent> {
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
function isWeakOnly(intent: Intent, text: string, tokens: Token[], skip: Set<number>): boolean {
  const words = VOCABULARY[intent].words;
  if (words.some((p) => p.includes(' ') && has(text, p))) return false;
  return !tokens.some((t) => !skip.has(t.index) && words.some((w) => !w.includes(' ') && sameWord(t.word, w)));
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

function findPeriod(lower: string, intents: Set<Intent>): Period | null {
  if (/\b(ytd|year to date|year-to-date|this year|since (?:january|jan|the start of the year))\b/.test(lower))
    return { unit: 'ytd', count: 1 };
  if (/\b(today|today's|todays|this session|intraday|so far today)\b/.test(lower)) return { unit: 'session', count: 1 };
  // '3m', '3 months', 'three months', 'a year' (a spelled number needs a space and a whole unit: 'any' is not 'an y').
  const counted =
    /\b(\d{1,3})[\s-]*(d|days?|w|wks?|weeks?|m|mos?|months?|y|yrs?|years?)\b/.exec(lower) ??
    /\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]+(days?|weeks?|months?|years?)\b/.exec(
      lower,
    );
  if (counted) {
    const count = NUMBER_WORDS[counted[1]!] ?? Number(counted[1]);
    const unit = counted[2]!;
    const period: Period = unit.startsWith('d')
      ? { unit: 'day', count }
      : unit.startsWith('w')
        ? { unit: 'week', count }
        : unit.startsWith('y')
          ? { unit: 'year', count }
          : { unit: 'month', count };
    // '52-week' names the range, not a period.
    const isRange = period.unit === 'week' && count === 52 && intents.has('range');
    if (count >= 1 && count <= 520 && !isRange) return period;
  }
  const single = /\b(?:last|past|this|previous|over the|in the)\s+(week|month|quarter|year|half[\s-]year)\b/.exec(
    lower,
  );
  const named = single?.[1] ?? /\b(weekly|monthly|quarterly|annual|yearly)\b/.exec(lower)?.[1];
  if (named) {
    if (named.startsWith('week')) return { unit: 'week', count: 1 };
    if (named.startsWith('month')) return { unit: 'month', count: 1 };
    if (named.startsWith('quarter')) return { unit: 'month', count: 3 };
    if (named.startsWith('half')) return { unit: 'month', count: 6 };
    if (named === 'year' || named === 'annual' || named === 'yearly') return { unit: 'year', count: 1 };
  }
  return null;
}

/** How a period reads in an answer: 'today', 'over the past 3 months', 'so far this year'. */
export function describePeriod(period: Period): string {
  if (period.unit === 'session') return 'today';
  if (period.unit === 'ytd') return 'so far this year';
  const unit = period.count === 1 ? period.unit : `${period.count} ${period.unit}s`;
  return `over the past ${unit}`;
}

const MAGNITUDE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mln: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  trillion: 1e12,
};
const UPPER = '(?:under|below|less than|cheaper than|at most|up to|no more than|lower than|<=?|sub)';
const LOWER = '(?:over|above|more than|greater than|at least|higher than|>=?|north of)';
const AMOUNT = '\\$?\\s*(\\d+(?:\\.\\d+)?)\\s*(k|thousand|m|mm|mln|million|b|bn|billion|t|trillion)?\\b';

const money = (digits: string, magnitude: string | undefined) =>
  Number(digits) * (magnitude ? MAGNITUDE[magnitude]! : 1);
const short = (value: number) =>
  value >= 1e9 ? `$${value / 1e9}B` : value >= 1e6 ? `$${value / 1e6}M` : `$${value.toLocaleString('en-US')}`;

/** The phase words of a question as the screener's Bio Phase values. */
function bioPhaseValues(lower: string): { values: string[]; said: string } | null {
  const roman: Record<string, string> = {
    i: '1',
    ii: '2',
    iii: '3',
    iv: '4',
    one: '1',
    two: '2',
    three: '3',
    four: '4',
  };
  const phase = /\bphase\s*(1|2|3|4|iv|iii|ii|i|one|two|three|four)\b(?:\s*\/\s*(2|3|ii|iii))?\s*([ab])?\b/.exec(lower);
  if (phase) {
    const first = roman[phase[1]!] ?? phase[1]!;
    const second = phase[2] ? (roman[phase[2]] ?? phase[2]) : null;
    const value = `Phase ${first}${second ? `/${second}` : ''}${phase[3] ?? ''}`;
    if (BIO_PHASE_OPTIONS.includes(value)) return { values: [value], said: `a ${value} drug` };
  }
  if (/\blate[\s-]stage\b/.test(lower))
    return { values: ['Phase 3', 'Phase 2/3', 'NDA', 'BLA', 'PDUFA'], said: 'a late-stage drug (Phase 3 to filing)' };
  if (/\bearly[\s-]stage\b/.test(lower))
    return { values: ['IND', 'Phase 1', 'Phase 1a', 'Phase 1b'], said: 'an early-stage drug (IND to Phase 1)' };
  if (/\bpdufa\b/.test(lower)) return { values: ['PDUFA'], said: 'a PDUFA date' };
  if (/\bapproved (drug|product|therap)/.test(lower)) return { values: ['Approved'], said: 'an approved drug' };
  if (/\bfailed (trial|drug|study)/.test(lower)) return { values: ['Failed'], said: 'a failed trial' };
  return null;
}

/** Sector words to the screener's sector cards (life-science words are read as a drug pipeline instead). */
const SECTOR_WORDS: [RegExp, string, string][] = [
  [/\b(tech|technology|software|internet|saas|semiconductors?|chips?)\b/, 'technology', 'Technology'],
  [/\b(banks?|banking|financials?|finance|insurers?|insurance|lenders?|lending)\b/, 'finance', 'Finance'],
  [/\b(crypto|bitcoin|blockchain|digital assets?)\b/, 'crypto-assets', 'Crypto Assets'],
  [
    /\b(energy|oil|gas|transportation|transport|airlines?|shipping|utilities|trucking)\b/,
    'energy-transportation',
    'Energy & Transportation',
  ],
  [
    /\b(real estate|reits?|construction|builders?|homebuilders?)\b/,
    'real-estate-construction',
    'Real Estate & Construction',
  ],
  [/\b(industrials?|industrial)\b/, 'industrial-applications', 'Industrial Applications'],
  [/\b(manufacturing|manufacturers?)\b/, 'manufacturing', 'Manufacturing'],
  [/\b(retail|retailers?|wholesale|restaurants?|consumer services)\b/, 'trade-services', 'Trade & Services'],
  [/\b(healthcare|health care|hospitals?|medical services)\b/, 'life-sciences', 'Life Sciences'],
];
const PIPELINE_WORDS =
  /\b(biotechs?|biotechnology|bio[\s-]?tech|pharma|pharmas|pharmaceuticals?|drug (?:developers?|makers?|companies)|life[\s-]sciences?|biopharma)\b/;

/** A screen described in words, in the screener's filters; null when the question describes none. */
function findScreen(lower: string, text: string): ScreenWords | null {
  const filters: Record<string, string> = {};
  const described: string[] = [];
  const add = (name: string, value: string, said: string) => {
    filters[name] = value;
    described.push(said);
  };

  // Market cap: an amount with a magnitude, or any amount said of the cap.
  const capBefore = new RegExp(
    `(?:market cap(?:italization)?|cap|valued|valuation|worth)[^.,;]{0,12}?(${UPPER}|${LOWER})\\s*${AMOUNT}`,
  ).exec(lower);
  const capAfter = new RegExp(`(${UPPER}|${LOWER})\\s*${AMOUNT}\\s*(?:in\\s+)?(?:market cap|cap|valuation)`).exec(
    lower,
  );
  const capAmount = new RegExp(
    `(${UPPER}|${LOWER})\\s*\\$?\\s*(\\d+(?:\\.\\d+)?)\\s*(k|m|mm|mln|million|b|bn|billion)\\b`,
  ).exec(lower);
  const cap = capBefore ?? capAfter ?? capAmount;
  let capText = '';
  if (cap && (cap === capAmount ? true : cap[3] !== undefined || Number(cap[2]) >= 1000)) {
    const value = money(cap[2]!, cap[3]);
    const upper = new RegExp(`^${UPPER}$`).test(cap[1]!);
    add(
      'Market Cap',
      upper ? `0 to ${value}` : `${value} to 10000000000000`,
      `market cap ${upper ? 'under' : 'over'} ${short(value)}`,
    );
    capText = cap[0];
  } else if (/\bnano[\s-]?caps?\b/.test(lower)) add('Market Cap', '0 to 50000000', 'nano caps (market cap under $50M)');
  else if (/\bmicro[\s-]?caps?\b/.test(lower))
    add('Market Cap', '50000000 to 300000000', 'micro caps (market cap $50M – $300M)');
  else if (/\bmid[\s-]?caps?\b/.test(lower))
    add('Market Cap', '2000000000 to 10000000000', 'mid caps (market cap $2B – $10B)');

  // Price: a dollar amount (or dollars) that is not the cap.
  const priceText = capText ? lower.replace(capText, ' ') : lower;
  const between =
    /\bbetween\s*\$\s*(\d+(?:\.\d+)?)\s*(?:and|to|-)\s*\$?\s*(\d+(?:\.\d+)?)\b(?!\s*(?:k|m|b|million|billion))/.exec(
      priceText,
    );
  const below = new RegExp(
    `${UPPER}\\s*(?:\\$\\s*(\\d+(?:\\.\\d+)?)|(\\d+(?:\\.\\d+)?)\\s*(?:dollars|bucks))(?!\\s*(?:k|m|b|mm|bn|million|billion|thousand|%|percent))`,
  ).exec(priceText);
  const above = new RegExp(
    `${LOWER}\\s*(?:\\$\\s*(\\d+(?:\\.\\d+)?)|(\\d+(?:\\.\\d+)?)\\s*(?:dollars|bucks))(?!\\s*(?:k|m|b|mm|bn|million|billion|thousand|%|percent))`,
  ).exec(priceText);
  if (between) {
    add('Last Price', `${between[1]} to ${between[2]}`, `priced between $${between[1]} and $${between[2]}`);
  } else if (below || above) {
    const max = below ? (below[1] ?? below[2])! : '100000';
    const min = above ? (above[1] ?? above[2])! : '0';
    add(
      'Last Price',
      `${min} to ${max}`,
      below && above ? `priced between $${min} and $${max}` : below ? `priced under $${max}` : `priced over $${min}`,
    );
  } else if (/\bpenny stocks?\b/.test(lower)) {
    add('Last Price', '0 to 5', 'penny stocks (under $5, as the SEC defines them)');
  }

  const phases = bioPhaseValues(lower);
  if (phases) add('Bio Phase', phases.values.join(','), `with ${phases.said}`);
  else if (PIPELINE_WORDS.test(lower))
    add('Bio Phase', BIO_PHASE_OPTIONS.join(','), 'life-science companies with a drug pipeline');

  for (const [pattern, card, name] of SECTOR_WORDS) {
    if (pattern.test(lower) && !filters.Sector) {
      filters.Sector = card;
      described.push(`in the ${name} sector`);
    }
  }

  if (/\bnasdaq\b/.test(lower) && !/\bnasdaq (?:us )?small cap\b/.test(lower))
    add('Markets', 'NASDAQ', 'listed on NASDAQ');
  else if (/\bnyse\b/.test(lower)) add('Markets', 'NYSE', 'listed on the NYSE');
  if (/\b(us[\s-]based|u\.s\.|american|domestic|us companies|us stocks)\b/.test(lower))
    add('Countries', 'US', 'based in the US');

  if (/\bhigh(?:er)?[\s-]volume\b|\bheavily traded\b|\bmost (?:actively )?traded\b/.test(lower))
    add('Volume', '1000000 to 500000000', 'trading over 1M shares a day');
  else if (/\blow[\s-]volume\b|\bthinly traded\b/.test(lower))
    add('Volume', '0 to 100000', 'trading under 100K shares');

  if (/\boversold\b/.test(lower)) add('RSI', '0 to 30', 'oversold (RSI under 30)');
  else if (/\boverbought\b/.test(lower)) add('RSI', '70 to 100', 'overbought (RSI over 70)');

  const upside = /upside\s*(?:of\s*)?(?:over|above|more than|at least|>)\s*(\d+)\s*(?:%|percent)/.exec(lower);
  if (upside) add('Price Target Upside', `${upside[1]} to 100000`, `over ${upside[1]}% upside to the price target`);
  if (/\b(buy ratings?|rated (?:a )?buy|analysts? (?:like|love|recommend))\b/.test(lower))
    add('Buy Ratings', '1 to 1000', 'with at least one Buy rating');

  const growth =
    /(?:revenue|sales)\s*growth\s*(?:of\s*)?(?:over|above|more than|at least|>)\s*(\d+)\s*(?:%|percent)/.exec(lower);
  if (growth) add('Revenue Growth YoY', `${growth[1]} to 1000000`, `revenue growing over ${growth[1]}% a year`);
  const institutional =
    /institutional ownership\s*(?:of\s*)?(over|above|more than|under|below|less than)\s*(\d+)\s*(?:%|percent)/.exec(
      lower,
    );
  if (institutional) {
    const under = /under|below|less/.test(institutional[1]!);
    add(
      'Institutional Ownership',
      under ? `0 to ${institutional[2]}` : `${institutional[2]} to 100`,
      `institutional ownership ${under ? 'under' : 'over'} ${institutional[2]}%`,
    );
  }
  const ipo = /\bipo(?:'?d|ed)?\s*(?:in|since|after)\s*(\d{4})\b/.exec(lower);
  if (ipo) add('Ipo Year', `${ipo[1]} to 2100`, `listed in ${ipo[1]} or later`);
  else if (/\brecent ipos?\b|\bnew listings?\b/.test(lower)) {
    const year = new Date().getFullYear() - 2;
    add('Ipo Year', `${year} to 2100`, `listed in ${year} or later`);
  }

  let sort: ScreenWords['sort'] = { field: 'market_cap', direction: 'desc' };
  if (/\b(gainers|up the most|best perform\w*|biggest gains?|winners)\b/.test(lower)) {
    sort = { field: 'change_pre', direction: 'desc' };
    add('Change %', '0 to 100000', 'up today');
  } else if (/\b(losers|down the most|worst perform\w*|biggest (?:drops?|losses))\b/.test(lower)) {
    sort = { field: 'change_pre', direction: 'asc' };
    add('Change %', '-100 to 0', 'down today');
  } else if (/\bcheapest\b|\blowest[\s-]priced\b/.test(lower)) sort = { field: 'last_sale', direction: 'asc' };
  else if (/\bsmallest\b/.test(lower)) sort = { field: 'market_cap', direction: 'asc' };
  else if (/\bmost upside\b|\bhighest upside\b/.test(lower)) sort = { field: 'priceTargetUpside', direction: 'desc' };
  else if (/\bmost (?:actively )?traded\b|\bhighest volume\b/.test(lower))
    sort = { field: 'volume', direction: 'desc' };

  if (described.length === 0) return null;
  const count =
    /\b(?:top|first|best|show me|list|give me)\s+(\d{1,2})\b|\b(\d{1,2})\s+(?:stocks|companies|names|tickers)\b/.exec(
      text.toLowerCase(),
    );
  const limit = Math.min(20, Math.max(1, Number(count?.[1] ?? count?.[2] ?? 10)));
  return { filters, described, sort, limit };
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
function unexplainedWords(tokens: Token[], skip: Set<number>): string[] {
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

/** The intents whose figures change with time, which a question about the future cannot have. */
export const FORECASTABLE: ReadonlySet<Intent> = new Set([
  'quote',
  'performance',
  'valuation',
  'range',
  'volume',
  'technicals',
  'growth',
]);
const FUTURE_TIME =
  /\b(?:tomorrow|tmrw|next (?:day|week|month|quarter|year|session|trading day|few (?:days|weeks|months|years))|in (?:\d+|a|an|one|two|three|four|five|six|ten|a few) (?:more )?(?:days?|weeks?|months?|years?)|in the future)\b/;
/** 'At the end of the year' is ahead, unless the question is in the past tense. */
const YEAR_END = /\b(?:at|by) (?:the )?end of (?:the |this |next )?(?:day|week|month|quarter|year)\b/;
const PAST_TENSE = /\b(?:was|were|did|had|last)\b/;
const FORECAST_WORDS =
  /\b(?:predict|predicts|predicted|prediction|predictions|forecasts?|forecasted|projections?|projected)\b/;
const WILL = /\b(?:will|gonna|going to)\b|'ll\b/;
/** What a figure 'will' do that only the future can tell: trade at, close at, be worth, reach. */
const PRICE_VERBS = /\b(?:trade|trades|close|closes|open|opens|cost|costs|worth|reach|hit|end|finish|go)\b/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Whether the question names a day after today ('March 3, 2027', '2027-03-03') or a later year ('in 2027'). */
function namesFutureDate(lower: string, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  const named =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(
      lower,
    );
  if (named) {
    const month = String(MONTHS.indexOf(named[1]!) + 1).padStart(2, '0');
    return `${named[3]}-${month}-${named[2]!.padStart(2, '0')}` > today;
  }
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(lower);
  if (iso) return iso[0] > today;
  const year = /\b(?:in|by|for|of|during|end of)\s+(\d{4})\b/.exec(lower);
  return year !== null && Number(year[1]) > now.getUTCFullYear();
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
  const advice = hasAny(text, ADVICE) || /\b(should|would) (?:i|you) (?:buy|sell|hold|invest)/.test(lower);
  // In 'will it go up?' or 'is it worth buying now?', 'up' and 'worth' are the advice asked, not a figure.
  if (advice) intents = new Set([...intents].filter((i) => !isWeakOnly(i, text, tokens, mentions.used)));
  const future =
    FUTURE_TIME.test(lower) ||
    (YEAR_END.test(lower) && !PAST_TENSE.test(lower)) ||
    namesFutureDate(lower, now) ||
    (WILL.test(lower) && PRICE_VERBS.test(lower));
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
      screen: market ? null : screen,
      market,
      movers,
      favorites: hasAny(text, FAVORITES),
      advice,
      compare: companies.length >= 2 && (hasAny(text, COMPARE) || intents.size === 0),
      unknown,
      smallTalk,
      forecast,
      unanswered: [],
    },
  };
}

/** Whether a reading found anything at all to answer. */
const asksAnything = (q: Question) =>
  q.companies.length > 0 ||
  q.ambiguous.length > 0 ||
  q.intents.size > 0 ||
  q.period !== null ||
  q.filingGroups.length > 0 ||
  q.screen !== null ||
  q.market ||
  q.movers !== null ||
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
  const whole = read(normalized, directory, now);
  const parts = splitParts(normalized, whole.tokens, whole.mentions.used);
  if (parts.length < 2) return whole.question;
  const readings = parts.map((tokens) => ({
    start: tokens[0]!.start,
    end: tokens.at(-1)!.end,
    ...read(normalized.slice(tokens[0]!.start, tokens.at(-1)!.end), directory, now),
  }));
  const q = { ...whole.question };
  q.forecast = readings.some((r) => r.question.forecast);
  if (!q.forecast) q.period = whole.question.period ?? findPeriod(` ${normalized.toLowerCase()} `, q.intents);
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
