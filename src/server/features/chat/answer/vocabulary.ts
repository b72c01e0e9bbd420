/**
 * RedChat's vocabulary: the words and phrases that name each fact a reader
 * can ask about (intents), advice, the market, the day's movers, favorites,
 * comparisons, small talk, the figures the site lacks and the filing groups.
 * Data only; intents.ts reads a question with it.
 */
import type { FilingGroupName } from '../../../../lib/company.ts';

export type Intent =
  | 'quote'
  | 'performance'
  | 'valuation'
  | 'range'
  | 'volume'
  | 'analysts'
  | 'insiders'
  | 'institutions'
  | 'short'
  | 'filings'
  | 'bio'
  | 'news'
  | 'webinars'
  | 'profile'
  | 'technicals'
  | 'growth'
  | 'financials'
  | 'team';

/**
 * Words and phrases of each intent. Single words are recognised with a typo
 * or two; phrases are matched as written. A weak word counts only when no
 * other word names an intent ('trading' in 'trading volume' is about volume).
 */
export const VOCABULARY: Record<Intent, { words: string[]; weak?: string[] }> = {
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
  short: {
    words: [
      'short interest',
      'shorted',
      'shorts',
      'short sellers',
      'short selling',
      'short squeeze',
      'shares short',
      'days to cover',
      'short ratio',
    ],
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
  financials: {
    words: [
      'runway',
      'burn',
      'burning',
      'cash burn',
      'dilution',
      'dilute',
      'diluted',
      'diluting',
      'dilutive',
      'share count',
      'net income',
      'profit',
      'profits',
      'profitable',
      'earnings',
      'eps',
      'cash',
      'debt',
      'margin',
      'margins',
      'financials',
      'financial statements',
      'balance sheet',
      'income statement',
      'cash flow',
    ],
  },
  team: {
    words: ['ceo', 'cfo', 'management', 'executives', 'leadership', 'leaders', 'founder', 'founders', 'board', 'team'],
  },
};

export const ADVICE = [
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

/** Words that ask about the IPO calendar: coming and recent first sales of shares. */
export const IPO_CALENDAR = [
  'ipo',
  'ipos',
  'ipo calendar',
  'initial public offering',
  'initial public offerings',
  'going public',
  'go public',
  'goes public',
  'new listings',
  'upcoming listings',
];

export const MARKET = [
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
export const LEADERS = [
  'gainers',
  'top gainers',
  'leaders',
  'winners',
  'up the most',
  'best performers',
  'best performing',
];
export const LAGGARDS = ['losers', 'top losers', 'laggards', 'down the most', 'worst performers', 'worst performing'];
export const MOVERS = ['movers', 'top movers', 'biggest movers', 'moving the most'];
export const FAVORITES = [
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
export const COMPARE = ['compare', 'comparison', 'versus', 'vs', 'against', 'better', 'difference', 'differ', 'or'];
export const SMALL_TALK = new Set([
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
export const UNKNOWN_METRICS: [RegExp, string][] = [
  [/\bp\s*\/\s*e\b|\bpe ratio|\bprice[- ]to[- ]earnings|\bearnings multiple/, 'P/E ratio'],
  [/\beps\b|\bearnings per share|\bearnings\b|\bnet income|\bprofits?\b|\bprofitab/, 'earnings'],
  [/\bdividends?\b|\byield\b|\bpayout/, 'dividends'],
  [/\bdebt\b|\bleverage\b|\bbalance sheet/, 'debt and the balance sheet'],
  [/\bcash\b|\bburn rate|\brunway\b/, 'cash and cash burn'],
  [/\bmargins?\b|\bebitda\b|\bgross profit/, 'margins'],
  [/\bbook value|\bp\s*\/\s*b\b/, 'book value'],
  [/\bbeta\b|\bvolatility\b/, 'volatility (beta)'],
  [/\bguidance\b|\boutlook\b/, 'company guidance'],
  [/\boptions? (chain|volume|activity)|\bcalls and puts/, 'options activity'],
];

export const FILING_WORDS: [FilingGroupName, string[]][] = [
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
export const SINGLE_WORDS: { word: string; intent: Intent; weak: boolean }[] = Object.entries(VOCABULARY).flatMap(
  ([intent, v]) => [
    ...v.words.filter((w) => !w.includes(' ')).map((word) => ({ word, intent: intent as Intent, weak: false })),
    ...(v.weak ?? []).filter((w) => !w.includes(' ')).map((word) => ({ word, intent: intent as Intent, weak: true })),
  ],
);

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
