/**
 * An ownership document's transactions stored as the company's insider transactions (docs/product.md
 * §9.2, §9.11): every non-derivative and derivative transaction of a Form 4 or 5 (a Form 3 reports
 * holdings only, and holdings are positions, not trades), each keyed by its filing and its place in
 * it, so storing a filing again stores nothing twice. An amendment (4/A, 5/A) replaces the rows of the
 * filing it amends: the same owner's filing of the same company on the date the amendment names; an
 * amendment of a filing not held is refused, since its rows alone would say something the company's
 * record does not.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { recordChanges } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { companies, insiderTransactions } from '../companies/index.ts';
import { EdgarDocumentError } from './document-error.ts';
import { underTradingPlan, type OwnershipDocument, type ReportingOwner } from './ownership-document.ts';

export interface OwnershipFiling {
  accession: string;
  /** YYYY-MM-DD */
  filedOn: string;
  document: OwnershipDocument;
}

export type OwnershipOutcome =
  | { stored: true; symbol: string; added: number; replaced: number }
  | { stored: false; reason: 'issuer not in the universe' | 'filing already stored' | 'no transactions' };

/** How an owner is related to the company, as the page shows it: 'Director, Chief Financial Officer'. */
export function relationshipOf(owner: ReportingOwner): string | null {
  const parts: string[] = [];
  if (owner.isDirector) parts.push('Director');
  if (owner.isOfficer) parts.push(owner.officerTitle || 'Officer');
  if (owner.isTenPercentOwner) parts.push('10% owner');
  if (owner.isOther) parts.push(owner.otherText || 'Other');
  return parts.length ? parts.join(', ').slice(0, 200) : null;
}

/** A row's whole number of shares (fractions of a share are rounded; a derivative's value-only row counts none). */
const wholeShares = (shares: number | null) => Math.round(shares ?? 0);

export async function storeOwnershipFiling(tx: Db, filing: OwnershipFiling): Promise<OwnershipOutcome> {
  const { document, accession, filedOn } = filing;
  const [company] = await tx
    .select({ id: companies.id, symbol: companies.symbol })
    .from(companies)
    .where(eq(companies.cik, document.issuer.cik))
    .limit(1);
  if (!company) return { stored: false, reason: 'issuer not in the universe' };

  const [held] = await tx
    .select({ id: insiderTransactions.id })
    .from(insiderTransactions)
    .where(eq(insiderTransactions.accession, accession))
    .limit(1);
  if (held) return { stored: false, reason: 'filing already stored' };

  const owners = document.owners;
  let replaced = 0;
  if (document.form.endsWith('/A')) {
    if (!document.originalFiledOn)
      throw new EdgarDocumentError(accession, `is an amendment (${document.form}) that names no original filing date.`);
    const originals = await tx
      .selectDistinct({ accession: insiderTransactions.accession })
      .from(insiderTransactions)
      .where(
        and(
          eq(insiderTransactions.companySymbol, company.symbol),
          eq(insiderTransactions.filedOn, document.originalFiledOn),
          inArray(
            insiderTransactions.ownerCik,
            owners.map((o) => o.cik),
          ),
          ne(insiderTransactions.accession, accession),
        ),
      );
    if (!originals.length)
      throw new EdgarDocumentError(
        accession,
        `amends a ${document.form.replace('/A', '')} of ${company.symbol} filed ${document.originalFiledOn} that is not held.`,
      );
    const gone = await tx
      .delete(insiderTransactions)
      .where(
        inArray(
          insiderTransactions.accession,
          originals.map((o) => o.accession!),
        ),
      )
      .returning({ id: insiderTransactions.id });
    replaced = gone.length;
  }

  const purchaser = owners
    .map((o) => o.name)
    .join('; ')
    .slice(0, 300);
  const rows = document.rows
    .filter((row) => row.kind === 'transaction' && (row.transactionDate ?? document.periodOfReport))
    .map((row) => ({
      companySymbol: company.symbol,
      purchaser,
      amountPurchased: wholeShares(row.shares),
      dateOfPurchase: (row.transactionDate ?? document.periodOfReport)!,
      isBuy: row.code === 'P',
      ownerCik: owners[0]!.cik,
      relationship: relationshipOf(owners[0]!),
      code: row.code?.slice(0, 4) ?? null,
      price: row.price,
      acquiredDisposed: row.acquiredDisposed,
      sharesAfter: row.sharesAfter === null ? null : wholeShares(row.sharesAfter),
      ownership: row.ownership,
      natureOfOwnership: row.natureOfOwnership?.slice(0, 300) ?? null,
      tradingPlan: underTradingPlan(document, row),
      security: row.security.slice(0, 200) || null,
      derivative: row.table === 'derivative',
      accession,
      rowKey: `${accession}:${row.table === 'derivative' ? 'd' : 'n'}:${row.position}`,
      filedOn,
    }));
  if (!rows.length && !replaced) return { stored: false, reason: 'no transactions' };
  const added = rows.length
    ? await tx
        .insert(insiderTransactions)
        .values(rows)
        .onConflictDoNothing({ target: insiderTransactions.rowKey })
        .returning({ id: insiderTransactions.id })
    : [];
  await recordChanges(tx, 'company', [company.id]);
  return { stored: true, symbol: company.symbol, added: added.length, replaced };
}
