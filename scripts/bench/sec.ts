/**
 * SEC benchmark (`npm run bench:sec`; BENCH_PARTS picks parts: parse, insider, 13f, sync, postgres):
 * - parse: EDGAR's real ownership documents (the test fixtures) read again and again: documents a
 *   second;
 * - insider: a quarter's Insider Transactions Data Set in the SEC's layout (BENCH_INSIDER_ROWS
 *   transaction rows, 500,000 by default, over 8,000 issuers of which the 4,000 of the universe)
 *   imported by `npm run import -- sec-insider` into a running server's database, with its wall
 *   time and peak memory (targets: 2 minutes, 600 MB), and the API's p99 for other readers at 50
 *   requests a second meanwhile (target 50 ms); on the embedded database and, when one answers
 *   (BENCH_DATABASE_URL or 127.0.0.1:5432), on PostgreSQL;
 * - 13f: a quarter's Form 13F data set in the SEC's layout (BENCH_13F_ROWS information-table
 *   lines, 3,000,000 by default, in about 8,000 managers' reports over 10,000 issuers of which the
 *   4,000 of the universe, named as filers name them) imported by `npm run import -- sec-13f`
 *   after staff's CUSIP map, the same way: targets 5 minutes, 800 MB, and readers' p99 of 50 ms
 *   (company records and institutional holders); the holdings stored (sec-13f.ts);
 * - sync: a day's EDGAR sync of a 4,000-company universe against a local server holding EDGAR's
 *   paths at the fair-access rate (8 a second): the day's index lists 6,000 filings, 300 of them by
 *   200 universe companies; only those companies' submissions, their Forms 4 and 8-Ks, and the
 *   day's 13F-HRs (a real report under each listed manager's CIK; at most 500 read a run) may be
 *   asked for.
 * Prints one JSON line per figure, and PASS/FAIL per target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createRandom } from '../../src/server/demo/random.ts';

import { createEdgarClient, runEdgarSync } from '../../src/server/features/edgar/index.ts';
import { readOwnershipDocument } from '../../src/server/features/edgar/ownership-document.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { dailyIndexPath, masterIndex, startEdgarServer } from '../../tests/helpers/edgar-server.ts';
import { writeZip } from '../../tests/helpers/zip-writer.ts';
import { bench13f } from './sec-13f.ts';
import {
  CIK_BASE,
  ROOT,
  UNIVERSE,
  emit,
  importWhileReading,
  judge,
  onEachDatabase,
  rowsOfResult,
  say,
  startUniverseServer,
  summarize,
} from './sec-support.ts';
import { companies } from '../../src/server/schema.ts';

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'edgar', 'ownership');
const parts = new Set((process.env.BENCH_PARTS ?? 'parse,insider,13f,sync,postgres').split(','));
const INSIDER_ROWS = Number(process.env.BENCH_INSIDER_ROWS ?? 500_000);
const ISSUERS = 8_000;

/** The real ownership XML of every fixture, as EDGAR serves it. */
function fixtureDocuments(): { name: string; xml: string }[] {
  return fs.readdirSync(FIXTURES).map((name) => {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    const start = text.indexOf('<ownershipDocument');
    const end = text.indexOf('</ownershipDocument>') + '</ownershipDocument>'.length;
    return { name, xml: name.endsWith('.txt') ? text.slice(text.lastIndexOf('<?xml', start), end) : text };
  });
}

function benchParse(): void {
  const documents = fixtureDocuments();
  const rounds = 3_000;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) for (const d of documents) readOwnershipDocument(d.xml, d.name);
  const seconds = (performance.now() - started) / 1000;
  emit('ownership_documents_per_s', (rounds * documents.length) / seconds, 'docs/s');
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const dmy = (day: number) => {
  const d = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
};

/** A quarter's data set in the SEC's layout, `rows` transaction rows in all, as a zip. */
async function insiderDataSet(file: string, rows: number): Promise<void> {
  const r = createRandom('bench-sec-insider');
  const submissions = [
    'ACCESSION_NUMBER\tFILING_DATE\tPERIOD_OF_REPORT\tDATE_OF_ORIG_SUB\tNO_SECURITIES_OWNED\tNOT_SUBJECT_SEC16\tFORM3_HOLDINGS_REPORTED\tFORM4_TRANS_REPORTED\tDOCUMENT_TYPE\tISSUERCIK\tISSUERNAME\tISSUERTRADINGSYMBOL\tREMARKS\tAFF10B5ONE',
  ];
  const owners = [
    'ACCESSION_NUMBER\tRPTOWNERCIK\tRPTOWNERNAME\tRPTOWNER_RELATIONSHIP\tRPTOWNER_TITLE\tRPTOWNER_TXT\tRPTOWNER_STREET1\tRPTOWNER_STREET2\tRPTOWNER_CITY\tRPTOWNER_STATE\tRPTOWNER_ZIPCODE\tRPTOWNER_STATE_DESC\tFILE_NUMBER',
  ];
  const nonDerivative = [
    'ACCESSION_NUMBER\tNONDERIV_TRANS_SK\tSECURITY_TITLE\tSECURITY_TITLE_FN\tTRANS_DATE\tTRANS_DATE_FN\tDEEMED_EXECUTION_DATE\tDEEMED_EXECUTION_DATE_FN\tTRANS_FORM_TYPE\tTRANS_CODE\tEQUITY_SWAP_INVOLVED\tEQUITY_SWAP_TRANS_CD_FN\tTRANS_TIMELINESS\tTRANS_TIMELINESS_FN\tTRANS_SHARES\tTRANS_SHARES_FN\tTRANS_PRICEPERSHARE\tTRANS_PRICEPERSHARE_FN\tTRANS_ACQUIRED_DISP_CD\tTRANS_ACQUIRED_DISP_CD_FN\tSHRS_OWND_FOLWNG_TRANS\tSHRS_OWND_FOLWNG_TRANS_FN\tVALU_OWND_FOLWNG_TRANS\tVALU_OWND_FOLWNG_TRANS_FN\tDIRECT_INDIRECT_OWNERSHIP\tDIRECT_INDIRECT_OWNERSHIP_FN\tNATURE_OF_OWNERSHIP\tNATURE_OF_OWNERSHIP_FN',
  ];
  const derivative = [
    'ACCESSION_NUMBER\tDERIV_TRANS_SK\tSECURITY_TITLE\tSECURITY_TITLE_FN\tCONV_EXERCISE_PRICE\tCONV_EXERCISE_PRICE_FN\tTRANS_DATE\tTRANS_DATE_FN\tDEEMED_EXECUTION_DATE\tDEEMED_EXECUTION_DATE_FN\tTRANS_FORM_TYPE\tTRANS_CODE\tEQUITY_SWAP_INVOLVED\tEQUITY_SWAP_TRANS_CD_FN\tTRANS_TIMELINESS\tTRANS_TIMELINESS_FN\tTRANS_SHARES\tTRANS_SHARES_FN\tTRANS_TOTAL_VALUE\tTRANS_TOTAL_VALUE_FN\tTRANS_PRICEPERSHARE\tTRANS_PRICEPERSHARE_FN\tTRANS_ACQUIRED_DISP_CD\tTRANS_ACQUIRED_DISP_CD_FN\tEXCERCISE_DATE\tEXCERCISE_DATE_FN\tEXPIRATION_DATE\tEXPIRATION_DATE_FN\tUNDLYNG_SEC_TITLE\tUNDLYNG_SEC_TITLE_FN\tUNDLYNG_SEC_SHARES\tUNDLYNG_SEC_SHARES_FN\tUNDLYNG_SEC_VALUE\tUNDLYNG_SEC_VALUE_FN\tSHRS_OWND_FOLWNG_TRANS\tSHRS_OWND_FOLWNG_TRANS_FN\tVALU_OWND_FOLWNG_TRANS\tVALU_OWND_FOLWNG_TRANS_FN\tDIRECT_INDIRECT_OWNERSHIP\tDIRECT_INDIRECT_OWNERSHIP_FN\tNATURE_OF_OWNERSHIP\tNATURE_OF_OWNERSHIP_FN',
  ];
  const footnotes = ['ACCESSION_NUMBER\tFOOTNOTE_ID\tFOOTNOTE_TXT'];
  let written = 0;
  let sk = 0;
  for (let filing = 0; written < rows; filing++) {
    const accession = `0009${String(filing % 1_000_000).padStart(6, '0')}-25-${String(filing).padStart(6, '0')}`;
    const issuer = r.int(0, ISSUERS - 1);
    const day = r.int(0, 89);
    const plan = r.chance(0.3) ? '1' : '0';
    submissions.push(
      `${accession}\t${dmy(day + 2)}\t${dmy(day)}\t\t\t0\t\t\t4\t${String(CIK_BASE + issuer).padStart(10, '0')}\tIssuer ${issuer} Inc\tI${issuer}\t\t${plan}`,
    );
    owners.push(
      `${accession}\t${String(2_000_000 + r.int(0, 50_000)).padStart(10, '0')}\tOWNER ${filing}\tOfficer\tChief Financial Officer\t\t1 MAIN ST\t\tCITY\tNY\t10001\t\t`,
    );
    footnotes.push(
      `${accession}\tF1\tThe price reported is a weighted average price of shares sold in multiple trades.`,
    );
    const lines = Math.min(rows - written, r.int(1, 5));
    for (let k = 0; k < lines; k++, written++, sk++) {
      const code = r.pick(['S', 'S', 'P', 'A', 'M', 'F', 'G']);
      const shares = r.int(100, 50_000);
      const price = r.between(0.5, 40).toFixed(4);
      const ad = ['P', 'A', 'M'].includes(code) ? 'A' : 'D';
      if (r.chance(0.8))
        nonDerivative.push(
          `${accession}\t${sk}\tCommon Stock\t\t${dmy(day)}\t\t\t\t4\t${code}\t0\t\t\t\t${shares}\t\t${price}\tF1\t${ad}\t\t${r.int(0, 1_000_000)}\t\t\t\tD\t\t\t`,
        );
      else
        derivative.push(
          `${accession}\t${sk}\tStock Option (right to buy)\t\t${price}\t\t${dmy(day)}\t\t\t\t4\tM\t0\t\t\t\t${shares}\t\t\t\t0\t\tD\t\t\t\t${dmy(day + 1000)}\t\tCommon Stock\t\t${shares}\t\t\t\t${r.int(0, 100_000)}\t\t\t\tD\t\t\t`,
        );
    }
  }
  await writeZip(
    file,
    (
      [
        ['SUBMISSION.tsv', submissions],
        ['REPORTINGOWNER.tsv', owners],
        ['NONDERIV_TRANS.tsv', nonDerivative],
        ['DERIV_TRANS.tsv', derivative],
        ['FOOTNOTES.tsv', footnotes],
      ] as const
    ).map(([name, lines]) => ({ name, content: `${lines.join('\n')}\n` })),
  );
  emit('insider_dataset_submissions', submissions.length - 1, 'count');
  emit('insider_dataset_rows', written, 'count');
  emit('insider_dataset_zip_mb', fs.statSync(file).size / 1e6, 'MB');
}

async function benchInsider(label: string, zipFile: string, env: Record<string, string>): Promise<void> {
  const universe = await startUniverseServer(label, env);
  try {
    const symbols = await universe.query(async (db) =>
      rowsOfResult<{ symbol: string }>(await db.execute(sql`select symbol from companies order by id limit 40`)),
    );
    const paths = symbols.flatMap((c) => [`/api/stock/company/${c.symbol}`, `/api/stock/insiders/${c.symbol}`]);
    say(`${label}: importing the data set…`);
    const result = await importWhileReading(universe, label, paths, ['sec-insider', zipFile]);
    judge(`${label}_insider_dataset_import_s`, result.ms / 1000, 's', { max: 120 });
    judge(`${label}_insider_dataset_import_peak_rss_mb`, result.peakMb, 'MB', { max: 600 });
    const added = Number(/added:\s+([\d,]+)/.exec(result.out)?.[1]?.replaceAll(',', '') ?? 0);
    emit(`${label}_insider_rows_stored`, added, 'count');
  } finally {
    await universe.server.stop();
  }
}

const AAR_FORM4 = fs.readFileSync(path.join(FIXTURES, '0001127602-25-001055.txt'), 'utf8');
const HOLDINGS_REPORT = fs.readFileSync(path.join(FIXTURES, '..', '13f', '0001790837-23-000002.txt'), 'utf8');

async function benchSync(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-sec-sync-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const edgar = await startEdgarServer();
  try {
    const { seedDemoData } = await import('../../src/server/demo/seed.ts');
    await seedDemoData(database, { seed: 'bench-sec', companies: UNIVERSE, asOf: '2025-01-10' });
    // Imported companies, as on the real market: holdings are never placed with the demo's, whose 13F-HRs go unread.
    await database.db.execute(sql`update ${companies} set cik = ${CIK_BASE} + id - 1, data_source = 'nasdaq-screener'`);
    const r = createRandom('bench-sec-sync');
    // The day's index: 6,000 filings, 300 of them by 200 universe companies (Forms 4, 8-K, 10-Q).
    const filers = Array.from({ length: 200 }, (_, i) => CIK_BASE + i * 20);
    const lines: string[] = [];
    let form4s = 0;
    // Any manager's 13F-HR is read (it may hold a listed company): its documents are asked for too.
    const holdingsReports = new Set<string>();
    const allowed = new Set<string>([dailyIndexPath('2025-01-10')]);
    for (let i = 0; i < 6_000; i++) {
      const ours = i < 300;
      const cik = ours ? filers[i % filers.length]! : 5_000_000 + i;
      const form = ours ? r.pick(['4', '4', '8-K', '10-Q']) : r.pick(['4', '8-K', '10-Q', 'S-1', '424B2', '13F-HR']);
      const accession = `0009${String(i).padStart(6, '0')}-25-${String(i).padStart(6, '0')}`;
      lines.push(`${cik}|COMPANY ${cik}|${form}|20250110|edgar/data/${cik}/${accession}.txt`);
      const document = `/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${accession}.txt`;
      if (form === '13F-HR') {
        holdingsReports.add(document);
        // A real 13F-HR (Bull Street Advisors', 90 lines) under this manager's CIK and accession number.
        edgar.put(
          document,
          HOLDINGS_REPORT.replaceAll('0001790837-23-000002', accession).replaceAll(
            '0001790837',
            String(cik).padStart(10, '0'),
          ),
        );
      }
      // The universe's filings with records: Forms 4 (insider rows) and 8-Ks (their press releases).
      if (ours && (form === '4' || form === '8-K')) allowed.add(document);
      if (ours && form === '4') {
        form4s++;
        edgar.put(
          `/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${accession}.txt`,
          AAR_FORM4.replaceAll('0001127602-25-001055', accession).replaceAll(
            '0000001750',
            String(cik).padStart(10, '0'),
          ),
        );
      }
    }
    for (const cik of filers)
      edgar.put(
        `/submissions/CIK${String(cik).padStart(10, '0')}.json`,
        JSON.stringify({
          cik: String(cik),
          filings: {
            recent: {
              accessionNumber: [],
              filingDate: [],
              form: [],
              primaryDocument: [],
              primaryDocDescription: [],
              acceptanceDateTime: [],
              reportDate: [],
            },
          },
        }),
      );
    edgar.put(dailyIndexPath('2025-01-10'), masterIndex('2025-01-10', lines));
    const client = createEdgarClient({
      userAgent: 'RedCap Research bench@redcap.example',
      requestsPerSecond: 8,
      wwwUrl: edgar.url,
      dataUrl: edgar.url,
    });
    say('sync: a day of EDGAR for the universe at 8 requests a second…');
    const started = performance.now();
    const report = await runEdgarSync(database.db, client, {
      trigger: 'command',
      since: '2025-01-10',
      now: new Date('2025-01-11T15:00:00Z'),
    });
    const seconds = (performance.now() - started) / 1000;
    emit('sync_day_wall_s', seconds, 's');
    emit('sync_day_requests', report.requests, 'count');
    emit('sync_day_records_added', report.added, 'count');
    for (const cik of filers) allowed.add(`/submissions/CIK${String(cik).padStart(10, '0')}.json`);
    const reportsAsked = edgar.requests.filter((q) => holdingsReports.has(q.path)).length;
    emit('sync_day_form4s_of_filers', form4s, 'count');
    emit('sync_day_13f_reports_listed', holdingsReports.size, 'count');
    emit('sync_day_13f_report_requests', reportsAsked, 'count');
    if (report.stopped) say(`sync: ${report.stopped}`);
    // Only what the universe filed is asked for (the index, each filer's submissions, its Forms 4 and 8-Ks), and the
    // 13F-HRs any manager filed.
    const beyond = edgar.requests.filter((q) => !allowed.has(q.path) && !holdingsReports.has(q.path));
    judge('sync_day_requests_beyond_filers', beyond.length, 'count', { max: 0 });
    const rate = Math.max(...requestsPerSecond(edgar.requests.map((q) => q.at)));
    judge('sync_day_peak_requests_per_s', rate, 'req/s', { max: 10 });
  } finally {
    await edgar.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The most requests started within any one second. */
function requestsPerSecond(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  let start = 0;
  const counts: number[] = [0];
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= 1000) start++;
    counts.push(end - start + 1);
  }
  return counts;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-sec-'));
try {
  if (parts.has('parse')) benchParse();
  if (parts.has('insider')) {
    const zipFile = path.join(work, '2025q1_form345.zip');
    say(`insider: writing a data set of ${INSIDER_ROWS.toLocaleString('en-US')} rows…`);
    await insiderDataSet(zipFile, INSIDER_ROWS);
    await onEachDatabase(parts.has('postgres'), (label, env) => benchInsider(label, zipFile, env));
  }
  if (parts.has('13f')) await bench13f(work, parts.has('postgres'));
  if (parts.has('sync')) await benchSync();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  summarize();
}
