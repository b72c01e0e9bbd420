/**
 * Every import does all of its work, reads and writes alike, inside one
 * transaction, so that an import either happens whole or not at all. A dry
 * run is the same work, its report included, with the transaction always
 * rolled back at the end: whatever the work wrote (the demo data it retired,
 * the content changes it recorded) is undone, so a dry run cannot change
 * anything, whatever its options ask for.
 */
import { transaction, type Db } from '../../platform/db/client.ts';

/** Thrown at the end of a dry run's work to roll its transaction back; never leaves importTransaction. */
class DryRunRollback extends Error {
  override name = 'DryRunRollback';
}

/** Runs `work` in one transaction, committed unless `dryRun`, and rolled back whenever it throws. */
export async function importTransaction(db: Db, dryRun: boolean, work: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await transaction(db, async (tx) => {
      await work(tx);
      if (dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
}
