/**
 * SEC filings of a company: pages with the type-group and date filters (docs/product.md §21.1, §22.3), one filing
 * by accession, and the filings EDGAR's submissions list, stored as the sync and the imports read them.
 */
import { and, desc, eq, getTableColumns, inArray, lte } from 'drizzle-orm';
import { filingTypesOf } from '../../../lib/company.ts';
import type { FilingRecord } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { anyWordQuery, fullTextMatch } from '../../platform/db/full-text.ts';
import { notFound } from '../../platform/errors.ts';
import { requireCompany } from './records.ts';
import { companies, secFilings } from './tables.ts';

export interface FilingQuery {
  page: number;
  pageSize: number;
  /** Filed on or before this date. */
  date?: string;
  /** Filing-type group names; none means every filing. */
  groups?: string[];
}

/** A filing's fields, without the search document the database keeps for it. */
const { search: _search, ...filingColumns } = getTableColumns(secFilings);

const filingOut = (r: Omit<typeof secFilings.$inferSelect, 'search'>): FilingRecord => ({
  accession_key: r.accessionKey,
  company_symbol: r.companySymbol,
  filing_type: r.filingType,
  description: r.description,
  raw_text_link: r.rawTextLink,
  document_count: r.documentCount,
  date_as_of_change: r.dateAsOfChange,
});

/** Newest first, optionally filed on or before a date and of some type groups. */
export async function listFilings(db: Db, symbol: string, query: FilingQuery) {
  const c = await requireCompany(db, symbol);
  const conditions = [eq(secFilings.companySymbol, c.symbol)];
  if (query.date) conditions.push(lte(secFilings.dateAsOfChange, query.date));
  if (query.groups?.length) conditions.push(inArray(secFilings.filingType, filingTypesOf(query.groups)));
  const where = and(...conditions);
  const { rows, total } = await paged(
    db
      .select(filingColumns)
      .from(secFilings)
      .where(where)
      .orderBy(desc(secFilings.dateAsOfChange), desc(secFilings.accessionKey)),
    rowCount(db).from(secFilings).where(where),
    query,
  );
  return { data: rows.map(filingOut), totalItems: total };
}

/** One filing with the facts its text header shows. */
export async function filingByAccession(db: Db, accession: string) {
  const [row] = await db
    .select({ filing: filingColumns, name: companies.name, market: companies.market, sic: companies.sicCode })
    .from(secFilings)
    .innerJoin(companies, eq(companies.symbol, secFilings.companySymbol))
    .where(eq(secFilings.accessionKey, accession));
  if (!row) throw notFound('No filing with that accession number.');
  return { ...filingOut(row.filing), company_name: row.name, market: row.market, sic_code: row.sic };
}

/**
 * Filings whose form type or description matches any word of a question,
 * best first, newest among equals (RedChat's retrieval), optionally of one company.
 */
export async function searchFilingText(
  db: Db,
  question: string,
  options: { symbol?: string; limit: number },
): Promise<(FilingRecord & { rank: number })[]> {
  const query = anyWordQuery(question);
  if (!query) return [];
  const { matches, rank } = fullTextMatch(secFilings.search, query);
  const rows = await db
    .select({ ...filingColumns, rank })
    .from(secFilings)
    .where(options.symbol ? and(matches, eq(secFilings.companySymbol, options.symbol)) : matches)
    .orderBy(desc(rank), desc(secFilings.dateAsOfChange))
    .limit(options.limit);
  return rows.map(({ rank: score, ...row }) => ({ ...filingOut(row), rank: Number(score) }));
}

/** A filing as a company's submissions on EDGAR list it. */
export type SecFilingRow = Omit<typeof secFilings.$inferInsert, 'search'>;

/** A filing stored for the first time, as its company's followers are told of it. */
export interface AddedSecFiling {
  accessionKey: string;
  companySymbol: string;
  filingType: string;
  description: string;
  rawTextLink: string;
  dateAsOfChange: string;
}

/** Filings stored in one statement, one held already (by its accession number) left as it is: those added. */
export async function addSecFilings(db: Db, rows: readonly SecFilingRow[]): Promise<AddedSecFiling[]> {
  return db
    .insert(secFilings)
    .values([...rows])
    .onConflictDoNothing({ target: secFilings.accessionKey })
    .returning({
      accessionKey: secFilings.accessionKey,
      companySymbol: secFilings.companySymbol,
      filingType: secFilings.filingType,
      description: secFilings.description,
      rawTextLink: secFilings.rawTextLink,
      dateAsOfChange: secFilings.dateAsOfChange,
    });
}
