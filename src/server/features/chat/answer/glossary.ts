/**
 * RedChat's glossary (docs/product.md §13.2): the investing terms a small-cap
 * investor meets on RedCap and in filings, each defined briefly in RedCap's
 * own words. A definition is general education, about no company; both
 * engines answer a term question from it (the model through its
 * define_term tool), so they define a term alike.
 */
import { sameWord } from './words.ts';

export interface GlossaryEntry {
  /** The term as an answer names it. */
  term: string;
  /** Other names and spellings of it ('reverse split', 'RSI'). */
  also: string[];
  definition: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Reverse stock split',
    also: ['reverse split', 'share consolidation'],
    definition:
      "A company combines its shares into fewer ones: in a 1-for-10 reverse split every 10 shares become 1 and the price per share rises about tenfold, so the company's value and each holder's stake are unchanged at that moment. Small caps often do one to lift their price back above an exchange's $1 minimum bid.",
  },
  {
    term: 'Stock split',
    also: ['split', 'forward split', 'forward stock split'],
    definition:
      "A company divides each share into several: in a 2-for-1 split every share becomes 2 and the price per share halves. The company's value and each holder's stake do not change.",
  },
  {
    term: 'Dilution',
    also: ['share dilution', 'dilutive', 'diluted', 'dilute'],
    definition:
      "The shrinking of each shareholder's stake when a company issues new shares: in an offering, when notes convert, or when warrants and options are exercised. Each share then owns a smaller part of the company and of its future earnings.",
  },
  {
    term: 'Float',
    also: ['public float', 'free float', 'floating shares', 'float shares'],
    definition:
      'The shares the public can trade: shares outstanding minus those held by insiders, large owners and holders whose shares are restricted. Free float is the float as a share of all shares outstanding. A small float can make a price swing on little volume.',
  },
  {
    term: 'Shares outstanding',
    also: ['outstanding shares', 'share count'],
    definition:
      "All the shares a company has issued that investors hold, insiders' included. The share price times the shares outstanding is the market cap.",
  },
  {
    term: 'Short interest',
    also: ['shares short', 'short position', 'short selling', 'shorting'],
    definition:
      'The number of shares sold short and not yet bought back, published twice a month, often given as a percentage of the float. Short sellers profit when the price falls, so high short interest means many traders expect a decline.',
  },
  {
    term: 'Days to cover',
    also: ['short ratio', 'short interest ratio'],
    definition:
      'Short interest divided by the average daily volume: how many days of usual trading short sellers would need to buy back every share they are short.',
  },
  {
    term: 'Short squeeze',
    also: ['squeeze'],
    definition:
      'A sharp rise in a price as short sellers rush to buy shares back to limit their losses, their buying pushing the price higher still. Stocks with high short interest and a small float are the most prone to one.',
  },
  {
    term: 'Market cap',
    also: ['market capitalization', 'market capitalisation', 'market value'],
    definition: "A company's value on the stock market: its share price times its shares outstanding.",
  },
  {
    term: 'Small cap',
    also: ['small caps', 'small cap stock', 'micro cap', 'nano cap', 'small company stocks'],
    definition:
      'A company with a market cap of roughly $300 million to $2 billion; micro caps are about $50 million to $300 million and nano caps under $50 million. The bands are conventions, not rules.',
  },
  {
    term: '10-K',
    also: ['form 10-k', 'annual report'],
    definition:
      "A company's annual report to the SEC: audited financial statements, its business and risks, and management's discussion of the year. It is due 60 to 90 days after the fiscal year ends, depending on the company's size.",
  },
  {
    term: '10-Q',
    also: ['form 10-q', 'quarterly report'],
    definition:
      "A company's quarterly report to the SEC for each of the first three quarters of its fiscal year (the 10-K covers the fourth): unaudited financial statements and management's discussion of the quarter.",
  },
  {
    term: '8-K',
    also: ['form 8-k', 'current report'],
    definition:
      'A report a company files with the SEC within four business days of a major event: a deal, a change of officers or auditors, an offering, results announced, a bankruptcy.',
  },
  {
    term: 'Form 4',
    also: ['insider filing', 'insider filings'],
    definition:
      "The form an insider (an officer, a director or an owner of more than 10% of the shares) files with the SEC within two business days of buying or selling the company's shares.",
  },
  {
    term: '13F',
    also: ['form 13f', '13f filing', '13f filings'],
    definition:
      'A quarterly report to the SEC by investment managers holding $100 million or more of US-listed securities, listing their holdings at the end of the quarter. It is filed up to 45 days later, so it shows what they held then, not now.',
  },
  {
    term: 'Schedule 13D and 13G',
    also: ['13d', '13g', 'schedule 13d', 'schedule 13g'],
    definition:
      "Filed with the SEC by anyone who comes to own more than 5% of a company's voting shares: a 13D by an investor who may seek to influence the company, the shorter 13G by a passive one.",
  },
  {
    term: 'S-1',
    also: ['form s-1', 's-1 filing', 'registration statement'],
    definition:
      'The registration statement a company files with the SEC before selling shares to the public for the first time (an IPO), or later when it cannot use the shorter S-3. It describes the business, its finances, its risks and the offering.',
  },
  {
    term: 'S-3',
    also: ['form s-3', 'shelf registration', 'shelf offering', 'shelf'],
    definition:
      'A shorter registration statement for companies that have filed their SEC reports on time for a year, often used as a shelf: securities registered in advance that the company may sell over the next three years, when it chooses.',
  },
  {
    term: '424B prospectus',
    also: ['424b', '424b3', '424b4', '424b5', 'prospectus', 'prospectus supplement'],
    definition:
      'A prospectus filed with the SEC under Rule 424(b) with the final terms of an offering, such as the price and the number of shares. A 424B5 often announces shares sold off a shelf registration.',
  },
  {
    term: 'ATM offering',
    also: ['at the market offering', 'atm', 'atm program', 'equity distribution agreement'],
    definition:
      'A way for a company to raise money by selling new shares a little at a time into the market at the going price, through a broker, usually off a shelf registration. Each sale dilutes existing holders a little.',
  },
  {
    term: 'Warrant',
    also: ['warrants', 'stock warrant'],
    definition:
      'A right, issued by the company, to buy its shares at a set price (the exercise price) until a set date. Warrants often come with offerings; when they are exercised the company issues new shares, which dilutes holders.',
  },
  {
    term: 'PIPE',
    also: ['private investment in public equity', 'pipe deal', 'pipe financing', 'private placement'],
    definition:
      'A private investment in public equity: a listed company sells shares (often with warrants) directly to chosen investors, usually below the market price. It raises money quickly and dilutes existing holders.',
  },
  {
    term: 'Convertible note',
    also: ['convertible notes', 'convertible debt', 'convertible', 'convertible bond', 'toxic convertible'],
    definition:
      'A loan to a company that the lender can turn into shares, at a set price or at a discount to the market price. Each conversion adds shares; notes converting at a discount can dilute holders heavily as the price falls.',
  },
  {
    term: 'Secondary offering',
    also: ['follow-on offering', 'public offering', 'registered direct offering', 'offering'],
    definition:
      'A sale of shares after the IPO. When the company sells new shares to raise money it dilutes holders; when existing holders sell theirs, the company receives nothing and the share count stays the same.',
  },
  {
    term: 'IPO',
    also: ['initial public offering', 'going public'],
    definition:
      "A company's first sale of shares to the public, after which its shares trade on an exchange. RedCap's IPO calendar lists upcoming and recent ones.",
  },
  {
    term: 'Lock-up period',
    also: ['lock-up', 'lockup expiration'],
    definition:
      'A period after an IPO, usually 90 to 180 days, during which insiders and early investors agree not to sell their shares. Its end can bring many shares to market at once.',
  },
  {
    term: 'Uplisting',
    also: ['uplist', 'uplisted'],
    definition:
      "A company's move from the OTC markets to a national exchange such as Nasdaq or NYSE American, once it meets the exchange's listing standards (a minimum price, shareholders' equity, a number of holders).",
  },
  {
    term: 'Delisting',
    also: ['delist', 'delisted', 'minimum bid price', 'minimum bid', 'deficiency notice', 'compliance notice'],
    definition:
      "The removal of a company's shares from an exchange, when it breaks a listing rule (a bid price under $1 for 30 business days in a row is a common one) and does not regain compliance in the time given, or at its own request. Delisted shares usually go on trading over the counter.",
  },
  {
    term: 'OTC',
    also: ['over the counter', 'otc markets', 'pink sheets', 'otcqb', 'otcqx', 'pink'],
    definition:
      "Trading outside a national exchange, through dealer networks such as OTC Markets' OTCQX, OTCQB and Pink tiers. Listing standards and required disclosures are lighter than an exchange's, and shares often trade thinly.",
  },
  {
    term: 'Penny stock',
    also: ['penny stocks'],
    definition:
      "The SEC's term for a low-priced stock, generally one trading under $5 a share. Penny stocks are often thinly traded and volatile, and many trade over the counter.",
  },
  {
    term: 'Phase 1',
    also: ['phase i', 'phase one', 'phase 1 trial'],
    definition:
      'The first trials of a drug in people, usually a few dozen healthy volunteers or patients, testing its safety and finding a dose.',
  },
  {
    term: 'Phase 2',
    also: ['phase ii', 'phase two', 'phase 2 trial'],
    definition:
      'Trials of a drug in up to a few hundred patients with the condition, testing whether it works, its side effects and the best dose.',
  },
  {
    term: 'Phase 3',
    also: ['phase iii', 'phase three', 'phase 3 trial', 'pivotal trial'],
    definition:
      'Large trials in hundreds to thousands of patients that confirm a drug works and is safe, usually against a placebo or the standard treatment. Good phase 3 results support an application for approval.',
  },
  {
    term: 'PDUFA date',
    also: ['pdufa', 'pdufa target date', 'pdufa goal date'],
    definition:
      "The date by which the FDA aims to decide on a drug's application, set under the Prescription Drug User Fee Act: usually 10 months after it accepts the application for review, or 6 months under priority review.",
  },
  {
    term: 'NDA and BLA',
    also: ['nda', 'bla', 'new drug application', 'biologics license application'],
    definition:
      'A New Drug Application (NDA) asks the FDA to approve a drug for sale in the US; a Biologics License Application (BLA) does the same for a biologic such as an antibody or a vaccine. Filed after the trials, they lead to a PDUFA date.',
  },
  {
    term: 'Cash runway',
    also: ['runway', 'cash runway months'],
    definition:
      'How long a company can run on the cash it has before it needs more: its cash divided by its burn rate. A short runway often means an offering, and dilution, may follow.',
  },
  {
    term: 'Burn rate',
    also: ['cash burn', 'burn'],
    definition:
      'How fast a company that is not yet profitable spends its cash, usually per month or per quarter: the cash its operations use.',
  },
  {
    term: 'Going concern warning',
    also: ['going concern', 'going concern doubt', 'substantial doubt'],
    definition:
      "An auditor's note, in the annual report, that there is substantial doubt the company can keep operating for the next year without raising money.",
  },
  {
    term: 'EPS',
    also: ['earnings per share', 'diluted eps'],
    definition:
      "A company's net income divided by its shares outstanding: the profit, or loss, that falls to each share.",
  },
  {
    term: 'P/E ratio',
    also: ['pe', 'price to earnings', 'price to earnings ratio', 'price earnings ratio', 'earnings multiple'],
    definition:
      'The share price divided by the earnings per share of the last 12 months: what investors pay for each dollar of yearly profit. A company that loses money has no meaningful P/E.',
  },
  {
    term: 'Revenue growth',
    also: ['yoy', 'qoq', 'year over year', 'quarter over quarter', 'sales growth'],
    definition:
      "How much a company's revenue rose or fell against an earlier period: year over year (YoY) against the same quarter a year before, quarter over quarter (QoQ) against the quarter before.",
  },
  {
    term: 'Dividend',
    also: ['dividends', 'dividend yield', 'yield'],
    definition:
      "A payment a company makes to its shareholders, usually each quarter. The dividend yield is a year's dividends divided by the share price. Few small caps pay one.",
  },
  {
    term: 'RSI',
    also: ['relative strength index', 'relative strength'],
    definition:
      'The relative strength index: a momentum indicator from 0 to 100 comparing recent gains with recent losses, usually over 14 sessions. Traders call 70 or more overbought and 30 or less oversold.',
  },
  {
    term: 'MACD',
    also: ['moving average convergence divergence', 'macd line', 'signal line'],
    definition:
      'Moving average convergence divergence: the 12-session exponential moving average of the price minus the 26-session one. Traders watch it cross its own 9-session average, the signal line, as a sign that momentum is turning.',
  },
  {
    term: 'EMA',
    also: ['exponential moving average', 'ema 20', '20 day ema'],
    definition:
      'The exponential moving average: the average closing price over a number of sessions, the latest weighing the most, so it follows the price faster than a simple average. RedCap shows the 20-session EMA.',
  },
  {
    term: 'SMA',
    also: [
      'simple moving average',
      'moving average',
      'moving averages',
      'sma 50',
      '50 day moving average',
      '200 day moving average',
    ],
    definition:
      'The simple moving average: the plain average of the closing prices over a number of sessions, such as 50 or 200. A price above it is often read as an uptrend. RedCap shows the 50-session SMA.',
  },
  {
    term: '52-week high and low',
    also: ['52 week high', '52 week low', '52 week range', '52w high', '52w low', 'year high', 'year low'],
    definition:
      'The highest and lowest prices a stock traded at over the past year. Where the price sits in that range shows how far it is off its low or below its high.',
  },
  {
    term: 'Volume',
    also: ['trading volume', 'average volume', 'avg volume', 'relative volume'],
    definition:
      'The number of shares traded in a session. Average volume is the usual daily amount; volume well above it shows unusual interest in the stock.',
  },
  {
    term: 'Bid-ask spread',
    also: ['spread', 'bid and ask', 'bid', 'ask'],
    definition:
      'The gap between the highest price a buyer offers (the bid) and the lowest price a seller asks (the ask). Thinly traded small caps often have wide spreads, a cost on every trade.',
  },
  {
    term: 'Market order',
    also: ['market orders', 'market buy', 'market sell'],
    definition:
      'An order to buy or sell at once at the best price available. It is filled quickly, but in a thinly traded stock that price can be far from the last trade.',
  },
  {
    term: 'Limit order',
    also: ['limit orders', 'limit buy', 'limit sell'],
    definition:
      'An order to buy at no more, or sell at no less, than a price you set. It protects the price but may not be filled.',
  },
  {
    term: 'Pre-market and after-hours trading',
    also: ['pre market', 'after hours', 'extended hours', 'extended hours trading'],
    definition:
      'Trading before the regular session opens at 9:30 AM and after it closes at 4:00 PM New York time. Fewer shares trade then, so prices can jump and spreads are wider.',
  },
  {
    term: 'Insider buying',
    also: ['insider', 'insiders', 'insider trading', 'insider selling', 'insider transactions', 'insider buys'],
    definition:
      "Trades in a company's shares by its officers, directors or owners of more than 10%, reported on Form 4. Buying is often read as more telling than selling, which insiders do for many reasons, such as taxes or diversifying.",
  },
  {
    term: 'Institutional ownership',
    also: ['institutional investors', 'institutions', 'institutional holders'],
    definition:
      "The share of a company's stock held by institutions such as mutual funds, pension funds and hedge funds, as their 13F filings report it.",
  },
  {
    term: 'Analyst rating',
    also: [
      'analyst ratings',
      'rating',
      'ratings',
      'price target',
      'price targets',
      'analyst price target',
      'consensus',
    ],
    definition:
      "An analyst's view of a stock, such as Buy, Hold or Sell, often with a price target: where the analyst expects the price to be, usually in 12 months. Ratings and targets are opinions, and change.",
  },
  {
    term: 'Beta',
    also: ['stock beta'],
    definition:
      "How much a stock's price has moved with the market: a beta of 1.5 means it has tended to move 1.5% for each 1% of the market's moves. Many small caps have a beta above 1.",
  },
  {
    term: 'SPAC',
    also: ['special purpose acquisition company', 'blank check company', 'de-spac'],
    definition:
      'A special purpose acquisition company: a listed shell that raises money in an IPO to buy a private company, which so becomes public, within a set time (often two years). Its holders may redeem their shares for the cash held in trust before the deal closes.',
  },
  {
    term: 'Russell 2000',
    also: ['russell 2000 index', 'russell'],
    definition:
      'The usual benchmark of US small caps: about 2,000 of the smallest companies in the Russell 3000 index, weighted by market cap.',
  },
  {
    term: '20-F and 6-K',
    also: ['20-f', '6-k', 'form 20-f', 'form 6-k'],
    definition:
      'Foreign companies listed in the US file a 20-F as their annual report and a 6-K for what they publish at home, in place of the 10-K, 10-Q and 8-K.',
  },
  {
    term: 'Proxy statement',
    also: ['proxy', 'def 14a', 'proxy vote'],
    definition:
      "The document a company sends its shareholders before a vote at its annual or a special meeting, filed with the SEC as a DEF 14A: the proposals, the board's nominees and the executives' pay.",
  },
];

/** A phrase as the glossary compares it: lower case, letters and digits only ('10-K' and '10k' alike). */
const keyOf = (phrase: string) => phrase.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_KEY = new Map<string, GlossaryEntry>(
  GLOSSARY.flatMap((entry) => [entry.term, ...entry.also].map((name) => [keyOf(name), entry] as const)),
);

/**
 * The entry a phrase names ('reverse splits', 'a 10k', 'PDUFA'), forgiving a
 * plural and a typo or two in a long name; null when the glossary has none.
 */
export function glossaryEntry(phrase: string): GlossaryEntry | null {
  const key = keyOf(phrase);
  if (!key) return null;
  const exact = BY_KEY.get(key) ?? (key.endsWith('s') ? BY_KEY.get(key.slice(0, -1)) : undefined);
  if (exact) return exact;
  // Only long names are forgiven a typo: 'ema' is not 'sma'.
  if (key.length < 8) return null;
  for (const [name, entry] of BY_KEY) if (name.length >= 8 && sameWord(key, name)) return entry;
  return null;
}
