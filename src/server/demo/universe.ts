/**
 * The demo small-cap universe: companies with coherent snapshots and a year
 * of daily bars each, plus three benchmark indices computed from them.
 * Pure and deterministic: the same seed and as-of date give the same output.
 */
import { INDUSTRIES, SECTORS, type Industry, type SectorName } from '../../lib/industries.ts';
import { historyFigures } from '../features/market/index.ts';
import { BIO_PHASE_OPTIONS } from '../../lib/screener.ts';
import { addDays, tradingDaysBetween } from '../../lib/market-calendar.ts';
import { createRandom, type Random } from './random.ts';
import type { companies } from '../schema.ts';
import { LEGAL_SUFFIXES, NAME_ROOTS, SECTOR_WORDS } from './words/company-names.ts';

export type CompanyRow = typeof companies.$inferInsert;

export interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface DemoCompany {
  row: CompanyRow;
  bars: Bar[];
}

export interface DemoIndex {
  symbol: string;
  name: string;
  description: string;
  sortOrder: number;
  closes: { date: string; close: number }[];
}

export const BIO_PHASES = BIO_PHASE_OPTIONS;

const SECTOR_WEIGHTS: readonly (readonly [SectorName, number])[] = [
  [SECTORS.L, 22],
  [SECTORS.T, 15],
  [SECTORS.F, 14],
  [SECTORS.E, 12],
  [SECTORS.I, 10],
  [SECTORS.M, 8],
  [SECTORS.S, 10],
  [SECTORS.R, 7],
  [SECTORS.C, 2],
];

/** Codes that are far more common among small caps than the rest of their sector. */
const POPULAR_CODES: Record<number, number> = {
  2834: 30,
  2836: 18,
  3841: 8,
  8731: 6,
  2835: 4,
  3845: 4,
  7372: 20,
  3674: 8,
  7370: 6,
  7373: 4,
  4899: 3,
  6022: 25,
  6021: 8,
  6035: 5,
  6036: 5,
  6770: 6,
  6199: 3,
  6331: 3,
  1311: 18,
  1040: 6,
  4911: 4,
  1381: 3,
  4412: 4,
  1000: 4,
  6798: 16,
  1531: 4,
  6500: 4,
  6799: 10,
};

const MARKETS: readonly (readonly [string, number])[] = [
  ['NASDAQ', 66],
  ['NYSE', 28.5],
  ['NYSE American', 4],
  ['OTC', 1.5],
];

const FOREIGN = [
  'Canada',
  'Israel',
  'China',
  'United Kingdom',
  'Bermuda',
  'Netherlands',
  'Greece',
  'Cayman Islands',
] as const;

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
/** Quotes keep 4 decimals below $1 and 2 above, as exchanges print them. */
export const roundPrice = (price: number): number => round(price, price < 1 ? 4 : 2);

function pickIndustry(random: Random, sector: SectorName): Industry {
  const candidates = INDUSTRIES.filter((i) => i.sector === sector);
  return random.weighted(candidates.map((i) => [i, POPULAR_CODES[i.code] ?? 1] as const));
}

function makeSymbol(random: Random, name: string, taken: Set<string>, market: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z ]/g, '');
  const words = letters.split(' ').filter(Boolean);
  const length = market === 'NYSE' ? random.int(2, 3) : random.int(3, 4);
  const first = words[0] ?? 'X';
  const candidates = [
    (first.slice(0, length - 1) + (words[1]?.[0] ?? '')).slice(0, length),
    first.slice(0, length),
    words
      .map((w) => w[0])
      .join('')
      .slice(0, length),
  ];
  for (const candidate of candidates) {
    if (candidate.length >= 2 && !taken.has(candidate)) return candidate;
  }
  // Random tails; short symbols run out quickly, so lengthen after collisions.
  for (let attempt = 0; ; attempt++) {
    const size = Math.min(5, length + Math.floor(attempt / 20));
    let s = first[0] ?? 'X';
    while (s.length < size) s += String.fromCharCode(65 + random.int(0, 25));
    if (!taken.has(s)) return s;
  }
}

interface Profile {
  beta: number;
  annualVol: number;
  annualDrift: number;
  targetPrice: number;
  targetCap: number;
  dailyTurnover: number;
}

function profileFor(random: Random, sector: SectorName): Profile {
  const highVol = sector === SECTORS.L || sector === SECTORS.C;
  const penny = random.chance(highVol ? 0.18 : 0.08);
  const targetPrice = penny ? random.logBetween(0.12, 1) : random.logBetween(1, 90);
  // Mostly $50M-$2B, with a tail of micro caps and a few larger names.
  const band = random.weighted([
    ['micro', 10],
    ['core', 82],
    ['large', 8],
  ] as const);
  const targetCap =
    band === 'micro'
      ? random.logBetween(8e6, 5e7)
      : band === 'core'
        ? random.logBetween(5e7, 2e9)
        : random.logBetween(2e9, 6e9);
  return {
    beta: random.between(0.6, 1.6),
    annualVol: highVol ? random.between(0.6, 1.3) : random.between(0.22, 0.6),
    annualDrift: random.normal() * 0.25 + 0.04,
    targetPrice,
    targetCap,
    dailyTurnover: random.logBetween(0.001, 0.03),
  };
}

/** A year of bars whose last close equals the target price. */
function makeBars(random: Random, days: string[], marketReturns: number[], profile: Profile, shares: number): Bar[] {
  const dailyVol = profile.annualVol / Math.sqrt(252);
  const idioVol = Math.sqrt(Math.max(dailyVol ** 2 - (profile.beta * 0.011) ** 2, (dailyVol * 0.4) ** 2));
  const drift = profile.annualDrift / 252;
  // Build log-price path first, then shift it so the last close hits the target.
  const logs: number[] = [];
  let lp = 0;
  for (let i = 0; i < days.length; i++) {
    const jump = random.chance(0.01) ? random.normal() * dailyVol * 4 : 0;
    lp += drift - idioVol ** 2 / 2 + profile.beta * (marketReturns[i] ?? 0) + idioVol * random.normal() + jump;
    logs.push(lp);
  }
  const shift = Math.log(profile.targetPrice) - (logs[logs.length - 1] ?? 0);
  const avgVolume = shares * profile.dailyTurnover;
  const bars: Bar[] = [];
  let prevClose = roundPrice(Math.exp((logs[0] ?? 0) + shift) * (1 - random.normal() * dailyVol));
  for (let i = 0; i < days.length; i++) {
    const close = roundPrice(Math.exp((logs[i] ?? 0) + shift));
    const open = roundPrice(prevClose * (1 + random.normal() * dailyVol * 0.3));
    const spread = Math.abs(random.normal()) * dailyVol * 0.6;
    const high = roundPrice(Math.max(open, close) * (1 + spread));
    const low = roundPrice(Math.max(Math.min(open, close) * (1 - spread), 0.0001));
    const move = Math.abs(Math.log(close / prevClose)) / Math.max(dailyVol, 1e-6);
    const volume = Math.max(100, Math.round(avgVolume * Math.exp(random.normal() * 0.45) * (1 + move * 0.35)));
    bars.push({ date: days[i] as string, open, high, low, close, volume });
    prevClose = close;
  }
  return bars;
}

function snapshot(random: Random, sector: SectorName, bars: Bar[], shares: number): Partial<CompanyRow> {
  const last = bars[bars.length - 1] as Bar;
  const prev = bars[bars.length - 2] ?? last;
  const lastSale = last.close;
  const preClose = prev.close;
  const netChange = round(lastSale - preClose, 4);
  const figures = historyFigures(bars);
  const floatShares = Math.round(shares * random.between(0.4, 0.97));
  const isBio = sector === SECTORS.L;
  // No analyst figures here: they are derived from the ratings company-data.ts generates.
  return {
    lastSale,
    preClose,
    open: last.open,
    dayHigh: last.high,
    dayLow: last.low,
    netChange,
    changePercent: round((netChange / preClose) * 100, 4),
    volume: last.volume,
    volumeAvg: figures.volumeAvg,
    marketCap: Math.round(lastSale * shares),
    week52Low: figures.week52Low,
    week52High: figures.week52High,
    sharesOutstanding: shares,
    floatShares,
    freeFloat: round((floatShares / shares) * 100, 2),
    latestRsi: round(figures.rsi ?? 50, 2),
    latestEma: roundPrice(figures.ema20 ?? lastSale),
    latestSma: roundPrice(figures.sma50 ?? lastSale),
    latestMacd: round(figures.macd ?? 0, 4),
    institutionalOwnership: round(random.between(lastSale < 1 ? 0.5 : 5, lastSale < 1 ? 25 : 95), 2),
    institutionalBuying: round(random.normal() * 6, 2),
    yearOverYearRevenue: round(random.normal() * 35 + (isBio ? 20 : 6), 2),
    quarterOverQuarterRevenue: round(random.normal() * 12 + 1.5, 2),
    bioPhasePipelines: isBio ? random.pick(BIO_PHASES) : null,
    insiderOwnershipPercent: round(random.chance(0.5) ? random.between(0, 0.06) : random.logBetween(0.06, 0.65), 4),
    insiderTransactions: random.int(0, 24),
  };
}

export interface UniverseOptions {
  seed: string;
  /** The last trading day of the history (the snapshot's day). */
  asOf: string;
  count: number;
  /** How many companies are marked as clients. */
  clients?: number;
}

export interface Universe {
  days: string[];
  companies: DemoCompany[];
  indices: DemoIndex[];
}

export function generateUniverse(options: UniverseOptions): Universe {
  const random = createRandom(options.seed);
  const days = tradingDaysBetween(addDays(options.asOf, -365), options.asOf);
  const marketRandom = random.fork('market');
  const marketReturns = days.map(() => 0.0003 + marketRandom.normal() * 0.011);
  const taken = new Set<string>();
  const names = new Set<string>();
  const companiesOut: DemoCompany[] = [];
  const clientCount = options.clients ?? 30;
  const nameRandom = random.fork('names');

  for (let i = 0; i < options.count; i++) {
    const r = random.fork(`company-${i}`);
    const sector = r.weighted(SECTOR_WEIGHTS);
    const industry = pickIndustry(r, sector);
    let name = '';
    for (let attempt = 0; attempt < 50 && (name === '' || names.has(name)); attempt++) {
      name = `${nameRandom.pick(NAME_ROOTS)} ${nameRandom.pick(SECTOR_WORDS[sector])} ${nameRandom.pick(LEGAL_SUFFIXES)}`;
    }
    if (names.has(name)) name = `${name.replace(/ [^ ]+$/, '')} ${i}`;
    names.add(name);
    const market = r.weighted(MARKETS);
    const symbol = makeSymbol(r, name, taken, market);
    taken.add(symbol);
    const profile = profileFor(r, sector);
    const shares = Math.max(500_000, Math.round(profile.targetCap / profile.targetPrice));
    const bars = makeBars(r, days, marketReturns, profile, shares);
    const ipoYear = Math.min(
      Number(options.asOf.slice(0, 4)),
      r.weighted([
        [r.int(1939, 1989), 8],
        [r.int(1990, 2009), 30],
        [r.int(2010, 2019), 34],
        [r.int(2020, Number(options.asOf.slice(0, 4))), 28],
      ] as const),
    );
    companiesOut.push({
      row: {
        symbol,
        name,
        sicCode: industry.code,
        sectorName: industry.sector,
        industry: industry.description,
        market,
        country: r.chance(0.92) ? 'United States' : r.pick(FOREIGN),
        ipoYear,
        logo: null,
        isClient: false,
        ...snapshot(r, sector, bars, shares),
        quoteUpdatedAt: null,
      },
      bars,
    });
  }
  // Clients are spread over sectors: every n-th company of a stable order.
  const step = Math.max(1, Math.floor(companiesOut.length / Math.max(1, clientCount)));
  for (let i = 0, marked = 0; i < companiesOut.length && marked < clientCount; i += step, marked++) {
    (companiesOut[i] as DemoCompany).row.isClient = true;
  }
  return { days, companies: companiesOut, indices: buildIndices(days, companiesOut) };
}

/** Cap-weighted price indices over the universe, rebased to a level. */
function buildIndex(days: string[], members: DemoCompany[], base: number): { date: string; close: number }[] {
  const startCaps = members.map((c) => (c.bars[0]?.close ?? 0) * (c.row.sharesOutstanding ?? 0));
  const total = startCaps.reduce((s, v) => s + v, 0) || 1;
  return days.map((date, t) => {
    let level = 0;
    members.forEach((c, i) => {
      const first = c.bars[0]?.close ?? 1;
      level += ((startCaps[i] ?? 0) / total) * ((c.bars[t]?.close ?? first) / first);
    });
    return { date, close: round(base * level, 2) };
  });
}

function buildIndices(days: string[], all: DemoCompany[]): DemoIndex[] {
  const us = all.filter((c) => c.row.market !== 'OTC');
  const nasdaq = all.filter((c) => c.row.market === 'NASDAQ');
  // The S&P 600 admits profitable, liquid names: approximate with growth and size.
  const sp600 = [...us]
    .filter((c) => (c.row.marketCap ?? 0) >= 3e8 && (c.row.yearOverYearRevenue ?? 0) > 0)
    .sort((a, b) => (b.row.marketCap ?? 0) - (a.row.marketCap ?? 0))
    .slice(0, 600);
  return [
    {
      symbol: 'RUT',
      name: 'Russell 2000',
      description: 'Small-cap segment of the US equity universe',
      sortOrder: 1,
      closes: buildIndex(days, us, 2050),
    },
    {
      symbol: 'NQUSS',
      name: 'Nasdaq US Small Cap',
      description: 'Small caps listed on Nasdaq',
      sortOrder: 2,
      closes: buildIndex(days, nasdaq, 1180),
    },
    {
      symbol: 'SML',
      name: 'S&P SmallCap 600',
      description: 'Profitable, liquid US small caps',
      sortOrder: 3,
      closes: buildIndex(days, sp600, 1320),
    },
  ];
}
