import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ImportError,
  formatReport,
  importPrices,
  importSecSubmissions,
  importSecTickers,
  importUniverseFile,
} from '../../../../src/server/features/imports/index.ts';
import { latestChangeId } from '../../../../src/server/platform/changes.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { tableDigests, universeOptions } from '../../../helpers/imports.ts';
import { companies } from '../../../../src/server/schema.ts';

const HEADER = 'Symbol,Name,Last Sale,Net Change,% Change,Market Cap,Country,IPO Year,Volume,Sector,Industry';
const row = (symbol: string, name: string, sale = '$2.00', cap = '20000000.00') =>
  `${symbol},${name},${sale},0.10,5.26%,${cap},United States,2001,1000,Energy,Coal Mining`;
/** Enough good rows that what follows them is past the first 8 KB of the file. */
const FILLER = Array.from({ length: 120 }, (_, i) => row(`F${String.fromCharCode(65 + (i % 26))}${i}`, `Filler ${i}`));
const RED = '\u001b[31m';
/** Escape and control characters as a terminal would obey them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

let t: TestApp;
let dir: string;
const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

/** The import's error, which must be an ImportError; fails the test when it succeeds. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return (error as ImportError).message;
}

/** Runs an import that must be refused, and checks that it changed no row and that its message is one clean line. */
async function expectRefused(attempt: () => Promise<unknown>, message: RegExp): Promise<string> {
  const before = await tableDigests(t.database.db);
  const changes = await latestChangeId(t.database.db);
  const said = await refusal(attempt());
  expect(said).toMatch(message);
  expect(said).not.toMatch(RAW_CONTROL);
  expect(said).not.toMatch(/\n/);
  expect(await tableDigests(t.database.db)).toEqual(before);
  expect(await latestChangeId(t.database.db)).toBe(changes);
  return said;
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-hostile-'));
  const universe = write(
    'screener.csv',
    `${[HEADER, row('APXW', 'Apex Widgets Inc'), row('BIOX', 'BioThing Inc'), row('ODDI', 'Oddity Corp')].join('\n')}\n`,
  );
  await importUniverseFile(t.database.db, universe, universeOptions());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('an import given a hostile file', () => {
  it('refuses a screener export with a NUL byte after its first 8 KB, naming the file and line', async () => {
    const lines = [HEADER, ...FILLER, row('NULL', 'Null\u0000Corp')];
    const file = write('nul.csv', `${lines.join('\n')}\n`);
    expect(fs.statSync(file).size).toBeGreaterThan(8192);
    await expectRefused(
      () => importUniverseFile(t.database.db, file, universeOptions()),
      new RegExp(`^nul\\.csv, line ${lines.length}: .*NUL`),
    );
  });

  it('refuses a screener export with a 20 MB field without holding it, naming the file and line', async () => {
    const file = write(
      'huge.csv',
      `${[HEADER, ...FILLER.slice(0, 3), row('HUGE', 'x'.repeat(20 * 2 ** 20))].join('\n')}\n`,
    );
    await expectRefused(
      () => importUniverseFile(t.database.db, file, universeOptions()),
      /^huge\.csv, line 5: .*longer than [\d,]+ characters/,
    );
  });

  it('refuses a screener export with escape sequences in a column, showing them escaped and storing nothing', async () => {
    const file = write('ansi.csv', `${[HEADER, row('APXW', `"Apex ${RED}Widgets\u001b[0m Inc"`)].join('\n')}\n`);
    const said = await expectRefused(
      () => importUniverseFile(t.database.db, file, universeOptions()),
      /^ansi\.csv, line 2: .*Name.*\\x1b\[31mWidgets\\x1b\[0m/,
    );
    expect(said).not.toContain('\u001b');
    const [apex] = await t.database.db.select().from(companies).where(eq(companies.symbol, 'APXW'));
    expect(apex?.name).toBe('Apex Widgets Inc');
  });

  it('shows invisible and control characters escaped in the message about a header that is not the export', async () => {
    const file = write('header.csv', 'Ticker,\u202eCompany\tName\nAAA,Aaa\n');
    const said = await expectRefused(
      () => importUniverseFile(t.database.db, file, universeOptions()),
      /header is "Ticker,\\u202eCompany\\tName"/,
    );
    expect(said).not.toMatch(/[\u202e\t]/);
  });

  it('refuses a price file with a NUL byte or an escape in it, naming the file and line', async () => {
    const bars = Array.from(
      { length: 300 },
      (_, i) => `APXW,2021-01-${String((i % 28) + 1).padStart(2, '0')},1,1,1,1,${i}`,
    );
    const nul = write(
      'bars-nul.csv',
      `Symbol,Date,Open,High,Low,Close,Volume\n${bars.join('\n')}\nAPXW,2021-02-01,1,1,1,1\u0000,5\n`,
    );
    await expectRefused(() => importPrices(t.database.db, nul, false), /^bars-nul\.csv, line 302: .*NUL/);
    const ansi = write('bars-ansi.csv', `Symbol,Date,Open,High,Low,Close,Volume\nAPXW${RED},2021-02-01,1,1,1,1,5\n`);
    await expectRefused(
      () => importPrices(t.database.db, ansi, false),
      /^bars-ansi\.csv, line 2: .*Symbol.*APXW\\x1b\[31m/,
    );
  });

  it("refuses the SEC's tickers with a cik_str beyond any CIK, naming the entry", async () => {
    const file = write(
      'company_tickers.json',
      JSON.stringify({ 0: { cik_str: 1111111, ticker: 'BIOX' }, 1: { cik_str: 2 ** 31, ticker: 'APXW' } }),
    );
    await expectRefused(
      () => importSecTickers(t.database.db, file, false),
      /^company_tickers\.json, entry 1: cik_str 2147483648 is not a CIK/,
    );
  });

  it('shows escapes in the report escaped, and stores no filing text holding them', async () => {
    const tickers = write(
      'tickers.json',
      JSON.stringify({ 0: { cik_str: 1111111, ticker: 'BIOX' }, [`${RED}evil`]: { ticker: 'APXW' } }),
    );
    const linked = await importSecTickers(t.database.db, tickers, false);
    const printed = formatReport(linked);
    expect(printed).toContain('entry \\x1b[31mevil');
    expect(printed).not.toMatch(RAW_CONTROL);

    const submissions = write(
      `submissions/CIK0001111111.json`,
      JSON.stringify({
        cik: '1111111',
        filings: {
          recent: {
            accessionNumber: ['0001111111-24-000001', '0001111111-24-000002'],
            filingDate: ['2024-03-01', '2024-03-02'],
            form: ['10-K', `8-K${RED}`],
            primaryDocument: ['a.htm', 'b\u0000.htm'],
            primaryDocDescription: ['Annual report', `\u001b[2Jcleared`],
          },
        },
      }),
    );
    const loaded = await importSecSubmissions(t.database.db, [submissions], false);
    expect(loaded).toMatchObject({ added: 1 });
    expect(formatReport(loaded)).not.toMatch(RAW_CONTROL);
    const filings = (await t.call('GET', '/api/stock/filings/BIOX?pageSize=10')).body as {
      data: { filing_type: string; description: string; raw_text_link: string }[];
    };
    expect(filings.data.map((f) => f.filing_type)).toEqual(['10-K']);
    expect(JSON.stringify(filings.data)).not.toMatch(/\\u001b|\\u0000/);
  });

  it('keeps listed the companies whose rows it skips for a bad value', async () => {
    const file = write(
      'newer.csv',
      `${[HEADER, row('APXW', 'Apex Widgets Inc', '$abc'), row('BIOX', 'BioThing Inc', '$2.00', ''), row('ODDI', 'Oddity Corp')].join('\n')}\n`,
    );
    const report = await importUniverseFile(t.database.db, file, universeOptions());
    expect(report.skipped).toMatchObject({
      'absurd or unreadable number': { count: 1, where: ['line 2'] },
      'no market cap': { count: 1 },
    });
    expect(report.deactivated).toBe(0);
    const listed = await t.database.db.select({ symbol: companies.symbol, active: companies.active }).from(companies);
    expect(
      listed
        .filter((c) => c.active)
        .map((c) => c.symbol)
        .sort(),
    ).toEqual(['APXW', 'BIOX', 'ODDI']);
  });
});
