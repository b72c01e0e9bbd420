/**
 * Company releases end to end: the EDGAR sync, against a local server holding a real 8-K at EDGAR's
 * own paths (tests/fixtures/edgar/8k), turns its press release into a news item about the company
 * (on the news API, marked as the company's release, with its filing), alerts the company's
 * followers as news, adds nothing when it reads the filing again, folds an amendment that files the
 * release again into the same item, and reports a release it cannot read without stopping.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentWatch } from '../../../../src/server/features/alerts/index.ts';
import { runEdgarSync, type SyncOptions } from '../../../../src/server/features/edgar/index.ts';
import { alerts, companies, edgarFilings, favoriteCompanies, news } from '../../../../src/server/schema.ts';
import { addReader } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { masterIndex, startEdgarServer, testEdgarClient, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/8k');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const ABVC_CIK = 1173313;
const RELEASE = '0001213900-25-032135';
const ABVC_8K = fixture(`${RELEASE}.txt`);
const textPath = (cik: number, accession: string) =>
  `/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${accession}.txt`;
const HEADLINE = 'ABVC BioPharma Announces 2024 Financial Results';
const FILING_URL = `https://www.sec.gov/Archives/edgar/data/${ABVC_CIK}/000121390025032135/${RELEASE}-index.htm`;

/** A company whose 8-K's release is nothing but its logo (the real filing, its release's text taken out). */
const EMPTY_CIK = 1234567;
const EMPTY = '0001234567-25-000001';
const emptyRelease = ABVC_8K.replaceAll(RELEASE, EMPTY)
  .replace('CENTRAL INDEX KEY:\t\t\t0001173313', `CENTRAL INDEX KEY:\t\t\t000${EMPTY_CIK}`)
  .replace(
    /(<TYPE>EX-99\.1[\s\S]*?<TEXT>)[\s\S]*?(<\/TEXT>)/,
    '$1\n<HTML><BODY><P><IMG SRC="ex99-1_001.jpg"></P></BODY></HTML>\n$2',
  );

/** An amendment filing the same release again, one figure corrected (the real filing, re-labelled 8-K/A). */
const AMENDMENT = '0001213900-25-033000';
const amendment = ABVC_8K.replaceAll(RELEASE, AMENDMENT)
  .replace('CONFORMED SUBMISSION TYPE:\t8-K', 'CONFORMED SUBMISSION TYPE:\t8-K/A')
  .replace('<ACCEPTANCE-DATETIME>20250415163025', '<ACCEPTANCE-DATETIME>20250417090000')
  .replace('ABVC reported total revenues of $509,589 in 2024', 'ABVC reported total revenues of $509,598 in 2024');

let t: TestApp;
let edgar: EdgarServer;
const client = () => testEdgarClient(edgar);
/** The Wednesday after the filing: Tuesday's index is the last written. */
const sync = (options: Partial<SyncOptions> = {}) =>
  runEdgarSync(t.database.db, client(), {
    trigger: 'command',
    since: '2025-04-15',
    now: new Date('2025-04-16T14:00:00Z'),
    ...options,
  });

interface Item {
  id: number;
  title: string;
  summary: string | null;
  published_at: string;
  source: string | null;
  kind: string;
  release: { accession: string; form: string; items: string[]; filing_url: string } | null;
}

let readerId: number;

beforeAll(async () => {
  t = await createTestApp();
  edgar = await startEdgarServer();
  const company = (symbol: string, name: string, cik: number) => importedCompany({ symbol, name, cik });
  await t.database.db
    .insert(companies)
    .values([
      company('ABVC', 'ABVC BioPharma, Inc.', ABVC_CIK),
      company('MTY', 'Empty Release Corp.', EMPTY_CIK),
      company('BCOW', '1895 Bancorp of Wisconsin, Inc.', 1847360),
    ]);
  const reader = await addReader(t.database.db);
  readerId = reader.id;
  await t.database.db.insert(favoriteCompanies).values({ userId: reader.id, symbol: 'ABVC' });
  // The watch's first look takes note of what is there: what follows is new to it.
  await createContentWatch(t.database.db, { batch: 100 }).look(new Date());

  edgar.put(
    '/Archives/edgar/daily-index/2025/QTR2/master.20250415.idx',
    masterIndex('2025-04-15', [
      `${EMPTY_CIK}|EMPTY RELEASE CORP|8-K|20250415|edgar/data/${EMPTY_CIK}/${EMPTY}.txt`,
      `${ABVC_CIK}|ABVC BIOPHARMA, INC.|8-K|20250415|edgar/data/${ABVC_CIK}/${RELEASE}.txt`,
    ]),
  );
  edgar.put(textPath(ABVC_CIK, RELEASE), ABVC_8K);
  edgar.put(textPath(EMPTY_CIK, EMPTY), emptyRelease);
});
afterAll(async () => {
  await edgar.close();
  await t.close();
});

describe('an 8-K’s press release', () => {
  it('becomes a company release on the company’s news, reported along with a release that could not be read', async () => {
    const report = await sync();
    expect(report.stopped).toBeNull();
    // The empty release comes first (its accession sorts first) and stops nothing.
    expect(report.problems).toEqual([
      {
        document: `${EMPTY} EX-99.1 (ea023837201ex99-1_abvcbio.htm)`,
        problem: 'holds no text: an empty press release.',
      },
    ]);
    expect(report.added).toBe(1);

    const [failed] = await t.database.db.select().from(edgarFilings).where(eq(edgarFilings.accession, EMPTY));
    expect(failed).toMatchObject({ status: 'failed', outcome: 'holds no text: an empty press release.' });
    expect(await t.database.db.select().from(news).where(eq(news.companySymbol, 'MTY'))).toEqual([]);
    const [done] = await t.database.db.select().from(edgarFilings).where(eq(edgarFilings.accession, RELEASE));
    expect(done).toMatchObject({ status: 'done', outcome: expect.stringMatching(/^company release: news \d+$/) });

    const api = await t.call('GET', '/api/news/symbol/ABVC');
    expect(api.status).toBe(200);
    const { data } = api.body as { data: Item[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      title: HEADLINE,
      summary: expect.stringMatching(/^Silicon Valley, CA \(April 16, 2025\) – ABVC BioPharma, Inc\./),
      published_at: '2025-04-15T20:30:25.000Z',
      company_symbol: 'ABVC',
      source: 'ABVC BioPharma, Inc.',
      url: FILING_URL,
      rc_newsletter: false,
      kind: 'company-release',
      release: { accession: RELEASE, form: '8-K', items: ['2.02', '4.02', '7.01', '9.01'], filing_url: FILING_URL },
    });

    const article = await t.call('GET', `/api/news/${data[0]!.id}`);
    const body = (article.body as { data: { description: string } }).data.description;
    expect(body).toContain('<p><b>Revenue Growth of 234% Fueled by Global Licensing Milestones</b></p>');
    expect(body).not.toMatch(/<img|Exhibit 99\.1/);

    // In the news lists too, marked the same way.
    const all = (await t.call('GET', '/api/news/all?limit=10')).body as { news: Item[] };
    expect(all.news.find((n) => n.id === data[0]!.id)).toMatchObject({
      kind: 'company-release',
      release: { accession: RELEASE },
    });
    const sector = (await t.call('GET', '/api/news/sector?sector=Life%20Sciences')).body as { news: Item[] };
    expect(sector.news.map((n) => n.title)).toContain(HEADLINE);
    const found = (await t.call('GET', '/api/news/search?text=ABVC%20financial%20results')).body as { news: Item[] };
    expect(found.news.map((n) => n.title)).toEqual([HEADLINE]);
  });

  it('alerts the company’s followers as news, once, whoever raises it again', async () => {
    const [item] = await t.database.db.select().from(news).where(eq(news.accession, RELEASE));
    const bell = () => t.database.db.select().from(alerts).where(eq(alerts.userId, readerId));
    expect((await bell()).map((a) => [a.kind, a.title, a.body, a.link])).toEqual([
      [
        'news',
        `News: ${HEADLINE}`,
        'ABVC BioPharma, Inc. (ABVC) press release, as filed with the SEC.',
        `/news/${item!.id}`,
      ],
    ]);
    // The watch sees the new item as an article about the company: the same cause, raised already.
    await createContentWatch(t.database.db, { batch: 100 }).look(new Date());
    expect(await bell()).toHaveLength(1);
  });

  it('is stored once: a second run adds nothing, and reading the filing again finds it stored', async () => {
    const before = edgar.requests.length;
    const again = await sync();
    expect(again.added).toBe(0);
    // The index is read again, but the filings are done (or failed): their text is not asked for.
    const asked = edgar.requests.slice(before).map((r) => r.path);
    expect(asked).toContain('/Archives/edgar/daily-index/2025/QTR2/master.20250415.idx');
    expect(asked.filter((p) => p.startsWith('/Archives/edgar/data/'))).toEqual([]);

    await t.database.db.update(edgarFilings).set({ status: 'pending' }).where(eq(edgarFilings.accession, RELEASE));
    const reread = await sync();
    expect(reread.added).toBe(0);
    expect(reread.skipped['release already stored']).toEqual({ count: 1, where: [RELEASE] });
    expect(await t.database.db.select().from(news).where(eq(news.companySymbol, 'ABVC'))).toHaveLength(1);
    const [filing] = await t.database.db.select().from(edgarFilings).where(eq(edgarFilings.accession, RELEASE));
    expect(filing!.status).toBe('skipped');
  });

  it('filed again in an 8-K/A replaces the text of the same item, which keeps its place and alerts nobody again', async () => {
    const [before] = await t.database.db.select().from(news).where(eq(news.accession, RELEASE));
    edgar.put(
      '/Archives/edgar/daily-index/2025/QTR2/master.20250417.idx',
      masterIndex('2025-04-17', [
        `${ABVC_CIK}|ABVC BIOPHARMA, INC.|8-K/A|20250417|edgar/data/${ABVC_CIK}/${AMENDMENT}.txt`,
      ]),
    );
    edgar.put(textPath(ABVC_CIK, AMENDMENT), amendment);
    const report = await sync({ since: '2025-04-17', now: new Date('2025-04-18T14:00:00Z') });
    expect(report.problems).toEqual([]);
    expect(report.added).toBe(0);
    expect(report.notes).toContain(`${AMENDMENT}: amended the release of ${RELEASE} (news ${before!.id})`);

    const { data } = (await t.call('GET', '/api/news/symbol/ABVC')).body as { data: Item[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: before!.id,
      title: HEADLINE,
      published_at: '2025-04-15T20:30:25.000Z',
      release: {
        accession: RELEASE,
        form: '8-K/A',
        filing_url: `https://www.sec.gov/Archives/edgar/data/${ABVC_CIK}/000121390025033000/${AMENDMENT}-index.htm`,
      },
    });
    const [after] = await t.database.db.select().from(news).where(eq(news.id, before!.id));
    expect(after!.description).toContain('$509,598');
    expect(after!.version).toBe(before!.version + 1);
    expect(await t.database.db.select().from(alerts).where(eq(alerts.userId, readerId))).toHaveLength(1);

    // Read again, the amendment changes nothing more.
    await t.database.db.update(edgarFilings).set({ status: 'pending' }).where(eq(edgarFilings.accession, AMENDMENT));
    const again = await sync({ since: '2025-04-17', now: new Date('2025-04-18T14:00:00Z') });
    expect(again.skipped['amendment already applied']).toEqual({ count: 1, where: [AMENDMENT] });
    const [unchanged] = await t.database.db.select().from(news).where(eq(news.id, before!.id));
    expect(unchanged!.version).toBe(after!.version);
  });
});

describe('an 8-K without a press release', () => {
  it('is read and done with nothing stored', async () => {
    const accession = '0000943374-24-000509';
    edgar.put(
      '/Archives/edgar/daily-index/2024/QTR4/master.20241227.idx',
      masterIndex('2024-12-27', [
        `1847360|1895 Bancorp of Wisconsin, Inc. /MD/|8-K|20241227|edgar/data/1847360/${accession}.txt`,
      ]),
    );
    edgar.put(textPath(1847360, accession), fixture(`${accession}.txt`));
    const report = await sync({ since: '2024-12-27', now: new Date('2024-12-28T14:00:00Z') });
    expect(report.problems).toEqual([]);
    expect(report.skipped['no press release']).toEqual({ count: 1, where: [accession] });
    const [filing] = await t.database.db
      .select()
      .from(edgarFilings)
      .where(and(eq(edgarFilings.accession, accession), eq(edgarFilings.status, 'skipped')));
    expect(filing!.outcome).toBe('no press release');
    expect(await t.database.db.select().from(news).where(eq(news.companySymbol, 'BCOW'))).toEqual([]);
  });
});
