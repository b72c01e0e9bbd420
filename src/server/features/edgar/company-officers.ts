/**
 * The officers and directors named in a company's ownership filings (docs/product.md §9.5, §9.11),
 * kept as the filings are stored, by the sync and the imports alike: each reporting owner of a
 * Form 3, 4 or 5 (or amendment) of a universe company who is its director or officer, with the title
 * of their latest filing ('Director, Chief Financial Officer'; a 10% holding is ownership, not a
 * role, and is left out) and the day of their first. The latest filing decides: an owner whose later
 * filing names them neither director nor officer (a large holder now, or a former officer) is no
 * longer listed. A Form 3 names its owner with no transaction at all, and counts as any other.
 */
import { transaction, type Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { noteFiledOfficers, type FiledOfficer, type FormerOfficer } from '../companies/index.ts';
import { relationshipOf, type ReportingOwner } from './ownership-document.ts';

/** One filing's word on its owners, for a company of the universe. */
export interface OfficerMention {
  symbol: string;
  accession: string;
  /** YYYY-MM-DD */
  filedOn: string;
  owners: readonly ReportingOwner[];
}

/** An owner's title as the Leadership tab shows it: their relationship less a 10% holding. */
export function officerTitle(owner: ReportingOwner): string | null {
  if (!owner.isDirector && !owner.isOfficer) return null;
  return relationshipOf({ ...owner, isTenPercentOwner: false });
}

/**
 * Notes what filings say of their owners: an officer or director is added, or their title and latest
 * filing moved on (their first filing moved back, for a filing older than those held); one the latest
 * filing names in neither role is removed. Filings may come in any order. The companies whose list
 * changed, by symbol.
 */
export async function noteOfficers(tx: Db, mentions: readonly OfficerMention[]): Promise<Set<string>> {
  // Each owner's latest word in these filings, and the first filing naming them in a role.
  const latest = new Map<string, { row: FiledOfficer | null; symbol: string; cik: number; filedOn: string }>();
  const first = new Map<string, string>();
  for (const mention of mentions)
    for (const owner of mention.owners) {
      const key = `${mention.symbol}:${owner.cik}`;
      const title = officerTitle(owner);
      if (title) {
        const earliest = first.get(key);
        if (!earliest || mention.filedOn < earliest) first.set(key, mention.filedOn);
      }
      const held = latest.get(key);
      if (held && held.filedOn > mention.filedOn) continue;
      latest.set(key, {
        symbol: mention.symbol,
        cik: owner.cik,
        filedOn: mention.filedOn,
        row: title
          ? {
              companySymbol: mention.symbol,
              ownerCik: owner.cik,
              name: owner.name.slice(0, 200),
              title,
              isDirector: owner.isDirector,
              isOfficer: owner.isOfficer,
              firstFiled: mention.filedOn,
              lastFiled: mention.filedOn,
              lastAccession: mention.accession,
            }
          : null,
      });
    }

  const rows: FiledOfficer[] = [];
  const former: FormerOfficer[] = [];
  for (const [key, entry] of latest) {
    if (entry.row) rows.push({ ...entry.row, firstFiled: first.get(key)! });
    else former.push({ symbol: entry.symbol, cik: entry.cik, filedOn: entry.filedOn });
  }
  return noteFiledOfficers(tx, rows, former);
}

/**
 * Many filings' owners noted a step of `batch` filings at a time, each step a transaction of its own,
 * paused after as long as it took when `pace` (a data set's import, while the site answers).
 */
export async function noteOfficersInSteps(
  db: Db,
  mentions: readonly OfficerMention[],
  { batch, pace }: { batch: number; pace: boolean },
): Promise<Set<string>> {
  const changed = new Set<string>();
  for (let i = 0; i < mentions.length; i += batch) {
    const at = performance.now();
    const named = await transaction(db, (tx) => noteOfficers(tx, mentions.slice(i, i + batch)));
    for (const symbol of named) changed.add(symbol);
    if (pace) await paceAfter(at);
  }
  return changed;
}
