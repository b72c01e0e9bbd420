/**
 * A filing's complete submission text file (`/Archives/edgar/data/{cik}/{accession}.txt`): the SEC
 * header (accession number, form, dates, 8-K items, the filer, issuer and reporting owners) and
 * every document of the filing between `<DOCUMENT>` and `</DOCUMENT>`, each with its type
 * (`4`, `8-K`, `EX-99.1`, `INFORMATION TABLE`, …), file name and text. One request gives all of a
 * filing, which is why the sync asks for it rather than for each document.
 */
import { EdgarDocumentError } from './document-error.ts';

export interface SubmissionDocument {
  /** EDGAR's document type, upper case: `4`, `8-K`, `EX-99.1`, `INFORMATION TABLE`, `GRAPHIC`, … */
  type: string;
  sequence: number | null;
  filename: string;
  description: string;
  /** What is between `<TEXT>` and `</TEXT>`; an XML document's `<XML>` wrapper removed. */
  text: string;
}

export interface SubmissionParty {
  role: 'filer' | 'issuer' | 'reporting-owner' | 'subject-company' | 'filed-by';
  cik: number;
  name: string;
  /** The party's Standard Industrial Classification code, when the header gives one. */
  sic: number | null;
}

export interface SubmissionText {
  accession: string;
  form: string;
  /** YYYY-MM-DD */
  filedOn: string;
  /** EDGAR's acceptance time, New York wall clock: 'YYYYMMDDhhmmss'. */
  acceptedAt: string | null;
  periodOfReport: string | null;
  /** The 8-K items as the header names them ('Results of Operations and Financial Condition'). */
  itemDescriptions: string[];
  parties: SubmissionParty[];
  documents: SubmissionDocument[];
}

const ROLES: Record<string, SubmissionParty['role']> = {
  'FILER:': 'filer',
  'ISSUER:': 'issuer',
  'REPORTING-OWNER:': 'reporting-owner',
  'SUBJECT COMPANY:': 'subject-company',
  'FILED BY:': 'filed-by',
};

const headerDate = (value: string | undefined): string | null =>
  value && /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : null;

/**
 * Reads a complete submission text file. With `opening`, `text` is only the file's start (the sync
 * reads a registration statement's first megabyte for its cover): the last document may be cut.
 */
export function readSubmissionText(text: string, source: string, { opening = false } = {}): SubmissionText {
  const fail = (problem: string): never => {
    throw new EdgarDocumentError(source, problem);
  };
  const headerEnd = text.indexOf('</SEC-HEADER>');
  if (!text.trimStart().startsWith('<SEC-DOCUMENT>') || headerEnd < 0)
    fail('is not a complete submission text file (no <SEC-DOCUMENT> with its <SEC-HEADER>).');
  if (!opening && !/<\/SEC-DOCUMENT>\s*$/.test(text)) fail('ends before </SEC-DOCUMENT>: the file is cut short.');

  const fields = new Map<string, string>();
  const itemDescriptions: string[] = [];
  const parties: SubmissionParty[] = [];
  let role: SubmissionParty['role'] | null = null;
  let party: { name?: string; cik?: number; sic?: number } = {};
  const closeParty = () => {
    if (role && party.cik) parties.push({ role, cik: party.cik, name: party.name ?? '', sic: party.sic ?? null });
    party = {};
  };
  for (const line of text.slice(0, headerEnd).split(/\r?\n/)) {
    const trimmed = line.trim();
    const accepted = /^<ACCEPTANCE-DATETIME>(\d{14})/.exec(trimmed);
    if (accepted) fields.set('ACCEPTANCE-DATETIME', accepted[1]!);
    if (ROLES[trimmed]) {
      closeParty();
      role = ROLES[trimmed];
      continue;
    }
    const field = /^([A-Z][A-Z0-9 -]*?):\s*(.*)$/.exec(trimmed);
    if (!field) continue;
    const [, name, value] = field as unknown as [string, string, string];
    if (/^\S/.test(line)) {
      // A field at the margin belongs to the submission; the parties' fields are indented.
      closeParty();
      role = null;
      if (name === 'ITEM INFORMATION') itemDescriptions.push(value.trim());
      else if (!fields.has(name)) fields.set(name, value.trim());
    } else if (role) {
      if (name === 'COMPANY CONFORMED NAME') {
        if (party.cik) closeParty();
        party.name = value.trim();
      } else if (name === 'CENTRAL INDEX KEY' && /^\d{1,10}$/.test(value.trim())) party.cik = Number(value.trim());
      else if (name === 'STANDARD INDUSTRIAL CLASSIFICATION') {
        const code = /\[(\d{3,4})\]/.exec(value)?.[1];
        if (code) party.sic = Number(code);
      }
    }
  }
  closeParty();

  const accession = fields.get('ACCESSION NUMBER') ?? '';
  if (!/^\d{10}-\d{2}-\d{6}$/.test(accession)) fail('has no accession number in its header.');
  const form = fields.get('CONFORMED SUBMISSION TYPE') ?? fail('has no submission type in its header.');
  const filedOn = headerDate(fields.get('FILED AS OF DATE')) ?? fail('has no filing date in its header.');

  const documents: SubmissionDocument[] = [];
  const pattern = opening ? /<DOCUMENT>([\s\S]*?)(?:<\/DOCUMENT>|$)/g : /<DOCUMENT>([\s\S]*?)<\/DOCUMENT>/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = match[1]!;
    const tag = (name: string) => new RegExp(`^<${name}>([^\\r\\n]*)`, 'm').exec(body)?.[1]?.trim() ?? '';
    const start = body.indexOf('<TEXT>');
    const end = body.lastIndexOf('</TEXT>');
    let content = start >= 0 && end > start ? body.slice(start + 6, end) : '';
    // A document cut where the opening ends has no </TEXT>: what there is of it is its text.
    if (opening && start >= 0 && end < start) content = body.slice(start + 6);
    const xml = /^\s*<XML>\s*([\s\S]*?)\s*<\/XML>\s*$/.exec(content);
    if (xml) content = xml[1]!;
    const sequence = Number(tag('SEQUENCE'));
    documents.push({
      type: tag('TYPE').toUpperCase(),
      sequence: Number.isInteger(sequence) && sequence > 0 ? sequence : null,
      filename: tag('FILENAME'),
      description: tag('DESCRIPTION'),
      text: content,
    });
  }
  if (!documents.length) fail('holds no documents.');
  return {
    accession,
    form,
    filedOn,
    acceptedAt: fields.get('ACCEPTANCE-DATETIME') ?? null,
    periodOfReport: headerDate(fields.get('CONFORMED PERIOD OF REPORT')),
    itemDescriptions,
    parties,
    documents,
  };
}
