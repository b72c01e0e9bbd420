/**
 * An ownership document's transactions stored as the company's insider transactions (docs/product.md
 * §9.2, §9.11): every non-derivative and derivative transaction of a Form 4 or 5 (a Form 3 reports
 * holdings only, and holdings are positions, not trades), each keyed by its filing and its place in
 * it, so storing a filing again stores nothing twice. An amendment (4/A, 5/A) replaces the rows of the
 * filing it amends: the same owner's filing of the same company on the date the amendment names; an
 * amendment of a filing not held is refused, since its rows alone would say something the company's
 * record does not. Whatever a filing reports, even nothing (a Form 3), the officers and directors it
 * names are noted (company-officers.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { recordChanges } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  addInsiderTransactions,
  amendedInsiderFilings,
  companiesView,
  insiderTransactionsView,
  removeAmendedInsiderRows,
  removeInsiderFilings,
  type InsiderAmendment,
  type InsiderTransactionRow,
} from '../companies/index.ts';
import { skip, type ImportReport } from '../imports/index.ts';
import { EdgarDocumentError } from './document-error.ts';
import { noteOfficers } from './company-officers.ts';
import { relationshipOf, underTradingPlan, type OwnershipDocument, type OwnershipRow } from './ownership-document.ts';

export interface OwnershipFiling {
  accession: string;
  /** YYYY-MM-DD */
  filedOn: string;
  document: OwnershipDocument;
}

export type OwnershipOutcome =
  | { stored: true; symbol: string; added: number; replaced: number }
  | { stored: false; reason: 'issuer not in the universe' | 'filing already stored' | 'no transactions' }
  | { stored: false; reason: 'amendment of a filing not held'; problem: string };

/** A row's whole number of shares (fractions of a share are rounded; a derivative's value-only row counts none). */
const wholeShares = (shares: number | null) => Math.round(shares ?? 0);

export async function storeOwnershipFiling(tx: Db, filing: OwnershipFiling): Promise<OwnershipOutcome> {
  const { document, accession } = filing;
  const [company] = await tx
    .select({ id: companiesView.id, symbol: companiesView.symbol })
    .from(companiesView)
    .where(eq(companiesView.cik, document.issuer.cik))
    .limit(1);
  if (!company) return { stored: false, reason: 'issuer not in the universe' };
  const named = await noteOfficers(tx, [
    { symbol: company.symbol, accession, filedOn: filing.filedOn, owners: document.owners },
  ]);
  if (named.size) await recordChanges(tx, 'company', [company.id]);

  const [held] = await tx
    .select({ id: insiderTransactionsView.id })
    .from(insiderTransactionsView)
    .where(eq(insiderTransactionsView.accession, accession))
    .limit(1);
  // An amendment held already replaces again what it amends: another source may have stored the original since.
  if (held) {
    const again =
      document.form.endsWith('/A') && document.originalFiledOn
        ? await removeAmendedInsiderRows(tx, amendmentOf(company.symbol, filing))
        : 0;
    if (!again) return { stored: false, reason: 'filing already stored' };
    await recordChanges(tx, 'company', [company.id]);
    return { stored: true, symbol: company.symbol, added: 0, replaced: again };
  }

  let replaced = 0;
  if (document.form.endsWith('/A')) {
    if (!document.originalFiledOn)
      throw new EdgarDocumentError(accession, `is an amendment (${document.form}) that names no original filing date.`);
    const originals = await amendedInsiderFilings(tx, amendmentOf(company.symbol, filing));
    if (!originals.length)
      throw new EdgarDocumentError(
        accession,
        `amends a ${document.form.replace('/A', '')} of ${company.symbol} filed ${document.originalFiledOn} that is not held.`,
      );
    replaced = await removeInsiderFilings(tx, originals);
  }

  const rows = rowsOf(company.symbol, filing);
  if (!rows.length && !replaced) return { stored: false, reason: 'no transactions' };
  const added = rows.length ? await addInsiderTransactions(tx, rows) : [];
  await recordChanges(tx, 'company', [company.id]);
  return { stored: true, symbol: company.symbol, added: added.length, replaced };
}

/** An amendment as what it replaces: the same owners' filing of the company on the date it names. */
const amendmentOf = (symbol: string, { document, accession }: OwnershipFiling): InsiderAmendment => ({
  symbol,
  accession,
  originalFiledOn: document.originalFiledOn!,
  ownerCiks: document.owners.map((o) => o.cik),
});

export type InsiderRow = InsiderTransactionRow;

/**
 * One row of a filing as the company's insider row, keyed by its filing and its place in its table;
 * null for a holding (a position, not a trade) and for a transaction without a date.
 */
export function insiderRowOf(symbol: string, filing: OwnershipFiling, row: OwnershipRow): InsiderRow | null {
  const { document, accession, filedOn } = filing;
  const date = row.transactionDate ?? document.periodOfReport;
  if (row.kind !== 'transaction' || !date) return null;
  const owners = document.owners;
  return {
    companySymbol: symbol,
    purchaser: owners
      .map((o) => o.name)
      .join('; ')
      .slice(0, 300),
    amountPurchased: wholeShares(row.shares),
    dateOfPurchase: date,
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
  };
}

/** A filing's transactions as the company's insider rows. */
function rowsOf(symbol: string, filing: OwnershipFiling): InsiderRow[] {
  return filing.document.rows.flatMap((row) => insiderRowOf(symbol, filing, row) ?? []);
}

/** Rows inserted per statement when filings are stored in bulk. */
const BULK_ROWS = 1000;

/**
 * Many filings stored at once, as `storeOwnershipFiling` stores each, in far fewer statements: what is
 * held already and which companies they are about are asked once, and the rows go in together. An
 * amendment is stored on its own, after everything before it, since it replaces what it amends.
 */
export async function storeOwnershipFilings(tx: Db, filings: readonly OwnershipFiling[]): Promise<OwnershipOutcome[]> {
  if (!filings.length) return [];
  const ciks = [...new Set(filings.map((f) => f.document.issuer.cik))];
  const byCik = new Map(
    (
      await tx
        .select({ id: companiesView.id, symbol: companiesView.symbol, cik: companiesView.cik })
        .from(companiesView)
        .where(inArray(companiesView.cik, ciks))
    ).map((c) => [c.cik!, c]),
  );
  const held = new Set(
    (
      await tx
        .selectDistinct({ accession: insiderTransactionsView.accession })
        .from(insiderTransactionsView)
        .where(
          inArray(
            insiderTransactionsView.accession,
            filings.map((f) => f.accession),
          ),
        )
    ).map((r) => r.accession),
  );
  const outcomes: OwnershipOutcome[] = new Array(filings.length);
  const changed = new Set<number>();
  const named = await noteOfficers(
    tx,
    filings.flatMap((f) => {
      const company = byCik.get(f.document.issuer.cik);
      return company
        ? [{ symbol: company.symbol, accession: f.accession, filedOn: f.filedOn, owners: f.document.owners }]
        : [];
    }),
  );
  for (const company of byCik.values()) if (named.has(company.symbol)) changed.add(company.id);
  let pending: { index: number; symbol: string; rows: InsiderRow[] }[] = [];
  const flush = async () => {
    const rows = pending.flatMap((p) => p.rows);
    const added = new Map<string, number>();
    for (let i = 0; i < rows.length; i += BULK_ROWS) {
      const inserted = await addInsiderTransactions(tx, rows.slice(i, i + BULK_ROWS));
      for (const r of inserted) added.set(r.accession!, (added.get(r.accession!) ?? 0) + 1);
    }
    for (const p of pending)
      outcomes[p.index] = {
        stored: true,
        symbol: p.symbol,
        added: added.get(p.rows[0]!.accession!) ?? 0,
        replaced: 0,
      };
    pending = [];
  };
  for (const [index, filing] of filings.entries()) {
    const company = byCik.get(filing.document.issuer.cik);
    if (!company) outcomes[index] = { stored: false, reason: 'issuer not in the universe' };
    else if (held.has(filing.accession)) outcomes[index] = { stored: false, reason: 'filing already stored' };
    else if (filing.document.form.endsWith('/A')) {
      await flush();
      outcomes[index] = await storeOwnershipFiling(tx, filing).catch((error: unknown) => {
        if (error instanceof EdgarDocumentError)
          return { stored: false, reason: 'amendment of a filing not held', problem: error.problem } as const;
        throw error;
      });
      if (outcomes[index].stored) changed.add(company.id);
    } else {
      const rows = rowsOf(company.symbol, filing);
      if (!rows.length) outcomes[index] = { stored: false, reason: 'no transactions' };
      else {
        pending.push({ index, symbol: company.symbol, rows });
        changed.add(company.id);
        held.add(filing.accession);
      }
    }
  }
  await flush();
  if (changed.size) await recordChanges(tx, 'company', [...changed]);
  return outcomes;
}

/** An outcome counted in an import's report; `where` names the filing (its accession number or file). */
export function countOutcome(report: ImportReport, outcome: OwnershipOutcome, where: string): void {
  if (outcome.stored) {
    report.added += outcome.added;
    report.updated++;
    if (outcome.replaced) report.notes.push(`${where}: amendment replaced ${outcome.replaced} row(s)`);
  } else if (outcome.reason === 'filing already stored') report.unchanged++;
  else if (outcome.reason === 'amendment of a filing not held')
    skip(report, outcome.reason, `${where}: ${outcome.problem}`);
  else if (outcome.reason === 'no transactions')
    skip(report, 'filing without transactions (a Form 3, or holdings only)');
  else skip(report, outcome.reason, where);
}
