/** Demo IPO calendar rows: listings priced in the last quarter and expected in the coming month. */
import { SECTORS } from '../../lib/industries.ts';
import { addDays, isTradingDay } from '../../lib/market-calendar.ts';
import { createRandom } from './random.ts';
import type { ipos } from '../schema.ts';
import { NAME_ROOTS, SECTOR_WORDS } from './words/company-names.ts';

export type IpoRow = typeof ipos.$inferInsert;

const UNDERWRITERS = [
  'Harborview Securities',
  'Northgate Capital Markets',
  'Lakeside & Co.',
  'Granite Peak Partners',
  'Meridian Street Advisors',
  'Cobalt Ridge Securities',
];

export function generateIpos(seed: string, asOf: string, takenSymbols: Set<string>, count = 60): IpoRow[] {
  const random = createRandom(`${seed}:ipos`);
  const names = new Set<string>();
  const rows: IpoRow[] = [];
  const sectors = Object.values(SECTORS);
  while (rows.length < count) {
    const sector = random.pick(sectors);
    const name = `${random.pick(NAME_ROOTS)} ${random.pick(SECTOR_WORDS[sector])} ${random.pick(['Inc.', 'Corp.', 'Holdings', 'Ltd.'])}`;
    if (names.has(name)) continue;
    const newSymbol = () => Array.from({ length: 4 }, () => String.fromCharCode(65 + random.int(0, 25))).join('');
    let symbol = newSymbol();
    while (takenSymbols.has(symbol)) symbol = newSymbol();
    takenSymbols.add(symbol);
    names.add(name);
    // Two thirds already priced (last 90 days), one third expected (next 30 days).
    let date = addDays(asOf, random.chance(0.66) ? -random.int(1, 90) : random.int(1, 30));
    while (!isTradingDay(date)) date = addDays(date, 1);
    const low = Math.round(random.between(4, 20));
    const high = low + random.int(1, 4);
    const status = date <= asOf ? (random.chance(0.1) ? 'Withdrawn' : 'Priced') : 'Expected';
    const priced = status === 'Priced';
    rows.push({
      companyName: name,
      symbol,
      exchange: random.chance(0.75) ? 'NASDAQ' : 'NYSE',
      sector,
      priceLow: low,
      priceHigh: high,
      sharesOffered: random.int(15, 120) * 100_000,
      expectedDate: date,
      status,
      leadUnderwriter: random.pick(UNDERWRITERS),
      // The registration a few weeks before; a priced listing at a price within its range, listed that day.
      filedOn: addDays(date, -random.int(20, 75)),
      offerPrice: priced ? low + random.int(0, high - low) : null,
      pricedOn: priced ? date : null,
      listedOn: priced ? date : null,
      source: 'demo',
    });
  }
  return rows;
}
