/**
 * What every generated document shares: its input, the input cleaned for the
 * standard fonts, and a PDF whose metadata all comes from the input (so the
 * same input always gives the same bytes).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { dataSourceLabel } from '../../../../lib/data-sources.ts';
import { DASH, type Fonts } from './style.ts';
import { cleanLine, cleanParagraphs } from './text.ts';

export interface CompanyDocumentInput {
  symbol: string;
  name: string;
  market: string;
  sectorName: string;
  industry: string;
  country: string;
  ipoYear: number | null;
  websiteUrl: string | null;
  /** Plain text; paragraphs separated by a blank line. */
  description: string;
  valueProp: string | null;
  highlights: string[];
  /** Already formatted, e.g. { label: 'Market Cap', value: '$182.40M' }. */
  stats: { label: string; value: string }[];
  /** Daily closes, oldest first. */
  closes: { date: string; close: number }[];
  management: { name: string; title: string }[];
  specialist: { name: string; email: string; phone: string } | null;
  disclosure: string | null;
  /** 'YYYY-MM-DD': printed on the documents and used as their PDF dates. */
  asOf: string;
  /** Where the figures come from (see src/lib/data-sources.ts): the documents say so. */
  dataSource: string;
}

export const AUTHOR = 'RedCap Research';

/** Input after sanitizing: every string here can be drawn with the standard fonts. */
export interface Company {
  symbol: string;
  name: string;
  ticker: string;
  sectorName: string;
  industry: string;
  country: string;
  ipoYear: string;
  website: string;
  description: string;
  valueProp: string;
  highlights: string[];
  stats: { label: string; value: string }[];
  closes: { date: string; close: number }[];
  management: { name: string; title: string }[];
  specialist: { name: string; email: string; phone: string } | null;
  disclosure: string;
  asOf: string;
  dataSource: string;
}

export function prepare(input: CompanyDocumentInput): Company {
  const symbol = cleanLine(input.symbol);
  const market = cleanLine(input.market);
  const specialist = input.specialist;
  return {
    symbol,
    name: cleanLine(input.name) || symbol || 'Company',
    ticker: [market, symbol].filter((part) => part !== '').join(': '),
    sectorName: cleanLine(input.sectorName) || DASH,
    industry: cleanLine(input.industry) || DASH,
    country: cleanLine(input.country) || DASH,
    ipoYear: input.ipoYear === null || !Number.isFinite(input.ipoYear) ? DASH : String(input.ipoYear),
    // Shown, not linked: the scheme and a trailing slash only take up room.
    website:
      cleanLine(input.websiteUrl)
        .replace(/^https?:\/\//i, '')
        .replace(/^www\./i, '')
        .replace(/\/$/, '') || DASH,
    description: cleanParagraphs(input.description),
    valueProp: cleanParagraphs(input.valueProp),
    highlights: (input.highlights ?? []).map(cleanLine).filter((item) => item !== ''),
    stats: (input.stats ?? []).map((row) => ({ label: cleanLine(row.label), value: cleanLine(row.value) || DASH })),
    closes: (input.closes ?? [])
      .filter((point) => Number.isFinite(point.close))
      .map((point) => ({ date: cleanLine(point.date), close: point.close })),
    management: (input.management ?? [])
      .map((person) => ({ name: cleanLine(person.name), title: cleanLine(person.title) }))
      .filter((person) => person.name !== '' || person.title !== ''),
    specialist: specialist
      ? { name: cleanLine(specialist.name), email: cleanLine(specialist.email), phone: cleanLine(specialist.phone) }
      : null,
    disclosure: cleanParagraphs(input.disclosure),
    asOf: cleanLine(input.asOf),
    dataSource: input.dataSource,
  };
}

/** Midnight UTC of an ISO date; the Unix epoch for anything else, so the output stays reproducible. */
function documentDate(asOf: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(asOf.trim());
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(0);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/**
 * A document whose metadata all comes from the input. pdf-lib would
 * otherwise stamp the current time, making every rendering differ.
 */
export async function createDocument(input: CompanyDocumentInput, kind: string, subject: string) {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  // Metadata strings are stored as UTF-16, so the unsanitized name is kept there for search.
  const name = (input.name ?? '').replace(/\s+/g, ' ').trim();
  const symbol = (input.symbol ?? '').trim();
  const date = documentDate(input.asOf ?? '');
  pdf.setTitle(`${name} (${symbol}) ${kind}`, { showInWindowTitleBar: true });
  pdf.setAuthor(AUTHOR);
  pdf.setSubject(subject);
  pdf.setKeywords([symbol, name, input.market, input.sectorName, input.industry].filter((word) => !!word));
  pdf.setCreator(AUTHOR);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('en-US');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  return { pdf, fonts };
}

export function dataAsOfLine(company: Company): string {
  return `Data as of ${company.asOf}. ${dataSourceLine(company)}`;
}

/** Demo figures are labelled as such; imported ones name their source. */
export const dataSourceLine = (company: Pick<Company, 'dataSource'>): string =>
  company.dataSource === 'demo'
    ? 'Demo data generated for demonstration.'
    : `Source: ${cleanLine(dataSourceLabel(company.dataSource))}.`;
