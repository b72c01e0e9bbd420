/**
 * Where a company page's description and leaders come from (docs/product.md §9.2, §9.5), at desktop and
 * phone widths: a description read from a 10-K says so beneath it, linking to the report on sec.gov, and the
 * demo's says it is demo data; a client whose staff have written no team shows, on its Leadership tab, the
 * officers and directors its SEC ownership filings name, each with a link to their filings.
 *
 * The browser tests share one server holding the demo universe, so two demo companies out of the other
 * tests' way stand in: a company that is no client gets the description the readers take from Apple's real
 * 10-K (tests/fixtures/edgar/10k), stored as the sync stores it; a client loses its team and is named in
 * ownership filings by the owners of two real filings (tests/fixtures/edgar/ownership), noted as the sync
 * notes them, as if filed lately (the tab lists only those who filed within two years).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { eq, inArray } from 'drizzle-orm';
import { officerSince } from '../../src/lib/company-officers.ts';
import { ownerFilingsUrl } from '../../src/lib/edgar-links.ts';
import { storeAnnualReportProfile } from '../../src/server/features/edgar/annual-reports.ts';
import { businessSection } from '../../src/server/features/edgar/business-section.ts';
import { noteOfficers } from '../../src/server/features/edgar/company-officers.ts';
import { decodeDocument, documentBlocks } from '../../src/server/features/edgar/document-text.ts';
import { readOwnershipDocument } from '../../src/server/features/edgar/ownership-document.ts';
import { recordChanges } from '../../src/server/platform/changes.ts';
import { openCliDatabase } from '../../src/server/platform/db/cli-connection.ts';
import { transaction } from '../../src/server/platform/db/client.ts';
import { companies, companyLeaders } from '../../src/server/schema.ts';
import { axeViolations } from './axe.ts';
import { PHONE, getJson, horizontalOverflow, insiderCount, section, universe, type Listed } from './company-helpers.ts';
import { waitForPage } from './staff.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'tests/fixtures/edgar');
/** The running server's data directory (playwright.config.ts): the test reaches its database through it. */
const DATA_DIR = path.join(process.env.E2E_WORK_DIR!, 'data');

/** Apple Inc.'s 10-K for fiscal 2024, filed 2024-11-01, and its main document on sec.gov. */
const APPLE_10K = {
  accession: '0000320193-24-000123',
  filedOn: '2024-11-01',
  url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm',
};
const SOURCE_LINE = 'From the business section of the 10-K filed Nov 1, 2024.';
const DEMO_LINE = 'Demo data generated for demonstration.';
/** The owners of two real filings: 374Water's CTO (Form 4) and a Snowflake director (Form 3). */
const OWNERS = ['form4.374water.xml', 'form3.snow.xml'];

/** A day `days` before today, YYYY-MM-DD. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The stand-ins: a company no other test reads (no client, no analysts, not among the first hundred a search
 * for "a" finds, before the two the EDGAR sync's test takes) and another such for the demo's line; and a
 * client none of the others picks (not among the first three the console's tests edit, not the client of the
 * top news, not the first or last with a team, a replay and insider records, nor the last with a webinar ahead).
 */
async function standIns(request: APIRequestContext): Promise<{ stock: Listed; demo: Listed; client: Listed }> {
  const companies = await universe(request);
  const searched = await getJson<{ data: { symbol: string }[] }>(request, '/api/stock/search', {
    query: 'a',
    pageSize: 100,
  });
  const taken = new Set(searched.data.map((c) => c.symbol));
  const free = companies.filter((c) => !c.is_client && !c.totalAnalysts && !taken.has(c.symbol));
  const [demo, stock] = free.slice(-4, -2);

  const clients = companies.filter((c) => c.is_client);
  const avoided = new Set(clients.slice(0, 3).map((c) => c.symbol));
  const top = await getJson<{ news: { company_symbol: string }[] }>(request, '/api/news/top/clients', { limit: 1 });
  for (const n of top.news) avoided.add(n.company_symbol);
  const picked: string[] = [];
  const ahead: string[] = [];
  for (const c of clients) {
    if ((await request.get(`/api/stock/landing/${c.symbol}`)).status() !== 200) {
      avoided.add(c.symbol);
      continue;
    }
    const team = (await getJson<{ data: unknown[] }>(request, `/api/stock/team/${c.symbol}`)).data;
    const webinars = (
      await getJson<{ data: { replayLink: string | null; archived: boolean; upcoming_date: string }[] }>(
        request,
        `/api/events/company/${c.symbol}`,
      )
    ).data;
    const totalItems = await insiderCount(request, c.symbol);
    if (team.length && webinars.some((w) => w.replayLink) && totalItems > 5) picked.push(c.symbol);
    if (webinars.some((w) => !w.archived && Date.parse(w.upcoming_date) > Date.now())) ahead.push(c.symbol);
  }
  for (const symbol of [picked[0], picked.at(-1), ahead.at(-1)]) if (symbol) avoided.add(symbol);
  const quiet = clients.filter((c) => !avoided.has(c.symbol));
  const client = quiet[Math.floor(quiet.length / 2)];
  if (!stock || !demo || !client) throw new Error('no demo companies out of the other tests’ way');
  return { stock, demo, client };
}

let stock: Listed;
let demo: Listed;
let client: Listed;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, request }, testInfo) => {
  // The site's rebuild takes a while on a busy machine.
  testInfo.setTimeout(240_000);
  ({ stock, demo, client } = await standIns(request));
  const report = decodeDocument(fs.readFileSync(path.join(FIXTURES, '10k/aapl-20240928.htm')));
  const section10k = businessSection(documentBlocks(report), '10-K');
  if (!section10k.found) throw new Error(section10k.reason);
  const owners = OWNERS.map((name) =>
    readOwnershipDocument(fs.readFileSync(path.join(FIXTURES, 'ownership', name), 'utf8'), name),
  );

  const database = await openCliDatabase({ kind: 'pglite', dataDir: DATA_DIR });
  try {
    await transaction(database.db, async (tx) => {
      const rows = await tx
        .select({ id: companies.id, symbol: companies.symbol })
        .from(companies)
        .where(inArray(companies.symbol, [stock.symbol, client.symbol]));
      const idOf = (symbol: string) => rows.find((r) => r.symbol === symbol)!.id;
      await storeAnnualReportProfile(
        tx,
        { id: idOf(stock.symbol), symbol: stock.symbol },
        { form: '10-K', ...APPLE_10K, filingUrl: APPLE_10K.url, description: section10k.description },
      );
      await tx.delete(companyLeaders).where(eq(companyLeaders.companySymbol, client.symbol));
      await noteOfficers(
        tx,
        owners.map((document, i) => ({
          symbol: client.symbol,
          accession: OWNERS[i]!,
          filedOn: daysAgo(30 * (i + 1)),
          owners: document.owners,
        })),
      );
      await recordChanges(tx, 'company', [idOf(stock.symbol), idOf(client.symbol)]);
    });
  } finally {
    await database.close();
  }
  const page = await browser.newPage();
  await waitForPage(page, `/stocks/${stock.symbol}`, 200, SOURCE_LINE, 180_000);
  await waitForPage(page, `/stocks/${client.symbol}/team`, 200, 'Officers and directors named in', 60_000);
  await page.close();
});

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', PHONE],
] as const) {
  test(`a description read from a 10-K says so beneath it, linking to the report; the demo's says it is demo data (${width})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/stocks/${stock.symbol}`);
    const about = section(page, 'description');
    await expect(about.getByRole('heading', { name: `About ${stock.name}` })).toBeVisible();
    await expect(about.locator('p').first()).toHaveText(
      /^The Company designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories/,
    );
    const source = about.getByTestId('description-source');
    await expect(source).toHaveText(SOURCE_LINE);
    await expect(source.getByRole('link', { name: SOURCE_LINE })).toHaveAttribute('href', APPLE_10K.url);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`/stocks/${demo.symbol}`);
    await expect(section(page, 'description').getByTestId('description-source')).toHaveText(DEMO_LINE);
  });

  test(`a client without a team lists the officers and directors its ownership filings name (${width})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/stocks/${client.symbol}/team`);
    const leadership = section(page, 'team');
    await expect(leadership.getByTestId('team')).toHaveCount(0);
    const list = leadership.getByRole('list', {
      name: `Officers and directors named in ${client.name}'s SEC ownership filings`,
    });
    const officers = list.getByRole('listitem');
    // Officers before directors.
    await expect(officers).toHaveCount(2);
    await expect(officers.nth(0)).toContainText('Melkote Rajesh Ramaswamy');
    await expect(officers.nth(0)).toContainText('Chief Technology Officer');
    await expect(officers.nth(0)).toContainText(officerSince(daysAgo(30)));
    await expect(
      officers.nth(0).getByRole('link', { name: 'SEC filings of Melkote Rajesh Ramaswamy' }),
    ).toHaveAttribute('href', ownerFilingsUrl(2064133));
    await expect(officers.nth(1)).toContainText('GARRETT MARK');
    await expect(officers.nth(1)).toContainText('Director');
    await expect(officers.nth(1)).toContainText(officerSince(daysAgo(60)));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, { include: '[data-testid="named-officers"]' })).toEqual([]);
  });
}
