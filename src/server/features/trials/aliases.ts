/**
 * Staff's sponsor aliases (docs/product.md §9.13): names under which ClinicalTrials.gov lists a
 * company's trials that are not its listed name. Adding or removing one is a staff edit, audited; the
 * next sync (or the one staff ask for) reads the company's trials under it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { StaffActor } from '../../../lib/console.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { staffEdit } from '../audit/index.ts';
import { normalizeSymbol, requireCompany } from '../companies/index.ts';
import { sponsorKey } from './sponsors.ts';
import { trialSponsorAliases } from './tables.ts';

export type TrialAlias = {
  symbol: string;
  alias: string;
  createdAt: string;
};

const toAlias = (r: typeof trialSponsorAliases.$inferSelect): TrialAlias => ({
  symbol: r.companySymbol,
  alias: r.alias,
  createdAt: r.createdAt.toISOString(),
});

export async function listTrialAliases(db: Db): Promise<TrialAlias[]> {
  const rows = await db
    .select()
    .from(trialSponsorAliases)
    .orderBy(asc(trialSponsorAliases.companySymbol), asc(trialSponsorAliases.alias));
  return rows.map(toAlias);
}

export async function addTrialAlias(
  db: Db,
  actor: StaffActor,
  rawSymbol: string,
  rawAlias: string,
): Promise<TrialAlias> {
  const company = await requireCompany(db, rawSymbol);
  const alias = rawAlias.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!sponsorKey(alias)) throw conflict(`"${alias}" has no words a sponsor's name can be matched by.`);
  const added = await staffEdit<TrialAlias & { id: string }>(db, {
    actor,
    action: 'create',
    kind: 'trial-alias',
    what: 'sponsor alias',
    key: `${company.symbol}:${alias}`,
    createdKey: (r) => r.id,
    write: async (tx) => {
      const [row] = await tx
        .insert(trialSponsorAliases)
        .values({ companySymbol: company.symbol, alias })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(`${company.symbol} already has the sponsor alias "${alias}".`);
      return { ...toAlias(row), id: `${row.companySymbol}:${row.alias}` };
    },
  });
  const { id: _id, ...record } = added!;
  return record;
}

export async function removeTrialAlias(db: Db, actor: StaffActor, rawSymbol: string, alias: string): Promise<void> {
  const symbol = normalizeSymbol(rawSymbol);
  const done = await staffEdit<TrialAlias & { id: string }>(db, {
    actor,
    action: 'delete',
    kind: 'trial-alias',
    what: 'sponsor alias',
    key: `${symbol}:${alias}`,
    write: async (tx) => {
      const [row] = await tx
        .delete(trialSponsorAliases)
        .where(and(eq(trialSponsorAliases.companySymbol, symbol), eq(trialSponsorAliases.alias, alias)))
        .returning();
      return row ? { ...toAlias(row), id: `${row.companySymbol}:${row.alias}` } : undefined;
    },
  });
  if (!done) throw notFound(`${symbol} has no sponsor alias "${alias}".`);
}
