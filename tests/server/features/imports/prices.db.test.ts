import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPrices, importUniverseFile } from '../../../../src/server/features/imports/index.ts';
import { latestChangeId } from '../../../../src/server/platform/changes.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { universeOptions } from '../../../helpers/imports.ts';

let t: TestApp;
let dir: string;
const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

/** Weekdays from a start date, as YYYY-MM-DD. */
function tradingDays(from: string, count: number): string[] {
  const days: string[] = [];
  for (const day = new Date(`${from}T00:00:00Z`); days.length < count; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** A year of bars rising a cent a day from `start`, as a price file. */
function barsFile(start: number, days: string[], header = 'Date,Open,High,Low,Close,Adj Close,Volume'): string {
  const lines = days.map((date, i) => {
    const close = start + i / 100;
    return `${date},${close.toFixed(2)},${(close + 0.05).toFixed(2)},${(close - 0.05).toFixed(2)},${close.toFixed(2)},${close.toFixed(2)},${1000 + i}`;
  });
  return `${header}\n${lines.join('\n')}\n`;
}

interface Record_ {
  last_sale: number;
  pre_close: number;
  week52high: number;
  volume_avg: number;
  data_source: string;
  prices_as_of: string;
  market_cap: number;
}

const DAYS = tradingDays('2020-04-01', 260);

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-prices-'));
  const universe = write(
    'screener.csv',
    [
      'Symbol,Name,Last Sale,Net Change,% Change,Market Cap,Country,IPO Year,Volume,Sector,Industry',
      'AAAA,Alpha Inc,$5.00,0.00,0.00%,50000000.00,United States,2010,1000,Technology,Semiconductors',
      'BBBB,Beta Inc,$10.00,0.00,0.00%,100000000.00,United States,2011,1000,Energy,Coal Mining',
      '',
    ].join('\n'),
  );
  await importUniverseFile(t.database.db, universe, universeOptions({ asOf: '2021-03-01' }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('importing daily prices', () => {
  it('loads a folder of files named by ticker, recomputes the snapshot the screener derives and the small-cap indices', async () => {
    write('bars/AAAA.csv', barsFile(2, DAYS));
    write('bars/BBBB.csv', `${barsFile(8, DAYS).trimEnd()}\n2021-13-45,1,1,1,1,1\n2021-06-01,5,4,6,5,100\nnot,a,bar\n`);
    write('bars/ZZZZ.csv', barsFile(1, DAYS.slice(0, 5)));
    const changes = await latestChangeId(t.database.db);
    const report = await importPrices(t.database.db, path.join(dir, 'bars'), false);
    t.snapshots.invalidate();
    expect(report).toMatchObject({ read: 260 * 2 + 3 + 5, added: 520, updated: 0 });
    expect(report.skipped).toMatchObject({
      'bar of a symbol not in the imported universe': { count: 5, where: ['ZZZZ'] },
      'malformed or impossible bar (a date, prices above zero with high at least low, a volume)': {
        count: 3,
        where: ['BBBB.csv:262', 'BBBB.csv:263', 'BBBB.csv:264'],
      },
    });
    expect(report.notes.join('\n')).toMatch(/Russell 2000 recomputed over 2 companies/);
    expect((await latestChangeId(t.database.db)) - changes).toBe(2);

    const { data } = (await t.call('GET', '/api/stock/company/AAAA')).body as { data: Record_ };
    const lastClose = 2 + 259 / 100;
    expect(data).toMatchObject({
      last_sale: lastClose,
      pre_close: 2 + 258 / 100,
      week52high: Number((lastClose + 0.05).toFixed(2)),
      data_source: 'daily-bars',
      prices_as_of: DAYS.at(-1),
    });
    expect(data.volume_avg).toBe(Math.round(1000 + (259 + 197) / 2));
    // Market cap moves with the price (shares from the export's cap and price).
    expect(data.market_cap).toBeCloseTo((50_000_000 / 5) * lastClose, 0);

    const screen = (
      (
        await t.call('POST', '/api/graphql', {
          json: {
            query:
              '{ filteredCompanies(data: {page: 1, pageSize: 10}) { companies { symbol latest_rsi latest_sma } } }',
          },
        })
      ).body as {
        data: { filteredCompanies: { companies: { symbol: string; latest_rsi: number; latest_sma: number }[] } };
      }
    ).data.filteredCompanies.companies;
    // A steady rise: RSI at its top, the 50-day average 25 cents under the last close.
    expect(screen.find((c) => c.symbol === 'AAAA')).toMatchObject({
      latest_rsi: 100,
      latest_sma: Number((lastClose - 0.245).toFixed(4)),
    });

    const index = (await t.call('GET', '/api/market/indices/RUT/history')).body as {
      data: { date: string; close: number }[];
    };
    // The chart's month of the recomputed index: both members rose every day, so did the index.
    expect(index.data.at(-1)?.date).toBe(DAYS.at(-1));
    expect(index.data.at(-1)!.close).toBeGreaterThan(index.data[0]!.close);
  });

  it('changes nothing when the same files come again, and takes one file with a Symbol column', async () => {
    const again = await importPrices(t.database.db, path.join(dir, 'bars'), false);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 520 });
    const one = write(
      'all.csv',
      'Symbol,Date,Open,High,Low,Close,Volume\nAAAA,2021-04-01,5,5.5,4.5,5.25,2000\nAAAA,2021-04-02,5.25,5.5,5,5.4,2100\n',
    );
    const report = await importPrices(t.database.db, one, false);
    expect(report).toMatchObject({ added: 2 });
    const { data } = (await t.call('GET', '/api/stock/company/AAAA')).body as { data: Record_ };
    expect(data).toMatchObject({ last_sale: 5.4, pre_close: 5.25, prices_as_of: '2021-04-02' });
  });

  it('stops with a clear message and changes nothing for a file that is not a price file', async () => {
    await expect(importPrices(t.database.db, write('x/AAAA.csv', 'Day,Price\n2021-01-01,5\n'), false)).rejects.toThrow(
      /not a daily price file: its header "Day,Price" has no date, open, high, low, close, volume column/,
    );
    await expect(importPrices(t.database.db, path.join(dir, 'nowhere'), false)).rejects.toThrow(/does not exist/);
  });
});
