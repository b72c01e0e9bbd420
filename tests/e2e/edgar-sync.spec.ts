/**
 * A company's page after the EDGAR sync (docs/product.md §9.2, §9.11, §10.8), at desktop and phone widths:
 * `npm run sync -- sec` reads EDGAR's real documents (tests/fixtures/edgar) from a local stand-in serving them
 * at EDGAR's own paths, into the running server's database as the command line does, and once the site is
 * rebuilt the page shows the insider trades of a Form 4 with their codes explained and the Rule 10b5-1 mark,
 * the holder a Form 13F report names, with the quarter of its report and its change since the quarter before
 * (not known here: no report of that manager for the quarter before is among the real documents), the press
 * release of an 8-K as a company release, and where each section's records come from.
 *
 * The browser tests share one server holding the demo universe, whose companies have no CIK; other tests
 * count that universe and pick companies from it by ticker order or by a search for "a". So no company is
 * added: two demo companies from its end that a search for "a" does not list stand in for real filers.
 * The first is made an imported company with Apple Inc.'s CIK (its demo insider trades, holders and filings
 * cleared, the data source an import gives), and staff's CUSIP map places Apple's CUSIP with it; the second
 * gets ABVC BioPharma's CIK. EDGAR's daily index is the one document written here: the sync learns of
 * filings from the index of the last weekday, so that index lists the real filings, each on its own filing
 * day, as the sync's own tests write theirs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { and, eq, inArray } from 'drizzle-orm';
import { recordChanges } from '../../src/server/platform/changes.ts';
import { openCliDatabase } from '../../src/server/platform/db/cli-connection.ts';
import { transaction } from '../../src/server/platform/db/client.ts';
import { companies, insiderTransactions, institutionalHoldings, secFilings } from '../../src/server/schema.ts';
import { dailyIndexPath, masterIndex, startEdgarServer, type EdgarServer } from '../helpers/edgar-server.ts';
import { PHONE, getJson, horizontalOverflow, section, universe } from './company-helpers.ts';
import { waitForIsland } from './hydration.ts';
import { waitForPage } from './staff.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'tests/fixtures/edgar');
/** The running server's data directory (playwright.config.ts): the commands reach its database through it. */
const DATA_DIR = path.join(process.env.E2E_WORK_DIR!, 'data');

/** Apple Inc.'s Form 4 of 2022-05-06: seven sales by its general counsel under a Rule 10b5-1 plan. */
const APPLE = { cik: 320193, form4: '0000320193-22-000061', cusip: '037833100' };
/** ABVC BioPharma's 8-K of 2025-04-15, its press release as EX-99.1. */
const ABVC = { cik: 1173313, eightK: '0001213900-25-032135' };
/** Bull Street Advisors' 13F-HR for the quarter ended 2022-12-31: 41,045 Apple shares, value 5,333 (thousands). */
const BULL_STREET = { cik: 1790837, report: '0001790837-23-000002' };

const HEADLINE = 'ABVC BioPharma Announces 2024 Financial Results';
const RELEASE_FILING = `https://www.sec.gov/Archives/edgar/data/${ABVC.cik}/000121390025032135/${ABVC.eightK}-index.htm`;
const FORM4_FILING = `https://www.sec.gov/Archives/edgar/data/1462356/000032019322000061/${APPLE.form4}-index.htm`;

const textPath = (cik: number, accession: string) =>
  `/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${accession}.txt`;

/** The last weekday before today in New York, YYYY-MM-DD: the newest daily index EDGAR has written. */
function lastWeekday(): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  let day = Date.parse(`${today}T12:00:00Z`);
  do day -= 86_400_000;
  while ([0, 6].includes(new Date(day).getUTCDay()));
  return new Date(day).toISOString().slice(0, 10);
}

/** EDGAR's real documents at EDGAR's paths, and the last weekday's index listing them. */
async function edgarWithFixtures(): Promise<{ edgar: EdgarServer; day: string }> {
  const edgar = await startEdgarServer();
  const day = lastWeekday();
  edgar.put(
    dailyIndexPath(day),
    masterIndex(day, [
      `${APPLE.cik}|Apple Inc.|4|20220506|edgar/data/${APPLE.cik}/${APPLE.form4}.txt`,
      `${ABVC.cik}|ABVC BIOPHARMA, INC.|8-K|20250415|edgar/data/${ABVC.cik}/${ABVC.eightK}.txt`,
      `${BULL_STREET.cik}|Bull Street Advisors, LLC|13F-HR|20230228|edgar/data/${BULL_STREET.cik}/${BULL_STREET.report}.txt`,
    ]),
  );
  const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
  edgar.put(textPath(APPLE.cik, APPLE.form4), fixture(`ownership/${APPLE.form4}.txt`));
  edgar.put(textPath(ABVC.cik, ABVC.eightK), fixture(`8k/${ABVC.eightK}.txt`));
  edgar.put(textPath(BULL_STREET.cik, BULL_STREET.report), fixture(`13f/${BULL_STREET.report}.txt`));
  return { edgar, day };
}

/**
 * Two demo companies no other test takes: not clients, not covered by analysts, not among the first hundred
 * a search for "a" finds, the last such in ticker order.
 */
async function standIns(request: APIRequestContext): Promise<{ filer: string; releaser: string }> {
  const searched = await getJson<{ data: { symbol: string }[] }>(request, '/api/stock/search', {
    query: 'a',
    pageSize: 100,
  });
  const taken = new Set(searched.data.map((c) => c.symbol));
  const free = (await universe(request)).filter((c) => !c.is_client && !c.totalAnalysts && !taken.has(c.symbol));
  const [releaser, filer] = free.slice(-2).map((c) => c.symbol);
  if (!filer || !releaser) throw new Error('no two demo companies out of the other tests’ way');
  return { filer, releaser };
}

/**
 * The filer becomes an imported company with Apple's CIK, the other gets ABVC's, as an import of the SEC's
 * tickers would link them; the filer's page is rebuilt without its demo records. Done once: run again (a
 * retry), it leaves what the sync stored.
 */
async function giveCiks({ filer, releaser }: { filer: string; releaser: string }): Promise<void> {
  const database = await openCliDatabase({ kind: 'pglite', dataDir: DATA_DIR });
  try {
    await transaction(database.db, async (tx) => {
      const imported = await tx
        .update(companies)
        .set({ cik: APPLE.cik, dataSource: 'nasdaq-screener' })
        .where(and(eq(companies.symbol, filer), eq(companies.dataSource, 'demo')))
        .returning({ id: companies.id });
      if (imported.length)
        for (const table of [insiderTransactions, institutionalHoldings, secFilings])
          await tx.delete(table).where(eq(table.companySymbol, filer));
      await tx.update(companies).set({ cik: ABVC.cik }).where(eq(companies.symbol, releaser));
      const ids = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(inArray(companies.symbol, [filer, releaser]));
      await recordChanges(
        tx,
        'company',
        ids.map((c) => c.id),
      );
    });
  } finally {
    await database.close();
  }
}

/** Runs an npm command's script (`npm run import`, `npm run sync`) on the running server's database. */
function runCommand(script: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', './scripts/preload.ts', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

let filer: string;
let releaser: string;
let releaseId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, request }, testInfo) => {
  // The site's rebuild after the sync takes a while on a busy machine.
  testInfo.setTimeout(240_000);
  ({ filer, releaser } = await standIns(request));
  await giveCiks({ filer, releaser });
  const map = path.join(process.env.E2E_WORK_DIR!, 'cusip-map.csv');
  fs.writeFileSync(map, `cusip,symbol\n${APPLE.cusip},${filer}\n`);
  await runCommand('scripts/import.ts', ['cusip-map', map]);

  const { edgar, day } = await edgarWithFixtures();
  try {
    // The server has no SEC_USER_AGENT (its own sync stays off): only the command declares one.
    await runCommand('scripts/sync.ts', ['sec', '--since', day], {
      SEC_USER_AGENT: 'RedCap Research admin@redcap.example',
      SEC_WWW_URL: edgar.url,
      SEC_DATA_URL: edgar.url,
      SEC_REQUESTS_PER_SECOND: '10',
    });
    const asked = edgar.requests.map((r) => r.path);
    expect(asked).toEqual(
      expect.arrayContaining([
        textPath(APPLE.cik, APPLE.form4),
        textPath(ABVC.cik, ABVC.eightK),
        textPath(BULL_STREET.cik, BULL_STREET.report),
      ]),
    );
  } finally {
    await edgar.close();
  }

  const { data } = await getJson<{ data: { id: number; title: string }[] }>(request, `/api/news/symbol/${releaser}`, {
    page: 1,
    limit: 100,
  });
  const release = data.find((n) => n.title === HEADLINE);
  expect(release, `${releaser}'s news holds the release`).toBeDefined();
  releaseId = release!.id;
  const page = await browser.newPage();
  await waitForPage(page, `/stocks/${filer}`, 200, 'Adams Katherine L.', 180_000);
  await waitForPage(page, `/news/${releaseId}`, 200, HEADLINE, 60_000);
  await page.close();
});

/** A picture of what a reader sees, kept with the test's results for a look at the layout. */
async function screenshot(what: Page | Locator, testInfo: TestInfo, name: string) {
  await what.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', PHONE],
] as const) {
  test(`after the EDGAR sync a company page shows its Form 4 trades with their codes explained and the 10b5-1 mark, the holder its 13F report names, and where its records come from (${width})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(`/stocks/${filer}`);

    const insider = section(page, 'insider');
    await expect(insider.getByTestId('section-source')).toHaveText(
      'Source: SEC EDGAR, Forms 3, 4 and 5. Updated with the filing of May 6, 2022.',
    );
    await waitForIsland(page, 'insider-table');
    const trades = page.getByTestId('insider-table');
    await expect(trades.getByText('1–5 of 7')).toBeVisible();
    const rows = trades.locator('tbody tr');
    await expect(rows).toHaveCount(5);
    for (const row of await rows.all()) {
      await expect(row.locator('td').first()).toHaveText('2022-05-04');
      await expect(row.getByRole('link', { name: 'Adams Katherine L.' })).toHaveAttribute('href', FORM4_FILING);
      await expect(row).toContainText('SVP, GC and Secretary');
      const code = row.locator('abbr');
      await expect(code).toHaveText('S');
      await expect(code).toHaveAttribute('title', 'Open-market or private sale');
      await expect(row.getByText('Open-market or private sale', { exact: true })).toBeVisible();
      const plan = row.getByText('10b5-1', { exact: true });
      await expect(plan).toBeVisible();
      await expect(plan).toHaveAttribute('title', /Rule 10b5-1 trading plan/);
    }
    // The largest of the seven sales, at its weighted average price, and what she owned after it.
    await expect(rows.filter({ hasText: '$165.95' })).toContainText('2.29K');
    await expect(rows.filter({ hasText: '$165.95' })).toContainText('452.33K');

    // The filings come from EDGAR too (none is on record: EDGAR had no submissions file for this CIK).
    await expect(section(page, 'filings').getByTestId('section-source')).toHaveText('Source: SEC EDGAR.');

    const institutional = section(page, 'institutional');
    await institutional.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'holdings-table');
    await expect(
      institutional.getByText('As reported on Form 13F, latest report of each holder (quarter ended 2022-12-31).'),
    ).toBeVisible();
    const holders = page.getByTestId('holdings-table');
    await expect(holders.getByRole('columnheader')).toHaveText([
      'Institution',
      'Shares Held',
      'Change',
      '% of Shares',
      'Market Value',
      'Filed',
    ]);
    const holder = holders.locator('tbody tr');
    await expect(holder).toHaveCount(1);
    const cells = holder.locator('td');
    await expect(cells.nth(0)).toHaveText('Bull Street Advisors, LLC');
    await expect(cells.nth(1)).toHaveText('41.05K');
    // Its change since the quarter before: not known, no report of Bull Street's for that quarter is on record.
    await expect(cells.nth(2)).toHaveText('—');
    await expect(cells.nth(4)).toHaveText('$5.33M');
    await expect(cells.nth(5)).toHaveText('2023-02-28');

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(insider, testInfo, `insider-${width}`);
    await screenshot(section(page, 'filings'), testInfo, `filings-${width}`);
    await screenshot(institutional, testInfo, `institutional-${width}`);
  });

  test(`after the EDGAR sync an 8-K’s press release is the company’s release in its news and on its own page, with its filing (${width})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(`/stocks/${releaser}`);
    const news = section(page, 'news');
    await news.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'company-news');
    const item = page.getByTestId('company-news').getByRole('listitem').filter({ hasText: HEADLINE });
    // Newest first: the demo's newer articles may come before it.
    while ((await item.count()) === 0) {
      await news.getByRole('button', { name: 'More news' }).click();
      await expect(news.getByRole('button', { name: 'Loading…' })).toHaveCount(0);
    }
    await expect(item.locator('.release-mark')).toHaveText('Company release');
    await expect(item.getByRole('link', { name: 'SEC filing' })).toHaveAttribute('href', RELEASE_FILING);
    await expect(item).toContainText('Apr 15, 2025');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(news, testInfo, `news-${width}`);

    await item.getByRole('link', { name: HEADLINE }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${releaseId}/?$`));
    const article = page.getByTestId('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    await expect(article.locator('header .release-mark')).toHaveText('Company release');
    await expect(article.locator('header').getByRole('link', { name: 'SEC filing' })).toHaveAttribute(
      'href',
      RELEASE_FILING,
    );
    await expect(page.getByTestId('release-note')).toContainText('press release as filed with the SEC on Form 8-K.');
    // What the 8-K reports (items 2.02, 4.02 and 7.01; 9.01 only lists its exhibits).
    await expect(page.getByRole('list', { name: 'Form 8-K items' }).getByRole('listitem')).toHaveText([
      '2.02 Results of operations',
      '4.02 Restatement',
      '7.01 Regulation FD',
    ]);
    await expect(article).toContainText('ABVC reported total revenues of $509,589 in 2024');
    await expect(article).not.toContainText('demo content');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, `release-${width}`);
  });
}
