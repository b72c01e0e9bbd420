/**
 * The EDGAR sync's reader of annual reports (docs/product.md §9.2, §9.11): a universe company's
 * 10-K or 20-F gives the company's description, the opening of its business section
 * (business-section.ts), kept as the company's profile with the report's form, accession number,
 * filing day and the address of the document on sec.gov. A newer report's description replaces an
 * older one's (and the demo's); an amendment's only when it files the business section again, which
 * most (Part III only, or a corrected exhibit) do not.
 *
 * A 10-K's complete submission text file carries its exhibits and XBRL files, often tens of
 * megabytes, so the report's main document is asked for alone: the company's submissions, read
 * earlier in the run, name it (the filing's link in sec_filings). Only when they do not is the
 * submission text file read, its first document being the report.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { filingFolder, filingIndexUrl } from '../../../lib/edgar-links.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import {
  companiesView,
  companyProfilesView,
  secFilingsView,
  storeAnnualReportProfile,
  type AnnualReportProfile,
} from '../companies/index.ts';
import { skip, type ImportReport } from '../imports/index.ts';
import { businessSection } from './business-section.ts';
import type { EdgarClient } from './client.ts';
import { EdgarDocumentError } from './document-error.ts';
import { markFiling } from './filing-queue.ts';
import { decodeDocument, documentBlocks } from './document-text.ts';
import { readSubmissionText, type SubmissionText } from './submission-text.ts';
import type { edgarFilings } from './tables.ts';

export const ANNUAL_REPORT_FORMS = ['10-K', '10-K/A', '20-F', '20-F/A'] as const;
export const isAnnualReportForm = (form: string) =>
  (ANNUAL_REPORT_FORMS as readonly string[]).includes(form.toUpperCase());

/** The largest main document read: a bank's 10-K runs to about 12 MB, a small company's to a few. */
export const MAX_REPORT_BYTES = 30 * 1024 * 1024;
/** The largest complete submission text file read when the main document is not named. */
const MAX_SUBMISSION_BYTES = 60 * 1024 * 1024;

/** A report's description is stored as its company's profile by the companies feature (the profiles import's too). */
export { storeAnnualReportProfile, type AnnualReportProfile };

/** The main document of a filing as its company's submissions name it: its path on EDGAR and its address on sec.gov. */
async function mainDocument(db: Db, accession: string) {
  const [listed] = await db
    .select({ link: secFilingsView.rawTextLink })
    .from(secFilingsView)
    .where(eq(secFilingsView.accessionKey, accession));
  const match = /\/Archives\/edgar\/data\/(\d+)\/(\d{18})\/([^/?#]+)$/.exec(listed?.link ?? '');
  if (!match || match[2] !== accession.replaceAll('-', '') || match[3]!.endsWith('-index.htm')) return null;
  return { path: `/Archives/edgar/data/${match[1]}/${match[2]}/${match[3]}`, url: listed!.link };
}

/** The report's text and where readers find it: its main document, or the submission text file's first. */
async function reportDocument(
  db: Db,
  client: EdgarClient,
  filing: typeof edgarFilings.$inferSelect,
  signal?: AbortSignal,
): Promise<{ text: string; url: string; form: string; filedOn: string }> {
  const main = await mainDocument(db, filing.accession);
  if (main) {
    const answer = await client.get('www', main.path, {}, signal, { maxBytes: MAX_REPORT_BYTES });
    if (answer.status === 200)
      return { text: decodeDocument(answer.body!), url: main.url, form: filing.form, filedOn: filing.filedOn };
  }
  const path = `/Archives/edgar/data/${filing.cik}/${filing.accession.replaceAll('-', '')}/${filing.accession}.txt`;
  const answer = await client.get('www', path, {}, signal, { maxBytes: MAX_SUBMISSION_BYTES });
  if (answer.status !== 200)
    throw new EdgarDocumentError(filing.accession, 'is not on EDGAR (404): its submission text file is missing.');
  const submission = readSubmissionText(decodeDocument(answer.body!), filing.accession);
  return { ...reportInSubmission(submission, filing.cik), filedOn: submission.filedOn };
}

/** An annual report's main document in its submission text file (the one of its form, else the first), and its address. */
export function reportInSubmission(
  submission: SubmissionText,
  cik: number,
): { text: string; url: string; form: string } {
  const form = submission.form.toUpperCase();
  const document = submission.documents.find((d) => d.type === form) ?? submission.documents[0]!;
  return {
    text: document.text,
    url: document.filename
      ? `${filingFolder(cik, submission.accession)}/${document.filename}`
      : filingIndexUrl(cik, submission.accession),
    form,
  };
}

/**
 * Reads a listed annual report into its company's profile and marks the filing done, in one
 * transaction. Document errors are the caller's to report (they leave the filing as it was).
 */
export async function readAnnualReport(
  db: Db,
  client: EdgarClient,
  filing: typeof edgarFilings.$inferSelect,
  report: ImportReport,
  signal?: AbortSignal,
): Promise<void> {
  // A CIK may list more than one share class: each is the company, and each page shows its description.
  const listed = await db
    .select({ id: companiesView.id, symbol: companiesView.symbol, profileFiledOn: companyProfilesView.filedOn })
    .from(companiesView)
    .leftJoin(companyProfilesView, eq(companyProfilesView.symbol, companiesView.symbol))
    .where(and(eq(companiesView.cik, filing.cik), eq(companiesView.active, true)))
    .orderBy(asc(companiesView.symbol));
  const pass = async (reason: string) => {
    skip(report, reason, filing.accession);
    await markFiling(db, filing.accession, 'skipped', reason);
  };

  if (!listed.length) return pass('company not in the universe');
  // A backfill reads a company's reports oldest first: one older than the description held, or than a report
  // listed since (which the run reads next), is not asked for.
  if (listed.every((c) => c.profileFiledOn && c.profileFiledOn > filing.filedOn))
    return pass('a later annual report’s description is held');
  const [later] = await db
    .select({ accession: secFilingsView.accessionKey })
    .from(secFilingsView)
    .where(
      and(
        eq(secFilingsView.companySymbol, listed[0]!.symbol),
        inArray(secFilingsView.filingType, ['10-K', '20-F']),
        gt(secFilingsView.dateAsOfChange, filing.filedOn),
      ),
    )
    .limit(1);
  if (later) return pass(`a later annual report is listed (${later.accession})`);

  const document = await reportDocument(db, client, filing, signal);
  const section = businessSection(documentBlocks(document.text), document.form);
  if (!section.found)
    return pass(
      document.form.endsWith('/A')
        ? `amendment without the business section (${section.reason.replace(/^has /, '')})`
        : `annual report without a description: it ${section.reason}`,
    );

  const profile: AnnualReportProfile = {
    form: document.form.startsWith('20-F') ? '20-F' : '10-K',
    accession: filing.accession,
    filedOn: document.filedOn,
    filingUrl: document.url,
    description: section.description,
  };
  await transaction(db, async (tx) => {
    let stored = 0;
    for (const company of listed) if (await storeAnnualReportProfile(tx, company, profile)) stored++;
    if (stored) {
      report.updated++;
      report.added += stored;
    } else skip(report, 'a later annual report’s description is held', filing.accession);
    await markFiling(
      tx,
      filing.accession,
      stored ? 'done' : 'skipped',
      stored
        ? `profile from Item ${section.item} (${section.description.length} characters)`
        : 'a later annual report’s description is held',
    );
  });
}
