/**
 * A company's insider transactions, every row of every Form 4 and 5 kept, newest first, a page at a time; and the
 * rows the EDGAR sync and imports store (edgar/insider-filings.ts), each keyed by its filing and its place in it.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { insiderOrder, insiderOut, requireCompany } from './records.ts';
import { insiderTransactions } from './tables.ts';

export async function listInsiders(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const where = eq(insiderTransactions.companySymbol, c.symbol);
  const { rows, total } = await paged(
    db
      .select()
      .from(insiderTransactions)
      .where(where)
      .orderBy(...insiderOrder),
    rowCount(db).from(insiderTransactions).where(where),
    { page, pageSize },
  );
  return { data: rows.map(insiderOut), totalItems: total };
}

/** A transaction row as a filing gives it, keyed by its filing and its place in it (`rowKey`). */
export type InsiderTransactionRow = typeof insiderTransactions.$inferInsert;

/**
 * Rows stored in one statement, a row held already (by its key) left as it is: the filing of each row added.
 * One statement, so the rows go in whole or not at all without a transaction around them.
 */
export async function addInsiderTransactions(
  db: Db,
  rows: readonly InsiderTransactionRow[],
): Promise<{ accession: string | null }[]> {
  return db
    .insert(insiderTransactions)
    .values([...rows])
    .onConflictDoNothing({ target: insiderTransactions.rowKey })
    .returning({ accession: insiderTransactions.accession });
}

/** An amendment of an owners' filing of a company: it replaces the rows of the filing it amends. */
export interface InsiderAmendment {
  symbol: string;
  accession: string;
  /** The day of the filing it amends, YYYY-MM-DD. */
  originalFiledOn: string;
  ownerCiks: number[];
}

/** The rows of the filings an amendment replaces: the same owners' filing of the company on the date it names. */
function originalsOf({ symbol, accession, originalFiledOn, ownerCiks }: InsiderAmendment) {
  return and(
    eq(insiderTransactions.companySymbol, symbol),
    eq(insiderTransactions.filedOn, originalFiledOn),
    inArray(insiderTransactions.ownerCik, ownerCiks),
    ne(insiderTransactions.accession, accession),
  );
}

/** The filings held whose rows an amendment replaces, by accession number. */
export async function amendedInsiderFilings(db: Db, amendment: InsiderAmendment): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accession: insiderTransactions.accession })
    .from(insiderTransactions)
    .where(originalsOf(amendment));
  return rows.map((r) => r.accession!);
}

/** The rows an amendment replaces removed: how many. */
export async function removeAmendedInsiderRows(tx: Db, amendment: InsiderAmendment): Promise<number> {
  const gone = await tx
    .delete(insiderTransactions)
    .where(originalsOf(amendment))
    .returning({ id: insiderTransactions.id });
  return gone.length;
}

/** The rows of these filings removed: how many. */
export async function removeInsiderFilings(tx: Db, accessions: readonly string[]): Promise<number> {
  const gone = await tx
    .delete(insiderTransactions)
    .where(inArray(insiderTransactions.accession, [...accessions]))
    .returning({ id: insiderTransactions.id });
  return gone.length;
}
