/**
 * Form 13F as EDGAR serves it (the EDGAR Form 13F XML Technical Specification): a filing is a
 * primary document (`edgarSubmission`: the cover page, signature and summary page) and an
 * information table (`informationTable`: one `infoTable` per line), either as the two documents of
 * the filing's folder or inside its complete submission text file. Documents are refused whole,
 * named with the line of what is wrong; a document declaring a document type is refused as the
 * ownership documents are (EDGAR's never do).
 *
 * Filers write the elements with or without a namespace prefix (`ns1:infoTable`, `infoTable`):
 * prefixes are dropped. An information table holds up to 250,000 lines, so it is checked whole
 * for well-formedness and then read a line at a time, never held as one tree.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { EdgarDocumentError } from '../document-error.ts';
import { readSubmissionText } from '../submission-text.ts';
import { documentDate, type AmendmentType, type Form13fFiling, type InfoTableRow, type PutCall } from './rows.ts';

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  // The predefined entities (&amp; …) and character references only: a document declaring its own is refused.
  processEntities: true,
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: unknown, name: string): unknown => (isNode(node) ? node[name] : undefined);
const textOf = (node: unknown): string => {
  if (typeof node === 'string') return node.trim();
  if (typeof node === 'number') return String(node);
  const text = child(node, '#text');
  return typeof text === 'string' || typeof text === 'number' ? String(text).trim() : '';
};

/** The line (1-based) of `offset` in `text`. */
function lineAt(text: string, offset: number, from = 0, line = 1): number {
  let at = line;
  for (let i = text.indexOf('\n', from); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) at++;
  return at;
}

/**
 * A document without what comes before its first tag (files saved with a blank line before the XML
 * declaration are still read), and the line it then starts on.
 */
function trimmed(xml: string, firstLine: number): { xml: string; firstLine: number } {
  const start = Math.max(0, xml.search(/\S/));
  return { xml: xml.slice(start), firstLine: lineAt(xml, start, 0, firstLine) };
}

/** Refuses what no EDGAR document is: one declaring a document type, or XML that is not well-formed. */
function checkXml(xml: string, source: string, firstLine: number): void {
  if (/<!DOCTYPE/i.test(xml))
    throw new EdgarDocumentError(source, 'declares a document type (<!DOCTYPE>), which no EDGAR document does.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new EdgarDocumentError(
      source,
      `is not well-formed XML (line ${valid.err.line + firstLine - 1}: ${valid.err.msg}).`,
    );
}

export interface PrimaryDocument {
  form: string;
  managerCik: number;
  managerName: string;
  period: string;
  amendmentType: AmendmentType | null;
  reportType: string;
  signedOn: string | null;
}

/** A 13F primary document (`edgarSubmission`); `firstLine` is where it starts in the file named `source`. */
export function readPrimaryDocument(text: string, source: string, start = 1): PrimaryDocument {
  const { xml, firstLine } = trimmed(text, start);
  checkXml(xml, source, firstLine);
  const root = child(parser.parse(xml) as unknown, 'edgarSubmission');
  const fail = (problem: string): never => {
    throw new EdgarDocumentError(source, problem);
  };
  if (!isNode(root)) return fail('is not a Form 13F primary document (no <edgarSubmission>).');
  const header = child(root, 'headerData');
  const filerInfo = child(header, 'filerInfo');
  const cover = child(child(root, 'formData'), 'coverPage');
  const form = textOf(child(header, 'submissionType')).toUpperCase();
  if (!/^13F-(HR|NT)(\/A)?$/.test(form)) fail(`is a submission of type "${form.slice(0, 20)}", not a Form 13F.`);
  const cikText = textOf(child(child(child(filerInfo, 'filer'), 'credentials'), 'cik'));
  if (!/^\d{1,10}$/.test(cikText) || Number(cikText) === 0) fail(`names no filer CIK (cik "${cikText.slice(0, 20)}").`);
  const periodText = textOf(child(cover, 'reportCalendarOrQuarter')) || textOf(child(filerInfo, 'periodOfReport'));
  const period = documentDate(periodText) ?? fail(`reports for "${periodText.slice(0, 20)}", not a date.`);
  const managerName = textOf(child(child(cover, 'filingManager'), 'name'));
  if (!managerName) fail('names no filing manager.');
  const isAmendment = ['true', '1', 'y'].includes(textOf(child(cover, 'isAmendment')).toLowerCase());
  const type = textOf(child(child(cover, 'amendmentInfo'), 'amendmentType')).toUpperCase();
  return {
    form,
    managerCik: Number(cikText),
    managerName,
    period,
    amendmentType:
      isAmendment || form.endsWith('/A')
        ? type === 'NEW HOLDINGS' || type === 'RESTATEMENT'
          ? type
          : 'RESTATEMENT'
        : null,
    reportType: textOf(child(cover, 'reportType')).toUpperCase(),
    signedOn: documentDate(textOf(child(child(child(root, 'formData'), 'signatureBlock'), 'signatureDate'))),
  };
}

/** An information table's lines, one object per `infoTable`. */
const ENTRY = /<(?:[A-Za-z_][\w.-]*:)?infoTable(?:\s[^>]*)?>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?infoTable\s*>/g;

const WHOLE = /^\d{1,16}(\.\d+)?$/;

/**
 * The lines of a 13F information table, read one at a time. `firstLine` is where the document
 * starts in the file named `source`, so a refusal names the file's own line.
 */
export function* readInformationTable(text: string, source: string, start = 1): Generator<InfoTableRow> {
  const { xml, firstLine } = trimmed(text, start);
  checkXml(xml, source, firstLine);
  if (!/<(?:[A-Za-z_][\w.-]*:)?informationTable[\s>]/.test(xml))
    throw new EdgarDocumentError(source, 'is not a Form 13F information table (no <informationTable>).');
  let lineFrom = 0;
  let line = firstLine;
  for (const match of xml.matchAll(ENTRY)) {
    line = lineAt(xml, match.index, lineFrom, line);
    lineFrom = match.index;
    const body = match[1]!;
    const entry = parser.parse(`<e>${body}</e>`) as { e?: unknown };
    const e = entry.e;
    /** Refuses the line, naming where in the file the element at fault is. */
    const fail = (problem: string, element?: string): never => {
      const at = element ? body.search(new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${element}[\\s>]`)) : -1;
      const where = at < 0 ? line : lineAt(body, at, 0, line);
      throw new EdgarDocumentError(source, `line ${where}: ${problem}`);
    };
    const number = (value: unknown, field: string): number => {
      const text = textOf(value);
      if (!WHOLE.test(text)) fail(`${field} is "${text.slice(0, 30)}", not a number.`, field);
      return Number(text);
    };
    const amounts = child(e, 'shrsOrPrnAmt');
    const amountType = textOf(child(amounts, 'sshPrnamtType')).toUpperCase();
    if (amountType !== 'SH' && amountType !== 'PRN')
      fail(
        `sshPrnamtType is "${amountType.slice(0, 10)}", not SH (shares) or PRN (principal amount).`,
        'sshPrnamtType',
      );
    const putCall = textOf(child(e, 'putCall')).toUpperCase();
    if (putCall && putCall !== 'PUT' && putCall !== 'CALL')
      fail(`putCall is "${putCall.slice(0, 10)}", not Put or Call.`, 'putCall');
    const issuer = textOf(child(e, 'nameOfIssuer'));
    if (!issuer) fail('the line names no issuer (nameOfIssuer).');
    yield {
      issuer,
      titleOfClass: textOf(child(e, 'titleOfClass')),
      cusip: textOf(child(e, 'cusip')).toUpperCase(),
      value: number(child(e, 'value'), 'value'),
      amount: number(child(amounts, 'sshPrnamt'), 'sshPrnamt'),
      amountType: amountType as InfoTableRow['amountType'],
      putCall: (putCall || null) as PutCall | null,
      discretion: textOf(child(e, 'investmentDiscretion')).toUpperCase().slice(0, 10),
      line,
    };
  }
}

export interface Form13fDocuments {
  filing: Form13fFiling;
  /** The information table's lines; none for a notice. */
  rows: InfoTableRow[];
}

function filingOf(primary: PrimaryDocument, accession: string, filedOn: string): Form13fFiling {
  return {
    accession,
    form: primary.form,
    filedOn,
    period: primary.period,
    managerCik: primary.managerCik,
    managerName: primary.managerName,
    amendmentType: primary.amendmentType,
    reportType: primary.reportType,
  };
}

/**
 * A 13F filing's complete submission text file (`{accession}.txt`): its header gives the accession
 * number and filing date, its documents the primary document and the information table.
 */
export function readForm13fSubmission(text: string, source: string): Form13fDocuments {
  const submission = readSubmissionText(text, source);
  const primaryDocument = submission.documents.find((d) => /^13F-(HR|NT)(\/A)?$/.test(d.type));
  if (!primaryDocument) throw new EdgarDocumentError(source, `holds no Form 13F (its form is ${submission.form}).`);
  const startOf = (documentText: string) => lineAt(text, Math.max(0, text.indexOf(documentText)));
  const primary = readPrimaryDocument(primaryDocument.text, source, startOf(primaryDocument.text));
  const filing = filingOf(primary, submission.accession, submission.filedOn);
  if (!primary.form.startsWith('13F-HR')) return { filing, rows: [] };
  const table = submission.documents.find((d) => d.type === 'INFORMATION TABLE');
  if (!table) throw new EdgarDocumentError(source, 'is a holdings report without its information table.');
  return { filing, rows: [...readInformationTable(table.text, source, startOf(table.text))] };
}

/**
 * A filing's two documents as they sit in its folder. The primary document tells neither the
 * accession number nor the filing date: the accession comes from the folder's or a file's name
 * (EDGAR names the folder after it), the filing date is taken as the signature's.
 */
export function readForm13fDocuments(
  primary: { xml: string; source: string },
  table: { xml: string; source: string } | null,
  accession: string,
): Form13fDocuments {
  const document = readPrimaryDocument(primary.xml, primary.source);
  if (!document.signedOn) throw new EdgarDocumentError(primary.source, 'has no signature date to date the filing by.');
  const filing = filingOf(document, accession, document.signedOn);
  if (!document.form.startsWith('13F-HR')) return { filing, rows: [] };
  if (!table)
    throw new EdgarDocumentError(primary.source, 'is a holdings report whose information table was not given.');
  return { filing, rows: [...readInformationTable(table.xml, table.source)] };
}
