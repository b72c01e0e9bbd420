/**
 * A company's leaders as staff edit them (docs/product.md §18.13): add,
 * change and remove, audited and versioned. Descriptions are sanitized HTML;
 * each write rebuilds the company's pages (the Leadership tab).
 */
import { asc, eq, max } from 'drizzle-orm';
import type { LeaderEditRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import { sanitizeHtml } from '../../../build/sanitize.ts';
import type { Db } from '../../platform/db/client.ts';
import { versionedEditor } from '../audit/index.ts';
import { companyIdOf, requireCompany } from './records.ts';
import { companyLeaders } from './tables.ts';

export interface LeaderInput {
  name: string;
  title: string;
  description?: string;
  headshot_url?: string | null;
  sort_order?: number;
}

type LeaderRow = typeof companyLeaders.$inferSelect & { companyId: number };

const toRecord = (r: typeof companyLeaders.$inferSelect): LeaderEditRecord => ({
  id: r.id,
  version: r.version,
  company_symbol: r.companySymbol,
  name: r.name,
  title: r.title,
  description: r.description,
  headshot_url: r.headshotUrl,
  sort_order: r.sortOrder,
});

const columnsOf = (input: Partial<LeaderInput>) => ({
  ...(input.name !== undefined && { name: input.name.trim() }),
  ...(input.title !== undefined && { title: input.title.trim() }),
  ...(input.description !== undefined && { description: sanitizeHtml(input.description) }),
  ...(input.headshot_url !== undefined && { headshotUrl: input.headshot_url }),
  ...(input.sort_order !== undefined && { sortOrder: input.sort_order }),
});

/** A company's leaders in the order the Leadership tab shows them. */
export async function leadersForEditor(db: Db, symbol: string): Promise<LeaderEditRecord[]> {
  const company = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(companyLeaders)
    .where(eq(companyLeaders.companySymbol, company.symbol))
    .orderBy(asc(companyLeaders.sortOrder), asc(companyLeaders.id));
  return rows.map(toRecord);
}

const editor = versionedEditor<typeof companyLeaders, LeaderRow>({
  table: companyLeaders,
  key: companyLeaders.id,
  kind: 'leader',
  what: 'leader',
  content: 'company',
  facts: (tx, row) => companyIdOf(tx, row.companySymbol as string),
  entityId: (r) => r.companyId,
});

/** Adds a leader, last in the team unless a place is given. */
export async function createLeader(
  db: Db,
  actor: StaffActor,
  input: LeaderInput & { company_symbol: string },
): Promise<LeaderEditRecord> {
  const company = await requireCompany(db, input.company_symbol);
  const created = await editor.create(db, actor, async (tx) => {
    const [last] = await tx
      .select({ place: max(companyLeaders.sortOrder) })
      .from(companyLeaders)
      .where(eq(companyLeaders.companySymbol, company.symbol));
    return {
      sortOrder: (last?.place ?? -1) + 1,
      ...columnsOf(input),
      companySymbol: company.symbol,
      name: input.name.trim(),
      title: input.title.trim(),
    };
  });
  return toRecord(created);
}

export async function updateLeader(
  db: Db,
  actor: StaffActor,
  id: number,
  input: Partial<LeaderInput> & { version: number },
): Promise<LeaderEditRecord> {
  const { version, ...fields } = input;
  return toRecord(await editor.update(db, actor, id, version, columnsOf(fields)));
}

export async function deleteLeader(db: Db, actor: StaffActor, id: number, version?: number): Promise<void> {
  await editor.remove(db, actor, id, version);
}
