/**
 * A screen described in words ('life-science small caps under $5 with a
 * phase 3 drug') as the screener's own filters, each criterion said back as
 * the reader would say it, with the order and the number of rows asked for.
 */
import { BIO_PHASE_OPTIONS, type SortField } from '../../../../lib/screener.ts';

export interface ScreenWords {
  /** The screener's filter map: filter name (or 'Sector') to value. */
  filters: Record<string, string>;
  /** Each criterion as the reader would say it back. */
  described: string[];
  sort: { field: SortField; direction: 'asc' | 'desc' };
  limit: number;
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
export function findScreen(lower: string, text: string): ScreenWords | null {
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
