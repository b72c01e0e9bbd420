/**
 * A company's trials as the registry lists them, kept among its bio phases (trials/store.ts places
 * the registry's trials with the companies): one row per company and NCT number. A trial that moved is
 * updated; a trial no longer listed is removed when the caller read the company's whole list.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { bioPhases, companies } from './tables.ts';

/** A trial as a bio phase of the company (its source 'clinicaltrials.gov', its NCT number set). */
export type TrialPhase = typeof bioPhases.$inferInsert;

export interface TrialPhasesWritten {
  company: { id: number; name: string };
  /** How many of the registry's trials the company held before. */
  held: number;
  /** The trials added (`stageBefore` null) or changed (with the stage each had), in the order given. */
  trials: { nctId: string; stageBefore: string | null }[];
  added: number;
  changed: number;
  removed: number;
}

const FIELDS_COMPARED = [
  'stage',
  'drugName',
  'date',
  'title',
  'status',
  'whyStopped',
  'startDate',
  'completionDate',
  'sponsorRole',
  'registryUpdatedOn',
] as const;

const differs = (held: typeof bioPhases.$inferSelect, next: TrialPhase) =>
  FIELDS_COMPARED.some((f) => (held[f] ?? null) !== (next[f] ?? null)) ||
  JSON.stringify(held.conditions) !== JSON.stringify(next.conditions);

/**
 * Writes one company's trials (by NCT number) against the registry's trials it holds, in the
 * caller's transaction. `complete`: the list is all the registry has of the company, so held trials
 * missing from it are removed. Answers null when no company has the symbol.
 */
export async function writeTrialPhases(
  tx: Db,
  symbol: string,
  byNct: ReadonlyMap<string, TrialPhase>,
  options: { complete: boolean },
): Promise<TrialPhasesWritten | null> {
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.symbol, symbol));
  if (!company) return null;
  const held = await tx
    .select()
    .from(bioPhases)
    .where(and(eq(bioPhases.companySymbol, symbol), eq(bioPhases.source, 'clinicaltrials.gov')));
  const heldByNct = new Map(held.map((h) => [h.nctId!, h]));
  const result: TrialPhasesWritten = { company, held: held.length, trials: [], added: 0, changed: 0, removed: 0 };
  const added: TrialPhase[] = [];
  for (const [nctId, next] of byNct) {
    const before = heldByNct.get(nctId);
    if (!before) {
      added.push(next);
      result.added++;
      result.trials.push({ nctId, stageBefore: null });
    } else if (differs(before, next)) {
      await tx.update(bioPhases).set(next).where(eq(bioPhases.id, before.id));
      result.changed++;
      result.trials.push({ nctId, stageBefore: before.stage });
    }
  }
  // New trials in one statement: a large sponsor's first read is hundreds of them.
  for (let i = 0; i < added.length; i += 200) await tx.insert(bioPhases).values(added.slice(i, i + 200));
  if (options.complete) {
    const gone = held.filter((h) => !byNct.has(h.nctId!)).map((h) => h.id);
    if (gone.length) await tx.delete(bioPhases).where(inArray(bioPhases.id, gone));
    result.removed = gone.length;
  }
  return result;
}
