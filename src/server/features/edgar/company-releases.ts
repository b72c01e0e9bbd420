/**
 * The EDGAR sync's reader of current reports (docs/product.md §10.8): an 8-K (or 8-K/A) of a
 * universe company that carries a press release becomes a news item about the company, a company
 * release: the release's own headline (or, when its layout shows none, the company's name and what
 * the 8-K reports), its first paragraph as the summary, its text sanitized, the 8-K's items as tags,
 * published when EDGAR accepted the filing (the header's ACCEPTANCE-DATETIME, New York time), with a
 * link to the filing on EDGAR. The item and the filing's `done` are one transaction, and the
 * company's followers are alerted of it as news in that transaction. An 8-K without a press release
 * is done with nothing stored; a release that cannot be read (too large, empty) is reported, naming
 * the exhibit, and changes nothing.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { eightKItem, eightKItemNumbers, EXHIBITS_ITEM } from '../../../lib/eight-k-items.ts';
import { filingIndexUrl } from '../../../lib/edgar-links.ts';
import { fromEasternInputValue } from '../../../lib/eastern-time-input.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { raiseNewsAlerts } from '../alerts/index.ts';
import { companiesView } from '../companies/index.ts';
import { skip, type ImportReport } from '../imports/index.ts';
import { storeCompanyRelease } from '../news/index.ts';
import { pressReleaseDocument, readPressRelease } from './press-release.ts';
import type { SubmissionText } from './submission-text.ts';
import { edgarFilings } from './tables.ts';

/** The forms whose press releases become company releases. */
export const COMPANY_RELEASE_FORMS = ['8-K', '8-K/A'] as const;
export const isCompanyReleaseForm = (form: string) =>
  (COMPANY_RELEASE_FORMS as readonly string[]).includes(form.toUpperCase());

const NEWS_ALERT_BATCH = 2000;

/**
 * When EDGAR accepted a filing: its header's ACCEPTANCE-DATETIME, a New York wall-clock time; a
 * header without one (older filings) is taken as filed at the start of its filing day there.
 */
export function acceptedAt(submission: Pick<SubmissionText, 'acceptedAt' | 'filedOn'>): Date {
  const at = submission.acceptedAt;
  if (at && /^\d{14}$/.test(at)) {
    const minute = fromEasternInputValue(
      `${at.slice(0, 4)}-${at.slice(4, 6)}-${at.slice(6, 8)}T${at.slice(8, 10)}:${at.slice(10, 12)}`,
    );
    if (minute) return new Date(minute.getTime() + Number(at.slice(12, 14)) * 1000);
  }
  return fromEasternInputValue(`${submission.filedOn}T00:00`) ?? new Date(`${submission.filedOn}T05:00:00Z`);
}

/** The news item a filing's press release makes, before it is stored; null when the filing has no release. */
export interface CompanyReleaseDraft {
  title: string;
  summary: string | null;
  html: string;
  items: string[];
  publishedAt: Date;
  exhibit: string;
}

/**
 * A filing's company release. `companyName` is the company as the site names it, for a headline
 * the release's layout does not show: '{name}: {the first item the 8-K reports}'.
 */
export function companyReleaseOf(submission: SubmissionText, companyName: string): CompanyReleaseDraft | null {
  const document = pressReleaseDocument(submission.documents);
  if (!document) return null;
  const exhibit = `${submission.accession} ${document.type} (${document.filename || `document ${document.sequence ?? '?'}`})`;
  const release = readPressRelease(document, exhibit);
  const items = eightKItemNumbers(submission.itemDescriptions);
  const reported = items.find((n) => n !== EXHIBITS_ITEM);
  const title = release.headline ?? `${companyName}: ${reported ? eightKItem(reported)!.title : 'press release'}`;
  return {
    title,
    summary: release.summary,
    html: release.html,
    items,
    publishedAt: acceptedAt(submission),
    exhibit,
  };
}

/**
 * Reads a listed 8-K's release into the company's news and marks the filing done, in one
 * transaction. Document errors are the caller's to report (they leave the filing as it was).
 */
export async function readCompanyRelease(
  db: Db,
  filing: typeof edgarFilings.$inferSelect,
  submission: SubmissionText,
  report: ImportReport,
  now = new Date(),
): Promise<void> {
  // A CIK may list more than one share class: the release is about the company, filed under the first.
  const [company] = await db
    .select({ symbol: companiesView.symbol, name: companiesView.name })
    .from(companiesView)
    .where(and(eq(companiesView.cik, filing.cik), eq(companiesView.active, true)))
    .orderBy(asc(companiesView.symbol))
    .limit(1);
  const draft = company ? companyReleaseOf(submission, company.name) : null;
  await transaction(db, async (tx) => {
    let outcome: string;
    let status: 'done' | 'skipped' = 'done';
    if (!company) {
      status = 'skipped';
      outcome = 'company not in the universe';
      skip(report, outcome, filing.accession);
    } else if (!draft) {
      status = 'skipped';
      outcome = 'no press release';
      skip(report, outcome, filing.accession);
    } else {
      const stored = await storeCompanyRelease(tx, {
        symbol: company.symbol,
        accession: submission.accession,
        form: submission.form.toUpperCase(),
        items: draft.items,
        title: draft.title,
        summary: draft.summary,
        html: draft.html,
        publishedAt: draft.publishedAt,
        source: company.name,
        filingUrl: filingIndexUrl(filing.cik, submission.accession),
      });
      if (stored.stored === 'added') {
        report.added++;
        report.updated++;
        outcome = `company release: news ${stored.id}`;
        await raiseNewsAlerts(
          tx,
          [
            {
              id: stored.id,
              title: draft.title,
              symbol: company.symbol,
              kind: 'company-release',
              publishedAt: draft.publishedAt,
            },
          ],
          { batch: NEWS_ALERT_BATCH },
          now,
        );
      } else if (stored.stored === 'amended') {
        report.updated++;
        outcome = `company release: news ${stored.id} amended (first filed as ${stored.amends})`;
        report.notes.push(`${filing.accession}: amended the release of ${stored.amends} (news ${stored.id})`);
      } else {
        status = 'skipped';
        outcome = `${stored.reason} (news ${stored.id})`;
        skip(report, stored.reason, filing.accession);
      }
    }
    await tx
      .update(edgarFilings)
      .set({ status, outcome, doneAt: new Date(), attempts: sql`${edgarFilings.attempts} + 1` })
      .where(eq(edgarFilings.accession, filing.accession));
  });
}
