/**
 * Staff's own analyst report of a company (docs/product.md §9.8, §17.6): a PDF uploaded in the
 * console's Analysts tab, kept in the database whole (analyst_report_files), shown in the analyst
 * report frame instead of the generated page while it is held. Uploading, replacing and removing it
 * are staff edits like any other (versioned, audited, the company's pages built again); a file that
 * is not a PDF, or is larger than the cap, is refused with what is wrong.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import type { AnalystReportFileRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { versionedEditor } from '../audit/index.ts';
import { companyIdOf, requireCompany } from './records.ts';
import { analystReportFiles } from './tables.ts';

/** The largest report taken: a research report with charts runs to a few megabytes. */
export const ANALYST_REPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Every PDF file starts so (ISO 32000-1, 7.5.2). */
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/** The file's columns without its bytes: what the editor, the audit log and the frame's address need. */
const { content: _content, ...described } = getTableColumns(analystReportFiles);

type FileRow = Omit<typeof analystReportFiles.$inferSelect, 'content'> & { companyId: number };

const toRecord = (r: Omit<typeof analystReportFiles.$inferSelect, 'content'>): AnalystReportFileRecord => ({
  version: r.version,
  company_symbol: r.companySymbol,
  title: r.title,
  file_name: r.fileName,
  bytes: r.bytes,
  uploaded_by: r.uploadedBy,
  uploaded_at: r.uploadedAt.toISOString(),
});

const editor = versionedEditor<typeof analystReportFiles, FileRow>({
  table: analystReportFiles,
  key: analystReportFiles.companySymbol,
  kind: 'analyst-report',
  what: 'analyst report',
  content: 'company',
  columns: described,
  facts: (tx, row) => companyIdOf(tx, row.companySymbol as string),
  entityId: (r) => r.companyId,
});

export interface AnalystReportUpload {
  title: string;
  fileName: string;
  content: Buffer;
  /** The version of the report being replaced; none when the company has none yet. */
  version?: number;
}

/** A file name as a download may carry it: no path, no control characters, a .pdf ending. */
function cleanFileName(name: string, symbol: string): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 200);
  if (!base) return `${symbol}-analyst-report.pdf`;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** The company's uploaded report as the console shows it, or null. */
export async function analystReportFileOf(db: Db, symbol: string): Promise<AnalystReportFileRecord | null> {
  const company = await requireCompany(db, symbol);
  const [row] = await db
    .select(described)
    .from(analystReportFiles)
    .where(eq(analystReportFiles.companySymbol, company.symbol));
  return row ? toRecord(row) : null;
}

/** Uploads a company's report, or replaces the one held (based on the version the editor saw). */
export async function uploadAnalystReport(
  db: Db,
  actor: StaffActor,
  symbol: string,
  upload: AnalystReportUpload,
): Promise<AnalystReportFileRecord> {
  const company = await requireCompany(db, symbol);
  const { content } = upload;
  if (content.length === 0) throw invalid('The file is empty: choose a PDF.');
  if (content.length > ANALYST_REPORT_MAX_BYTES)
    throw invalid(`The file is ${(content.length / 1e6).toFixed(1)} MB: the most taken is 20 MB.`);
  if (!content.subarray(0, PDF_HEADER.length).equals(PDF_HEADER))
    throw invalid('The file is not a PDF (it does not start with %PDF-).');
  const title = upload.title.trim() || `${company.name} analyst report`;
  const values = {
    title,
    fileName: cleanFileName(upload.fileName, company.symbol),
    content,
    bytes: content.length,
    uploadedBy: actor.email,
    uploadedAt: new Date(),
  };
  const [held] = await db
    .select({ version: analystReportFiles.version })
    .from(analystReportFiles)
    .where(eq(analystReportFiles.companySymbol, company.symbol));
  if (!held) {
    if (upload.version !== undefined)
      throw conflict(`${company.symbol}'s analyst report was removed by someone else: upload it again.`);
    try {
      return toRecord(await editor.create(db, actor, { companySymbol: company.symbol, ...values }));
    } catch (error) {
      // Two first uploads at once (a double click, two editors): the one that came second is told so.
      if (isUniqueViolation(error))
        throw conflict(`${company.symbol} has an analyst report already: replace that one (with its version).`);
      throw error;
    }
  }
  if (upload.version === undefined)
    throw conflict(`${company.symbol} has an analyst report already: replace that one (with its version).`);
  return toRecord(await editor.update(db, actor, company.symbol, upload.version, values));
}

/** Removes a company's report (only if still at the given version, when given): the generated one shows again. */
export async function removeAnalystReport(db: Db, actor: StaffActor, symbol: string, version?: number): Promise<void> {
  const company = await requireCompany(db, symbol);
  await editor.remove(db, actor, company.symbol, version);
}

/** The PDF the frame shows, with what its answer needs; not found when staff uploaded none. */
export async function analystReportPdf(
  db: Db,
  symbol: string,
): Promise<{ fileName: string; content: Buffer; version: number }> {
  const company = await requireCompany(db, symbol);
  const [row] = await db
    .select({
      fileName: analystReportFiles.fileName,
      content: analystReportFiles.content,
      version: analystReportFiles.version,
    })
    .from(analystReportFiles)
    .where(eq(analystReportFiles.companySymbol, company.symbol));
  if (!row) throw notFound(`No analyst report of ${company.symbol} was uploaded.`);
  return row;
}

/** The version of the company's uploaded report, or null: the frame's address names it, so a new upload is not cached. */
export async function analystReportVersion(db: Db, symbol: string): Promise<number | null> {
  const [row] = await db
    .select({ version: analystReportFiles.version })
    .from(analystReportFiles)
    .where(eq(analystReportFiles.companySymbol, symbol));
  return row?.version ?? null;
}
