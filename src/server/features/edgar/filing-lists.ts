/**
 * How the sync learns what was filed without asking about every company (docs/product.md §9.11):
 * - EDGAR's daily master index (`/Archives/edgar/daily-index/{YYYY}/QTR{n}/master.{YYYYMMDD}.idx`),
 *   written each evening for the day's filings: `CIK|Company Name|Form Type|Date Filed|File Name`
 *   after a header that ends with a line of dashes;
 * - its latest-filings feed during the day (`/cgi-bin/browse-edgar?action=getcurrent&…&output=atom`),
 *   one Atom entry per filing and party, newest first.
 * Both are read into the same listed filings; a filing appears once per party (its issuer and each
 * reporting owner), which is how a company's filings are found by its CIK.
 */
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { EdgarDocumentError } from './document-error.ts';

export interface ListedFiling {
  /** The CIK of the party this line lists the filing under. */
  cik: number;
  company: string;
  form: string;
  /** YYYY-MM-DD */
  filedOn: string;
  accession: string;
  /** The party's role in a feed entry ('Issuer', 'Reporting', 'Filer', …); null in an index. */
  role: string | null;
  /** When EDGAR accepted it, with its offset (feed only). */
  acceptedAt: string | null;
}

const ACCESSION = /\d{10}-\d{2}-\d{6}/;

/** The path of a day's master index. */
export function dailyIndexPath(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `/Archives/edgar/daily-index/${year}/QTR${Math.ceil(month / 3)}/master.${day.replaceAll('-', '')}.idx`;
}

/** The index's column names and the line of dashes under them; the filings follow. */
const INDEX_HEADER = /^CIK\|Company Name\|Form Type\|Date Filed\|File ?Name[^\n]*\n-{20,}[ \t\r]*(\n|$)/im;

export function readDailyIndex(text: string, source: string): ListedFiling[] {
  const header = INDEX_HEADER.exec(text);
  if (!header) throw new EdgarDocumentError(source, 'is not an EDGAR master index (no CIK|Company Name|… header).');
  const start = header.index + header[0].length;
  // Lines up to the dashes, so that a line is named by its number in the whole file.
  let before = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < start; at = text.indexOf('\n', at + 1)) before++;
  const filings: ListedFiling[] = [];
  // The lines after the dashes: pipe-separated, never quoted (a quotation mark is part of a company's name).
  const rows = parse(text.slice(start), {
    delimiter: '|',
    quote: false,
    trim: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  for (const { record: fields, info } of rows) {
    const [cik, company, form, date, file] = fields as [string, string, string, string, string];
    const accession = ACCESSION.exec(file ?? '')?.[0];
    const day = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date ?? '');
    if (fields.length !== 5 || !/^\d{1,10}$/.test(cik) || !accession || !day || !form)
      throw new EdgarDocumentError(
        source,
        `line ${before + info.lines} is not an index line (CIK|Company|Form|Date|File).`,
      );
    filings.push({
      cik: Number(cik),
      company: company.trim(),
      form: form.trim(),
      filedOn: `${day[1]}-${day[2]}-${day[3]}`,
      accession,
      role: null,
      acceptedAt: null,
    });
  }
  return filings;
}

/** The feed's page of the latest filings of a form (all forms with ''), from `start`. */
export const currentFeedPath = (form: string, start: number, count = 100) =>
  `/cgi-bin/browse-edgar?action=getcurrent&type=${encodeURIComponent(form)}&company=&dateb=&owner=include&start=${start}&count=${count}&output=atom`;

const feedParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => name === 'entry' || name === 'link' || name === 'category',
});

/** "4 - Hinge Health, Inc. (0001673743) (Issuer)" */
const TITLE = /^(.+?) - (.+) \((\d{10})\) \(([^)]+)\)\s*$/;

export function readCurrentFeed(xml: string, source: string): ListedFiling[] {
  if (/<!DOCTYPE/i.test(xml))
    throw new EdgarDocumentError(source, 'declares a document type, which the feed never does.');
  let feed: unknown;
  try {
    feed = feedParser.parse(xml);
  } catch (error) {
    throw new EdgarDocumentError(source, `is not well-formed XML (${(error as Error).message.split('\n')[0]}).`);
  }
  const root = (feed as { feed?: { entry?: unknown[] } }).feed;
  if (!root || typeof root !== 'object') throw new EdgarDocumentError(source, 'is not an Atom feed (no <feed>).');
  const filings: ListedFiling[] = [];
  for (const entry of root.entry ?? []) {
    const e = entry as {
      title?: unknown;
      id?: unknown;
      updated?: unknown;
      summary?: unknown;
      category?: { term?: unknown }[];
    };
    const title = TITLE.exec(String(e.title ?? ''));
    const accession = ACCESSION.exec(String(e.id ?? ''))?.[0];
    const updated = String(e.updated ?? '');
    const form = String(e.category?.[0]?.term ?? title?.[1] ?? '');
    const summary =
      typeof e.summary === 'object' && e.summary ? (e.summary as { '#text'?: unknown })['#text'] : e.summary;
    // The filing date: the summary's 'Filed:' (a filing accepted late in the evening is the next day's).
    const filed = /Filed:\W*(\d{4}-\d{2}-\d{2})/.exec(String(summary ?? ''))?.[1];
    // An entry the feed writes otherwise is passed over: the evening's index lists the filing again.
    if (!title || !accession || !/^\d{4}-\d{2}-\d{2}T/.test(updated)) continue;
    filings.push({
      cik: Number(title[3]),
      company: title[2]!,
      form,
      filedOn: filed ?? updated.slice(0, 10),
      accession,
      role: title[4]!,
      acceptedAt: updated,
    });
  }
  return filings;
}
