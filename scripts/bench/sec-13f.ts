/**
 * The SEC benchmark's Form 13F part (`BENCH_PARTS=13f`): a quarter's Form 13F data set in the
 * SEC's layout (BENCH_13F_ROWS information-table lines, 3,000,000 by default, in about 8,000
 * managers' reports and 600 notices, over 10,000 issuers of which the universe's 4,000 companies)
 * imported by `npm run import -- sec-13f` into a running server's database, after staff's CUSIP map
 * (`npm run import -- cusip-map`). Judged: its wall time (5 minutes) and peak memory (800 MB), and
 * the p99 of other readers' company records and institutional holders at 50 requests a second
 * meanwhile (50 ms); printed: the holdings stored and what readers get of them after.
 *
 * The data set is what a quarter's is like: managers' reports of a few lines to a few thousand
 * (lognormal), the large and foreign issuers no universe company is held most, a quarter of the
 * lines of universe companies; each filer writes an issuer's name its own way (the 13F list's
 * upper case, abbreviated and cut at 28 characters, the company's own name, without its legal
 * form, or misspelt), a few companies under a former name; holdings split over lines, options,
 * bonds (PRN), restatements, amendments adding new holdings, late reports for the quarter before,
 * and a few managers who still write thousands of dollars. The universe's companies are made
 * imported ones (holdings are never placed with demo companies) without the demo's holders, and
 * staff's map gives the CUSIPs of most of those whose names fit two companies (the demo's names
 * share words far more than real ones) and half of the former names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays } from '../../src/lib/market-calendar.ts';
import { previousQuarterEnd } from '../../src/lib/quarters.ts';
import { createRandom, type Random } from '../../src/server/demo/random.ts';
import { NAME_ROOTS } from '../../src/server/demo/words/company-names.ts';
import { cusipCheckDigitValid } from '../../src/server/features/edgar/form13f/cusip-map.ts';
import { companyNames } from '../../src/server/features/edgar/form13f/issuers.ts';
import {
  HEADERS,
  coverLine,
  infoLine,
  signatureLine,
  submissionLine,
  type TestFiling,
} from '../../tests/helpers/form13f.ts';
import { writeZip } from '../../tests/helpers/zip-writer.ts';
import {
  UNIVERSE,
  emit,
  importWhileReading,
  judge,
  onEachDatabase,
  rowsOfResult,
  runImport,
  say,
  startUniverseServer,
} from './sec-support.ts';

export const FORM13F_ROWS = Number(process.env.BENCH_13F_ROWS ?? 3_000_000);
const REPORTS = 8_000;
const NOTICES = 600;
const OTHER_ISSUERS = 6_000;
/** The most lines one report has (the largest managers' run to a few thousand holdings). */
const MOST_LINES = 5_000;
/** The share of lines that are of universe companies (small caps: most lines are of large ones). */
const UNIVERSE_SHARE = 0.25;
const MANAGER_CIK_BASE = 1_600_000;

interface Listed {
  id: number;
  symbol: string;
  name: string;
  lastSale: number;
}

interface Issuer {
  /** The 13F list's name, and the company's own (the same for others). */
  listName: string;
  ownName: string;
  cusip: string;
  price: number;
  /** A CUSIP of its notes, held as principal amounts; null when it has none. */
  notes: string | null;
  symbol: string | null;
  /** Known to the 13F list by a former name. */
  former: boolean;
}

export interface Form13fDataSet {
  zipFile: string;
  cusipMapFile: string;
  /** The universe's companies most held, for readers. */
  mostHeld: string[];
}

/** A CUSIP of eight characters with its check digit. */
function cusip(eight: string): string {
  for (let digit = 0; digit < 10; digit++) if (cusipCheckDigitValid(`${eight}${digit}`)) return `${eight}${digit}`;
  throw new Error(`no check digit for ${eight}`);
}

/** The 13F list's words for the long ones. */
const LIST_WORDS: Record<string, string> = {
  CORPORATION: 'CORP',
  INCORPORATED: 'INC',
  COMPANY: 'CO',
  HOLDINGS: 'HLDGS',
  INTERNATIONAL: 'INTL',
  FINANCIAL: 'FINL',
  PHARMACEUTICALS: 'PHARMACEUTICALS',
  TECHNOLOGIES: 'TECHNOLOGIES',
  SYSTEMS: 'SYS',
  LABORATORIES: 'LABS',
  SERVICES: 'SVCS',
  PROPERTIES: 'PPTYS',
  RESOURCES: 'RES',
  INDUSTRIES: 'INDS',
  MANAGEMENT: 'MGMT',
};

/** A name as the SEC's 13F list writes it: upper case, abbreviated, cut after 28 characters. */
const listNameOf = (name: string) =>
  name
    .toUpperCase()
    .replace(/[.,]/g, '')
    .split(/\s+/)
    .map((word) => LIST_WORDS[word] ?? word)
    .join(' ')
    .slice(0, 28)
    .trim();

const OTHER_WORDS = ['BRANDS', 'WORLDWIDE', 'GLOBAL', 'MOTORS', 'AIRLINES', 'FOODS', 'MINING', 'BANCORP'];
const OTHER_WORDS_2 = ['STEEL', 'CHEMICALS', 'TELECOM', 'MEDIA', 'LOGISTICS', 'RAILWAY', 'UTILITIES', 'RETAIL'];
const OTHER_FORMS = ['INC', 'CORP', 'PLC', 'LTD', 'CO', 'N V', 'HLDGS INC', 'GROUP INC', 'SA', 'AG'];

/** The universe's companies and 6,000 others (the large, the foreign, the funds), most held first. */
function issuersOf(r: Random, listed: readonly Listed[]): { universe: Issuer[]; others: Issuer[] } {
  const universe = listed.map((c, i): Issuer => {
    // A few are known to the 13F list by a former name.
    const former = r.chance(0.03) ? `${c.name.split(' ')[0]!.toUpperCase()} ACQUISITION CORP` : null;
    return {
      listName: former ?? listNameOf(c.name),
      ownName: former ?? c.name,
      cusip: cusip(`${String(300_000 + i)}10`),
      price: Math.max(0.5, c.lastSale),
      notes: r.chance(0.3) ? cusip(`${String(300_000 + i)}AB`) : null,
      symbol: c.symbol,
      former: former !== null,
    };
  });
  const names = new Set<string>();
  const others: Issuer[] = [];
  for (let i = 0; others.length < OTHER_ISSUERS; i++) {
    const name = `${r.pick(NAME_ROOTS)} ${r.pick(NAME_ROOTS)} ${r.pick(OTHER_WORDS)} ${r.pick(OTHER_WORDS_2)} ${r.pick(OTHER_FORMS)}`;
    if (names.has(name)) continue;
    names.add(name);
    const number = r.chance(0.1) ? `G${String(10_000 + i).padStart(5, '0')}` : String(600_000 + i);
    others.push({
      listName: listNameOf(name),
      ownName: name.replace(/\b([A-Z])([A-Z]+)\b/g, (_, a: string, b: string) => a + b.toLowerCase()),
      cusip: cusip(`${number}10`),
      price: 10 ** r.between(0.7, 2.7),
      notes: r.chance(0.3) ? cusip(`${number}AC`) : null,
      symbol: null,
      former: false,
    });
  }
  // Which are held most: an order of their own.
  const shuffle = <T>(items: T[]) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = r.int(0, i);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  };
  return { universe: shuffle(universe), others: shuffle(others) };
}

/** The name one filer gives an issuer: mostly the 13F list's, else its own, without its legal form, or misspelt. */
function nameAsFiled(r: Random, issuer: Issuer): string {
  const roll = r.next();
  if (roll < 0.6) return issuer.listName;
  if (roll < 0.9) return issuer.ownName;
  if (roll < 0.98) return issuer.ownName.replace(/,? [^ ]+\.?$/, '');
  const at = r.int(1, issuer.listName.length - 2);
  return issuer.listName.slice(0, at) + issuer.listName.slice(at + 1);
}

interface Report extends TestFiling {
  lines: number;
  /** Writes values in thousands of dollars, as before 2023. */
  thousands: boolean;
}

/** The latest quarter whose 45 days of filing are over. */
function reportedQuarter(): string {
  const today = new Date().toISOString().slice(0, 10);
  let quarter = `${today.slice(0, 4)}-12-31`;
  while (addDays(quarter, 45) >= today) quarter = previousQuarterEnd(quarter);
  return quarter;
}

/** The reports: lines per report lognormal, `rows` in all; restatements, new holdings and late reports among them. */
function reportsOf(r: Random, rows: number, period: string): Report[] {
  const count = Math.max(1, Math.min(REPORTS, Math.ceil(rows / 3)));
  if (rows > count * MOST_LINES) throw new Error(`BENCH_13F_ROWS: at most ${count * MOST_LINES} lines`);
  const before = previousQuarterEnd(period);
  const reports: Report[] = [];
  let manager = 0;
  for (let i = 0; i < count; i++) {
    const earlier = reports.length > 10 ? reports[r.int(0, reports.length - 1)]! : null;
    const kind = earlier
      ? r.weighted([
          ['new', 980],
          ['restatement', 10],
          ['new holdings', 5],
        ] as const)
      : 'new';
    const accession = (cik: number) =>
      `${String(cik).padStart(10, '0')}-${period.slice(2, 4)}-${String(i).padStart(6, '0')}`;
    if (kind !== 'new' && earlier && !earlier.amendmentType) {
      reports.push({
        ...earlier,
        accession: accession(earlier.cik),
        filedOn: addDays(earlier.filedOn, r.int(1, 20)),
        amendmentType: kind === 'restatement' ? 'RESTATEMENT' : 'NEW HOLDINGS',
        lines: 0,
      });
      continue;
    }
    const cik = MANAGER_CIK_BASE + manager++ * 3;
    const late = r.chance(0.02);
    reports.push({
      accession: accession(cik),
      cik,
      manager: `${r.pick(NAME_ROOTS).toUpperCase()} ${r.pick(['CAPITAL', 'ADVISORS', 'ASSET', 'WEALTH', 'PARTNERS'])} MANAGEMENT ${manager} LLC`,
      filedOn: addDays(period, r.int(late ? 46 : 1, late ? 90 : 45)),
      period: late ? before : period,
      lines: 0,
      thousands: r.chance(0.01),
    });
  }
  // Lines: lognormal weights scaled to `rows`, each report 1 to MOST_LINES (new holdings: a few).
  const weights = reports.map((p) => (p.amendmentType === 'NEW HOLDINGS' ? 0 : Math.exp(1.4 * r.normal())));
  const total = weights.reduce((s, w) => s + w, 0);
  let planned = 0;
  reports.forEach((p, i) => {
    p.lines =
      p.amendmentType === 'NEW HOLDINGS'
        ? r.int(1, 20)
        : Math.max(1, Math.min(MOST_LINES, Math.floor((rows * weights[i]!) / total)));
    planned += p.lines;
  });
  // Evened out to `rows` exactly, a line at a time over the reports.
  for (let i = 0; planned !== rows; i = (i + 1) % reports.length) {
    const p = reports[i]!;
    if (planned < rows && p.lines < MOST_LINES) {
      p.lines++;
      planned++;
    } else if (planned > rows && p.lines > 1) {
      p.lines--;
      planned--;
    }
  }
  return reports;
}

/** The data set as the SEC's zip, and staff's CUSIP map. */
export async function form13fDataSet(folder: string, listed: readonly Listed[]): Promise<Form13fDataSet> {
  const r = createRandom('bench-sec-13f');
  const period = reportedQuarter();
  const { universe, others } = issuersOf(r.fork('issuers'), listed);
  const reports = reportsOf(r.fork('reports'), FORM13F_ROWS, period);
  const notices: TestFiling[] = Array.from({ length: NOTICES }, (_, i) => {
    const cik = MANAGER_CIK_BASE + 2 + i * 3;
    return {
      accession: `${String(cik).padStart(10, '0')}-${period.slice(2, 4)}-9${String(i).padStart(5, '0')}`,
      cik,
      manager: `NOTICE FILER ${i} LP`,
      filedOn: addDays(period, r.int(1, 45)),
      period,
      form: '13F-NT',
    };
  });
  const filings: TestFiling[] = [...reports, ...notices];
  const totals = new Map<string, { lines: number; value: number }>();
  let universeLines = 0;

  const lineRandom = r.fork('lines');
  /** The most held come first: index = n·u², so the first 1% of issuers get a tenth of the lines. */
  const draw = (list: readonly Issuer[]) => list[Math.floor(list.length * lineRandom.next() ** 2)]!;
  function* infotable(): Generator<string> {
    yield `${HEADERS.INFOTABLE}\n`;
    let sk = 0;
    let chunk: string[] = [];
    for (const report of reports) {
      const held = new Set<Issuer>();
      let value = 0;
      const add = (issuer: Issuer, extra: { putCall?: 'PUT' | 'CALL'; notes?: boolean; split?: boolean } = {}) => {
        const notes = extra.notes && issuer.notes;
        const shares = notes ? 1_000 * lineRandom.int(100, 20_000) : Math.round(10 ** lineRandom.between(2, 5.7));
        const dollars = notes
          ? shares * lineRandom.between(0.8, 1.1)
          : shares * issuer.price * lineRandom.between(0.97, 1.03);
        const filed = Math.max(1, Math.round(report.thousands ? dollars / 1000 : dollars));
        value += filed;
        if (issuer.symbol) universeLines++;
        chunk.push(
          infoLine(
            {
              accession: report.accession,
              issuer: nameAsFiled(lineRandom, issuer),
              cusip: notes ? issuer.notes! : issuer.cusip,
              title: notes ? 'NOTE 2.500% 6/3' : lineRandom.chance(0.85) ? 'COM' : 'CL A',
              value: filed,
              shares,
              type: notes ? 'PRN' : 'SH',
              putCall: extra.putCall,
              discretion: extra.split ? 'DFND' : 'SOLE',
              otherManager: extra.split ? '1' : '',
            },
            ++sk,
          ),
        );
      };
      for (let line = 0; line < report.lines; line++) {
        const list = lineRandom.chance(UNIVERSE_SHARE) ? universe : others;
        let issuer = draw(list);
        for (let tries = 0; held.has(issuer) && tries < 3; tries++) issuer = draw(list);
        const roll = lineRandom.next();
        // A second line of a holding held already: split by discretion (shared with another manager).
        if (held.has(issuer) || roll < 0.04) add(issuer, { split: true });
        else if (roll < 0.07) add(issuer, { putCall: lineRandom.chance(0.5) ? 'PUT' : 'CALL' });
        else if (roll < 0.12 && issuer.notes) add(issuer, { notes: true });
        else add(issuer);
        held.add(issuer);
        if (chunk.length >= 2_000) {
          yield `${chunk.join('\n')}\n`;
          chunk = [];
        }
      }
      totals.set(report.accession, { lines: report.lines, value });
    }
    if (chunk.length) yield `${chunk.join('\n')}\n`;
  }
  function* summary(): Generator<string> {
    yield `${HEADERS.SUMMARYPAGE}\n`;
    for (const f of filings) {
      const t = totals.get(f.accession) ?? { lines: 0, value: 0 };
      yield `${[f.accession, '0', String(t.lines), String(t.value), 'N'].join('\t')}\n`;
    }
  }
  const table = (name: keyof typeof HEADERS, rows: string[]) => ({
    name: `${name}.tsv`,
    content: `${[HEADERS[name], ...rows].join('\n')}\n`,
  });
  const zipFile = path.join(folder, `${period}_form13f.zip`);
  await writeZip(zipFile, [
    table('SUBMISSION', filings.map(submissionLine)),
    table('COVERPAGE', filings.map(coverLine)),
    table('SIGNATURE', filings.map(signatureLine)),
    table('OTHERMANAGER', []),
    table('OTHERMANAGER2', []),
    { name: 'INFOTABLE.tsv', content: infotable() },
    { name: 'SUMMARYPAGE.tsv', content: summary() },
  ]);

  // Staff's map: most of the companies whose list name places none by itself, half of the former names.
  const names = companyNames(listed);
  const mapped = universe.filter((issuer) => {
    const placed = names.match(issuer.listName) === issuer.symbol;
    return !placed && r.chance(issuer.former ? 0.5 : 0.9);
  });
  const cusipMapFile = path.join(folder, 'cusip-map.csv');
  fs.writeFileSync(cusipMapFile, `cusip,symbol\n${mapped.map((i) => `${i.cusip},${i.symbol}`).join('\n')}\n`);

  emit('13f_dataset_reports', reports.length, 'count');
  emit('13f_dataset_managers', new Set(reports.map((p) => p.cik)).size, 'count');
  emit('13f_dataset_lines', FORM13F_ROWS, 'count');
  emit('13f_dataset_lines_of_universe_companies', universeLines, 'count');
  emit('13f_dataset_issuers', universe.length + others.length, 'count');
  emit('13f_dataset_zip_mb', fs.statSync(zipFile).size / 1e6, 'MB');
  emit('13f_cusip_map_entries', mapped.length, 'count');
  emit(
    '13f_universe_placed_by_name_alone',
    universe.length - universe.filter((i) => names.match(i.listName) !== i.symbol).length,
    'count',
  );
  return { zipFile, cusipMapFile, mostHeld: universe.slice(0, 40).map((i) => i.symbol!) };
}

async function benchOn(
  label: string,
  env: Record<string, string>,
  dataSetFor: (listed: Listed[]) => Promise<Form13fDataSet>,
): Promise<void> {
  const universe = await startUniverseServer(`${label} 13f`, env);
  try {
    // The universe as imported companies (holdings are never placed with the demo's), without the
    // demo's holders (a company with them shows those).
    const listed = await universe.query(async (db) => {
      await db.execute(sql`update companies set data_source = 'nasdaq-screener' where id <= ${UNIVERSE}`);
      await db.execute(sql`delete from institutional_holdings where accession is null`);
      return rowsOfResult<Listed>(
        await db.execute(
          sql`select id, symbol, name, last_sale::float8 as "lastSale" from companies where id <= ${UNIVERSE} order by id`,
        ),
      );
    });
    const dataSet = await dataSetFor(listed);
    const map = await runImport(universe.dbEnv, ['cusip-map', dataSet.cusipMapFile]);
    emit(`${label}_13f_cusip_map_import_s`, map.ms / 1000, 's');

    const paths = dataSet.mostHeld.flatMap((s) => [`/api/stock/company/${s}`, `/api/stock/institutional/${s}`]);
    say(`${label} 13f: importing the data set…`);
    const result = await importWhileReading(universe, `${label}_13f`, paths, ['sec-13f', dataSet.zipFile]);
    // The import's report (after its progress bars).
    say(result.out.slice(Math.max(0, result.out.indexOf('sec-13f import finished'))).trimEnd());
    judge(`${label}_13f_dataset_import_s`, result.ms / 1000, 's', { max: 300 });
    judge(`${label}_13f_dataset_import_peak_rss_mb`, result.peakMb, 'MB', { max: 800 });
    const figure = (pattern: RegExp) => Number(pattern.exec(result.out)?.[1]?.replaceAll(',', '') ?? 0);
    emit(`${label}_13f_holdings_added`, figure(/added:\s+([\d,]+)/), 'count');
    emit(
      `${label}_13f_lines_of_no_listed_company`,
      figure(/([\d,]+)\s+line of an issuer that is no listed company/),
      'count',
    );
    emit(`${label}_13f_cusips_not_placed`, figure(/not matched to a listed company: ([\d,]+) CUSIPs/), 'count');
    const [stored] = await universe.query(async (db) =>
      rowsOfResult<{ holdings: number; companies: number }>(
        await db.execute(sql`select count(*)::int as holdings, count(distinct company_symbol)::int as companies
          from institutional_holdings where accession is not null`),
      ),
    );
    emit(`${label}_13f_holdings_stored`, stored?.holdings ?? 0, 'count');
    emit(`${label}_13f_companies_with_holdings`, stored?.companies ?? 0, 'count');
    // What a reader gets after: the most held company's holders, once the answers cached during the
    // import (PUBLIC_CACHE_TTL_MS, 10 s) are stale.
    const after = performance.now();
    let holders = 0;
    while (!holders && performance.now() - after < 15_000) {
      const answer = await fetch(`${universe.server.url}/api/stock/institutional/${dataSet.mostHeld[0]}`);
      holders = ((await answer.json()) as { totalItems?: number }).totalItems ?? 0;
      if (!holders) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    emit(`${label}_13f_holders_of_most_held_company`, holders, 'count');
    emit(`${label}_13f_holders_shown_after_import_s`, (performance.now() - after) / 1000, 's');
  } finally {
    await universe.server.stop();
  }
}

/** The part: the data set written once, from the first server's universe (the demo's is the same on every database). */
export async function bench13f(folder: string, postgres: boolean): Promise<void> {
  let dataSet: Form13fDataSet | null = null;
  await onEachDatabase(postgres, (label, env) =>
    benchOn(label, env, async (listed) => {
      if (!dataSet) {
        say(`13f: writing a data set of ${FORM13F_ROWS.toLocaleString('en-US')} lines…`);
        dataSet = await form13fDataSet(folder, listed);
      }
      return dataSet;
    }),
  );
}
