/**
 * The sync's last step (docs/product.md §9.11, §9.12): the company facts of the companies that filed
 * a periodic report (10-K, 10-Q, 20-F, 40-F, 6-K, or an amendment of one) since their facts were last
 * read, from data.sec.gov's `api/xbrl/companyfacts/CIK##########.json`, asked conditionally (an
 * unchanged document answers 304). A company is due when the sync listed such a filing of it after
 * its facts were last checked, so a run that stops is finished by the next, and a report that
 * carries no XBRL (many 6-Ks) is not asked about again. At most FACTS_PER_RUN a run: the rest wait.
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { paddedCik } from '../../../lib/edgar-links.ts';
import type { Db } from '../../platform/db/client.ts';
import { MAX_FACTS_DOCUMENT_BYTES, factsDigests, storeFactsDocument, universeByCik } from '../financials/index.ts';
import { skip } from '../imports/index.ts';
import type { EdgarClient } from './client.ts';
import { edgarCompanies, edgarFilings } from './tables.ts';
import type { SyncReport } from './sync.ts';

/** The periodic reports whose figures the company facts carry. */
export const PERIODIC_FORMS = ['10-K', '10-Q', '20-F', '40-F', '6-K'] as const;
const PERIODIC = [...PERIODIC_FORMS, ...PERIODIC_FORMS.map((form) => `${form}/A`)];

/** Company-facts documents read per run (each a request): a 10-K season's filers spread over a few runs. */
export const FACTS_PER_RUN = 300;

/** The CIKs of the universe due a read of their facts: all of `ciks` when given, else those that filed a report since. */
async function dueCiks(db: Db, universe: readonly number[], ciks?: readonly number[]): Promise<number[]> {
  if (ciks) return ciks.slice(0, FACTS_PER_RUN);
  if (!universe.length) return [];
  const rows = await db
    .selectDistinct({ cik: edgarFilings.cik })
    .from(edgarFilings)
    .leftJoin(edgarCompanies, eq(edgarCompanies.cik, edgarFilings.cik))
    .where(
      and(
        inArray(edgarFilings.form, PERIODIC),
        inArray(edgarFilings.cik, [...universe]),
        or(isNull(edgarCompanies.factsCheckedAt), gt(edgarFilings.listedAt, edgarCompanies.factsCheckedAt)),
      ),
    )
    .limit(FACTS_PER_RUN);
  return rows.map((r) => r.cik);
}

export async function syncCompanyFacts(
  db: Db,
  client: EdgarClient,
  options: {
    report: SyncReport;
    problem: (document: string, text: string) => void;
    /** The companies asked for by name (their facts are read whatever they filed). */
    ciks?: readonly number[];
    signal?: AbortSignal;
    progress: (phase: string, done: number, total: number) => void;
  },
): Promise<void> {
  const universe = await universeByCik(db);
  const due = await dueCiks(db, [...universe.keys()], options.ciks);
  if (!due.length) return;
  const digests = await factsDigests(db);
  const known = new Map(
    (await db.select().from(edgarCompanies).where(inArray(edgarCompanies.cik, due))).map((row) => [row.cik, row]),
  );
  for (const [i, cik] of due.entries()) {
    options.signal?.throwIfAborted();
    const checkedAt = new Date();
    const path = `/api/xbrl/companyfacts/CIK${paddedCik(cik)}.json`;
    const before = known.get(cik);
    const answer = await client.get(
      'data',
      path,
      { etag: before?.factsEtag, lastModified: before?.factsLastModified },
      options.signal,
      { maxBytes: MAX_FACTS_DOCUMENT_BYTES },
    );
    if (answer.status === 200) {
      const outcome = await storeFactsDocument(db, {
        name: path,
        bytes: answer.body!,
        expectedCik: cik,
        universe,
        digests,
        dryRun: false,
      });
      if (outcome.kind === 'skipped') {
        options.problem(path, outcome.where);
        skip(options.report, outcome.reason, path);
      } else if (outcome.kind !== 'unchanged') {
        options.report.updated++;
        options.report.notes.push(`${outcome.symbols.join(', ')}: financial statements ${outcome.kind}`);
      }
    } else if (answer.status === 404) {
      // A filer of no XBRL financial statements: nothing to read until it files some.
      skip(options.report, 'no company facts on EDGAR', path);
    }
    const validators =
      answer.status === 200
        ? { factsEtag: answer.etag, factsLastModified: answer.lastModified }
        : answer.status === 404
          ? { factsEtag: null, factsLastModified: null }
          : {};
    await db
      .insert(edgarCompanies)
      .values({ cik, checkedAt, factsCheckedAt: checkedAt, ...validators })
      .onConflictDoUpdate({ target: edgarCompanies.cik, set: { factsCheckedAt: checkedAt, ...validators } });
    options.progress('company facts', i + 1, due.length);
  }
}
