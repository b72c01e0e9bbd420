/**
 * The ownership documents of Forms 3, 4 and 5 and their amendments: the `<ownershipDocument>` XML
 * EDGAR disseminates (the EDGAR Ownership XML Technical Specification; schema generations X0206 to
 * X0609 seen in filings). A document in, its insider's rows out, nothing stored.
 *
 * Every element is read as optional and unknown ones are ignored, since the schema grew over the
 * years (the Rule 10b5-1 checkbox `aff10b5One` came in 2023) and filers' software differs: booleans
 * are written `1`/`true` and `0`/`false`, most leaves wrap their text in `<value>` beside
 * `<footnoteId id="F1"/>`, and a leaf may hold only a footnote. Values are kept as filed; what a
 * document cannot be read as (malformed XML, another root, no issuer CIK, a number that is none) is
 * refused whole with the document named.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { EdgarDocumentError } from './document-error.ts';
import type { SubmissionText } from './submission-text.ts';

export const OWNERSHIP_FORMS = ['3', '3/A', '4', '4/A', '5', '5/A'] as const;
export type OwnershipForm = (typeof OWNERSHIP_FORMS)[number];

export interface ReportingOwner {
  cik: number;
  name: string;
  isDirector: boolean;
  isOfficer: boolean;
  isTenPercentOwner: boolean;
  isOther: boolean;
  officerTitle: string | null;
  otherText: string | null;
}

/** How an owner is related to the company, as the page shows it: 'Director, Chief Financial Officer'. */
export function relationshipOf(owner: ReportingOwner): string | null {
  const parts: string[] = [];
  if (owner.isDirector) parts.push('Director');
  if (owner.isOfficer) parts.push(owner.officerTitle || 'Officer');
  if (owner.isTenPercentOwner) parts.push('10% owner');
  if (owner.isOther) parts.push(owner.otherText || 'Other');
  return parts.length ? parts.join(', ').slice(0, 200) : null;
}

export interface OwnershipRow {
  table: 'non-derivative' | 'derivative';
  kind: 'transaction' | 'holding';
  /** Its place in its table, from 0: with the table and kind, a row's key within the document. */
  position: number;
  security: string;
  transactionDate: string | null;
  /** The transaction code as filed (P, S, A, M, F, G, …); null for a holding. */
  code: string | null;
  equitySwap: boolean;
  shares: number | null;
  /** A derivative transaction may report a value instead of a number of shares. */
  totalValue: number | null;
  price: number | null;
  acquiredDisposed: 'A' | 'D' | null;
  sharesAfter: number | null;
  valueAfter: number | null;
  ownership: 'D' | 'I' | null;
  natureOfOwnership: string | null;
  exercisePrice: number | null;
  exerciseDate: string | null;
  expirationDate: string | null;
  underlyingSecurity: string | null;
  underlyingShares: number | null;
  /** The footnotes the row refers to, in the order it refers to them. */
  footnoteIds: string[];
}

export interface OwnershipDocument {
  form: OwnershipForm;
  periodOfReport: string | null;
  /** An amendment's original filing date (dateOfOriginalSubmission). */
  originalFiledOn: string | null;
  issuer: { cik: number; name: string; symbol: string | null };
  owners: ReportingOwner[];
  /** The Rule 10b5-1 checkbox of the whole form; null where the form has none (before 2023, Form 3). */
  rule10b5One: boolean | null;
  notSubjectToSection16: boolean;
  noSecuritiesOwned: boolean;
  rows: OwnershipRow[];
  footnotes: Record<string, string>;
  remarks: string | null;
  signedOn: string | null;
}

/** The elements that repeat; the parser makes each an array even when it holds one. */
const REPEATED = new Set([
  'reportingOwner',
  'nonDerivativeTransaction',
  'nonDerivativeHolding',
  'derivativeTransaction',
  'derivativeHolding',
  'footnote',
  'footnoteId',
  'ownerSignature',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
  // The predefined entities (&amp; &lt; …) and character references only: a document declaring its own is refused.
  processEntities: true,
});

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: unknown, name: string): unknown => (isNode(node) ? node[name] : undefined);
const children = (node: unknown, name: string): unknown[] => {
  const value = child(node, name);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};

/** An element's text: itself when it is text, its `#text` when it also has attributes or children. */
function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'number') return String(node);
  const text = child(node, '#text');
  return typeof text === 'string' || typeof text === 'number' ? String(text).trim() || null : null;
}

/** A leaf that may wrap its text in `<value>` (beside its footnotes) or hold it bare. */
const valueOf = (node: unknown): string | null => (isNode(node) && 'value' in node ? textOf(node.value) : textOf(node));

/** The ids of the footnotes an element or its children refer to. */
function footnotesIn(node: unknown, into: string[]): string[] {
  if (Array.isArray(node)) for (const item of node) footnotesIn(item, into);
  else if (isNode(node))
    for (const [name, value] of Object.entries(node)) {
      if (name === 'footnoteId')
        for (const ref of children(node, 'footnoteId')) {
          const id = child(ref, 'id');
          if (typeof id === 'string' && !into.includes(id)) into.push(id);
        }
      else footnotesIn(value, into);
    }
  return into;
}

class Reader {
  private readonly document: string;
  constructor(document: string) {
    this.document = document;
  }

  fail(problem: string): never {
    throw new EdgarDocumentError(this.document, problem);
  }

  boolean(node: unknown, field: string): boolean {
    const text = valueOf(node);
    if (text === null) return false;
    if (text === '1' || text.toLowerCase() === 'true') return true;
    if (text === '0' || text.toLowerCase() === 'false') return false;
    return this.fail(`${field} is "${text.slice(0, 20)}", not true or false.`);
  }

  /** A decimal as the specification writes it: digits and a point, no sign, commas or currency. */
  number(node: unknown, field: string): number | null {
    const text = valueOf(node);
    if (text === null) return null;
    if (!/^\d{1,15}(\.\d{1,8})?$|^\.\d{1,8}$/.test(text))
      this.fail(`${field} is "${text.slice(0, 30)}", not a number.`);
    return Number(text);
  }

  /** A date, its time-zone suffix (which some filers' software adds) dropped. */
  date(node: unknown, field: string): string | null {
    const text = valueOf(node);
    if (text === null) return null;
    const date = text.slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      this.fail(`${field} is "${text.slice(0, 30)}", not a date.`);
    return date;
  }

  cik(node: unknown, field: string): number {
    const text = textOf(node);
    if (text === null || !/^\d{1,10}$/.test(text) || Number(text) === 0 || Number(text) > 2 ** 31 - 1)
      this.fail(`${field} is ${text === null ? 'missing' : `"${text.slice(0, 20)}"`}, not a CIK.`);
    return Number(text);
  }
}

function ownerOf(reader: Reader, node: unknown): ReportingOwner {
  const id = child(node, 'reportingOwnerId');
  const relationship = child(node, 'reportingOwnerRelationship');
  return {
    cik: reader.cik(child(id, 'rptOwnerCik'), 'rptOwnerCik'),
    name: textOf(child(id, 'rptOwnerName')) ?? '',
    isDirector: reader.boolean(child(relationship, 'isDirector'), 'isDirector'),
    isOfficer: reader.boolean(child(relationship, 'isOfficer'), 'isOfficer'),
    isTenPercentOwner: reader.boolean(child(relationship, 'isTenPercentOwner'), 'isTenPercentOwner'),
    isOther: reader.boolean(child(relationship, 'isOther'), 'isOther'),
    officerTitle: textOf(child(relationship, 'officerTitle')),
    otherText: textOf(child(relationship, 'otherText')),
  };
}

function rowOf(
  reader: Reader,
  node: unknown,
  table: OwnershipRow['table'],
  kind: OwnershipRow['kind'],
  position: number,
): OwnershipRow {
  const coding = child(node, 'transactionCoding');
  const amounts = child(node, 'transactionAmounts');
  const after = child(node, 'postTransactionAmounts');
  const nature = child(node, 'ownershipNature');
  const underlying = child(node, 'underlyingSecurity');
  const acquired = valueOf(child(amounts, 'transactionAcquiredDisposedCode'));
  const ownership = valueOf(child(nature, 'directOrIndirectOwnership'));
  if (acquired !== null && acquired !== 'A' && acquired !== 'D')
    reader.fail(`transactionAcquiredDisposedCode is "${acquired.slice(0, 10)}", not A or D.`);
  if (ownership !== null && ownership !== 'D' && ownership !== 'I')
    reader.fail(`directOrIndirectOwnership is "${ownership.slice(0, 10)}", not D or I.`);
  return {
    table,
    kind,
    position,
    security: valueOf(child(node, 'securityTitle')) ?? '',
    transactionDate: reader.date(child(node, 'transactionDate'), 'transactionDate'),
    code: textOf(child(coding, 'transactionCode'))?.toUpperCase() ?? null,
    equitySwap: reader.boolean(child(coding, 'equitySwapInvolved'), 'equitySwapInvolved'),
    shares: reader.number(child(amounts, 'transactionShares'), 'transactionShares'),
    totalValue: reader.number(child(amounts, 'transactionTotalValue'), 'transactionTotalValue'),
    price: reader.number(child(amounts, 'transactionPricePerShare'), 'transactionPricePerShare'),
    acquiredDisposed: acquired as OwnershipRow['acquiredDisposed'],
    sharesAfter: reader.number(child(after, 'sharesOwnedFollowingTransaction'), 'sharesOwnedFollowingTransaction'),
    valueAfter: reader.number(child(after, 'valueOwnedFollowingTransaction'), 'valueOwnedFollowingTransaction'),
    ownership: ownership as OwnershipRow['ownership'],
    natureOfOwnership: valueOf(child(nature, 'natureOfOwnership')),
    exercisePrice: reader.number(child(node, 'conversionOrExercisePrice'), 'conversionOrExercisePrice'),
    exerciseDate: reader.date(child(node, 'exerciseDate'), 'exerciseDate'),
    expirationDate: reader.date(child(node, 'expirationDate'), 'expirationDate'),
    underlyingSecurity: valueOf(child(underlying, 'underlyingSecurityTitle')),
    underlyingShares: reader.number(child(underlying, 'underlyingSecurityShares'), 'underlyingSecurityShares'),
    footnoteIds: footnotesIn(node, []),
  };
}

/** The longest ownership document read: the largest real ones are tens of kilobytes. */
export const MAX_OWNERSHIP_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** Reads one ownership document; `document` names it in errors (its accession number or file). */
export function readOwnershipDocument(xml: string, document: string): OwnershipDocument {
  const reader = new Reader(document);
  if (xml.length > MAX_OWNERSHIP_DOCUMENT_BYTES)
    reader.fail(`is ${(xml.length / 1e6).toFixed(1)} MB, more than an ownership document holds.`);
  // EDGAR's documents declare no document type; one that does is made to expand entities, not to be read.
  if (/<!DOCTYPE/i.test(xml)) reader.fail('declares a document type (<!DOCTYPE>), which no EDGAR document does.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) reader.fail(`is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`);
  const root = child(parser.parse(xml) as unknown, 'ownershipDocument');
  if (!isNode(root)) return reader.fail('is not an ownership document (no <ownershipDocument>).');

  const form = textOf(root.documentType);
  if (!form || !(OWNERSHIP_FORMS as readonly string[]).includes(form))
    reader.fail(`is a document of type "${(form ?? '').slice(0, 20)}", not a Form 3, 4 or 5.`);
  const issuer = root.issuer;
  const owners = children(root, 'reportingOwner').map((node) => ownerOf(reader, node));
  if (!owners.length) reader.fail('names no reporting owner.');

  const rows: OwnershipRow[] = [];
  for (const [table, container] of [
    ['non-derivative', root.nonDerivativeTable],
    ['derivative', root.derivativeTable],
  ] as const) {
    const prefix = table === 'derivative' ? 'derivative' : 'nonDerivative';
    children(container, `${prefix}Transaction`).forEach((node, i) =>
      rows.push(rowOf(reader, node, table, 'transaction', i)),
    );
    children(container, `${prefix}Holding`).forEach((node, i) => rows.push(rowOf(reader, node, table, 'holding', i)));
  }
  const footnotes: Record<string, string> = {};
  for (const note of children(root.footnotes, 'footnote')) {
    const id = child(note, 'id');
    const text = textOf(note);
    if (typeof id === 'string' && text) footnotes[id] = text;
  }
  const checkbox = root.aff10b5One;
  return {
    form: form as OwnershipForm,
    periodOfReport: reader.date(root.periodOfReport, 'periodOfReport'),
    originalFiledOn: reader.date(root.dateOfOriginalSubmission, 'dateOfOriginalSubmission'),
    issuer: {
      cik: reader.cik(child(issuer, 'issuerCik'), 'issuerCik'),
      name: textOf(child(issuer, 'issuerName')) ?? '',
      symbol: textOf(child(issuer, 'issuerTradingSymbol')),
    },
    owners,
    rule10b5One: checkbox === undefined ? null : reader.boolean(checkbox, 'aff10b5One'),
    notSubjectToSection16: reader.boolean(root.notSubjectToSection16, 'notSubjectToSection16'),
    noSecuritiesOwned: reader.boolean(root.noSecuritiesOwned, 'noSecuritiesOwned'),
    rows,
    footnotes,
    remarks: textOf(root.remarks),
    signedOn: reader.date(child(children(root, 'ownerSignature')[0], 'signatureDate'), 'signatureDate'),
  };
}

/** A footnote saying a trade was *not* made under a plan ('not pursuant to a Rule 10b5-1 trading plan'). */
const NOT_UNDER_PLAN = /\bnot\s+(?:\w+\s+){0,3}(?:pursuant|under)\s+(?:to\s+)?(?:a\s+|an\s+)?(?:\w+\s+)?rule\s+10b5-1/i;

/**
 * Whether a row was made under a Rule 10b5-1 trading plan: the form's checkbox when it has one
 * ticked; otherwise what its footnotes (or the remarks) say, since plans were told there before the
 * checkbox and still often are; null when nothing says.
 */
export function underTradingPlan(document: OwnershipDocument, row: OwnershipRow): boolean | null {
  if (document.rule10b5One) return true;
  const said = [...row.footnoteIds.map((id) => document.footnotes[id] ?? ''), document.remarks ?? ''].filter((text) =>
    /10b5-1/i.test(text),
  );
  if (said.some((text) => !NOT_UNDER_PLAN.test(text))) return true;
  if (said.length) return false;
  return document.rule10b5One === false ? false : null;
}

/** The ownership document of a complete submission text file, read; a filing without one is refused. */
export function ownershipDocumentOf(submission: SubmissionText): OwnershipDocument {
  const xml = submission.documents.find((d) => (OWNERSHIP_FORMS as readonly string[]).includes(d.type))?.text;
  if (!xml)
    throw new EdgarDocumentError(submission.accession, `holds no ownership document (form ${submission.form}).`);
  return readOwnershipDocument(xml, submission.accession);
}
